import { useId } from 'react';
import type { DailyStat } from '../hbar-market/market-port';
import { type ChartBox, chartGeometry, describeMarket } from './market-chart';

const BOX: ChartBox = { width: 640, height: 220, padding: { top: 16, right: 12, bottom: 28, left: 44 } };

/** The daily floor price (line) and sales (bars) of the last days, as a small accessible SVG. */
export function MarketChart({ stats }: { stats: DailyStat[] }) {
  const id = useId();
  const points = stats.map((day) => ({ datetime: day.datetime, floor: day.floor, sales: day.sales, volume: day.volume }));
  const geometry = chartGeometry(points, BOX);
  const description = describeMarket(points);
  const plotRight = BOX.width - BOX.padding.right;

  return (
    <figure className="grid gap-3">
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        data-testid="market-chart"
      >
        <title id={`${id}-title`}>Floor price and sales per day</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {geometry.ticks.map((tick) => (
          <g key={tick.y}>
            <line x1={BOX.padding.left} x2={plotRight} y1={tick.y} y2={tick.y} stroke="#44403c" strokeDasharray={tick.label === '0' ? undefined : '3 4'} />
            <text x={BOX.padding.left - 6} y={tick.y + 4} textAnchor="end" fontSize="11" fill="#a8a29e">
              {tick.label}
            </text>
          </g>
        ))}
        {geometry.bars.map((bar, index) =>
          bar.height > 0 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar per day of a fixed range
            <rect key={index} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx="2" fill="#0ea5e9" fillOpacity="0.55">
              <title>{bar.label}</title>
            </rect>
          ) : null,
        )}
        {geometry.floorPath && <path d={geometry.floorPath} fill="none" stroke="#f59e0b" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round" />}
        {geometry.floorDots.map((dot) => (
          <circle key={`${dot.x}`} cx={dot.x} cy={dot.y} r="3" fill="#fbbf24">
            <title>{dot.label}</title>
          </circle>
        ))}
        {geometry.dayLabels.map((day) => (
          <text key={day.x} x={day.x} y={BOX.height - 8} textAnchor="middle" fontSize="11" fill="#a8a29e">
            {day.label}
          </text>
        ))}
      </svg>
      <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 rounded bg-amber-500" />
          Floor price (HBAR, left axis)
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-2.5 rounded-sm bg-sky-500/60" />
          Sales per day{geometry.maxSales > 0 ? ` (tallest bar: ${geometry.maxSales})` : ''}
        </span>
      </figcaption>
    </figure>
  );
}
