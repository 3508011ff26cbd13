import { useEffect, useId, useRef, useState } from 'react';
import type uPlot from 'uplot';
// Its 1.8 KB stylesheet goes with the page's CSS; the library itself loads with the first chart.
import 'uplot/dist/uPlot.min.css';
import { cn } from '@/lib/cn';
import { useFetched, useRefetching } from '@/lib/use-island-store';
import { useNearViewport } from '@/lib/use-near-viewport';
import { $chartDays, $marketStats } from './collection-client';
import {
  CHART_RANGES,
  type ChartRange,
  DEFAULT_CHART_RANGE,
  type DailyPoint,
  chartSeries,
  chartTimeRange,
  describeMarket,
  formatChartHbar,
  hoverValues,
  pointsInRange,
  rangeDays,
} from './market-chart';

const FLOOR_HEIGHT = 180;
/** The activity panel's Sales axis on the right (with its label's 16 px), and an empty one as wide on the floor panel: equal plot widths. */
const RIGHT_AXIS_SIZE = 40;
const ACTIVITY_HEIGHT = 140;
const AXIS = { stroke: '#a8a29e', grid: { stroke: '#292524', width: 1 }, ticks: { stroke: '#44403c', width: 1 }, font: '11px system-ui, sans-serif' };
const FLOOR_COLOUR = '#f59e0b';
const VOLUME_COLOUR = 'rgba(14, 165, 233, 0.6)';
const SALES_COLOUR = '#a3e635';

const hbarTicks = (_: uPlot, ticks: number[]) => ticks.map((tick) => formatChartHbar(tick));

/** Draws the two synchronised uPlot charts (floor; volume and sales) into `host`; uPlot loads on demand. */
async function drawCharts(host: HTMLElement, points: readonly DailyPoint[], onHover: (index: number | null) => void): Promise<() => void> {
  const { default: UPlot } = await import('uplot');
  const series = chartSeries(points);
  const width = Math.max(240, host.clientWidth);
  const dense = points.length > 45;
  const syncKey = `market-${Math.random().toString(36).slice(2)}`;
  const shared = {
    width,
    legend: { show: false },
    cursor: { sync: { key: syncKey }, drag: { x: false, y: false } },
    tzDate: (seconds: number) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    hooks: { setCursor: [(chart: uPlot) => onHover(chart.cursor.idx ?? null)] },
  } satisfies Partial<uPlot.Options>;
  const xAxis = { ...AXIS, space: 60 };
  const timeRange = chartTimeRange(series.x);
  const time = { time: true, range: (): uPlot.Range.MinMax => timeRange };
  const floorChart = new UPlot(
    {
      ...shared,
      height: FLOOR_HEIGHT,
      scales: { x: time, hbar: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      series: [
        {},
        { label: 'Floor (HBAR)', scale: 'hbar', stroke: FLOOR_COLOUR, width: 2, spanGaps: false, points: { show: !dense, size: 5, fill: FLOOR_COLOUR } },
      ],
      axes: [
        { ...xAxis, show: false },
        { ...AXIS, scale: 'hbar', size: 56, values: hbarTicks, label: 'Floor (HBAR)', labelSize: 16, labelFont: AXIS.font },
        { scale: 'hbar', side: 1, size: RIGHT_AXIS_SIZE, label: '', labelSize: 16, grid: { show: false }, ticks: { show: false }, values: () => [] },
      ],
    },
    [series.x, series.floor],
    host,
  );
  const bars = UPlot.paths.bars?.({ size: [0.6, 24] });
  const activityChart = new UPlot(
    {
      ...shared,
      height: ACTIVITY_HEIGHT,
      scales: {
        x: time,
        volume: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        sales: { range: (_chart, _min, max) => [0, Math.max(1, Math.ceil(max * 1.15))] },
      },
      series: [
        {},
        {
          label: 'Volume (HBAR)',
          scale: 'volume',
          fill: VOLUME_COLOUR,
          stroke: VOLUME_COLOUR,
          width: 0,
          ...(bars ? { paths: bars } : {}),
          points: { show: false },
        },
        { label: 'Sales', scale: 'sales', stroke: SALES_COLOUR, width: 2, points: { show: !dense, size: 5, fill: SALES_COLOUR } },
      ],
      axes: [
        xAxis,
        { ...AXIS, scale: 'volume', size: 56, values: hbarTicks, label: 'Volume (HBAR)', labelSize: 16, labelFont: AXIS.font },
        {
          ...AXIS,
          scale: 'sales',
          side: 1,
          size: RIGHT_AXIS_SIZE,
          grid: { show: false },
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500],
          values: (_chart, ticks) => ticks.map((tick) => String(tick)),
          label: 'Sales',
          labelSize: 16,
          labelFont: AXIS.font,
        },
      ],
    },
    [series.x, series.volume, series.sales],
    host,
  );
  const resize = new ResizeObserver(() => {
    const next = Math.max(240, host.clientWidth);
    floorChart.setSize({ width: next, height: FLOOR_HEIGHT });
    activityChart.setSize({ width: next, height: ACTIVITY_HEIGHT });
  });
  resize.observe(host);
  return () => {
    resize.disconnect();
    floorChart.destroy();
    activityChart.destroy();
  };
}

function Legend({ colour, bar, children }: { colour: string; bar?: boolean; children: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={cn('inline-block', bar ? 'size-2.5 rounded-sm' : 'h-0.5 w-4 rounded')} style={{ background: colour }} />
      {children}
    </span>
  );
}

/**
 * The collection's HBAR market over time (issue 20 item 7): the daily floor, and below it the
 * daily volume (bars, HBAR axis) and sales (line, its own axis on the right), with the hovered
 * day's values and ranges of 7 days, 30 days or all. uPlot is loaded and draws only once the chart
 * is near the viewport.
 */
export function MarketChart() {
  const id = useId();
  const [range, setRange] = useState<ChartRange>(DEFAULT_CHART_RANGE);
  const [hovered, setHovered] = useState<number | null>(null);
  const [drawFailed, setDrawFailed] = useState(false);
  const stats = useFetched($marketStats);
  const host = useRef<HTMLDivElement>(null);
  const figure = useRef<HTMLElement>(null);
  const near = useNearViewport(figure);
  const lastStats = useRef(stats.data);
  if (stats.data) lastStats.current = stats.data;
  const answer = stats.data ?? lastStats.current;
  const refetching = useRefetching($marketStats, answer !== undefined);
  const points = answer?.stats ? pointsInRange(answer.stats, range) : [];
  const pointsKey = JSON.stringify(points);

  useEffect(() => {
    $chartDays.set(String(rangeDays(range)));
  }, [range]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn when the days shown change (pointsKey stands for points)
  useEffect(() => {
    const element = host.current;
    if (!element || !points.length || !near) return;
    let dispose: (() => void) | undefined;
    let cancelled = false;
    setHovered(null);
    setDrawFailed(false);
    drawCharts(element, points, setHovered).then(
      (done) => {
        if (cancelled) done();
        else dispose = done;
      },
      () => setDrawFailed(true),
    );
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [pointsKey, near]);

  const shown = hovered !== null ? points[hovered] : points.at(-1);
  const values = shown ? hoverValues(shown) : null;
  const failed = !answer && (stats.error || stats.data?.success === false);

  return (
    <figure ref={figure} className="grid gap-3" data-range={range}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <fieldset className="inline-flex rounded-md border border-border p-0.5">
          <legend className="sr-only">Time range</legend>
          {CHART_RANGES.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={range === option.value}
              onClick={() => setRange(option.value)}
              className={cn(
                'min-w-11 rounded px-2.5 py-1 text-xs font-semibold',
                range === option.value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted',
              )}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
        {refetching && <span className="text-xs text-muted-foreground">Updating…</span>}
      </div>
      {values && (
        <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs tabular-nums" data-testid="market-chart-readout">
          <span className="font-semibold">{values.day}</span>{' '}
          <span>
            Floor <span className="font-semibold text-amber-400">{values.floor}</span>
          </span>{' '}
          <span>
            Volume <span className="font-semibold text-sky-400">{values.volume}</span>
          </span>{' '}
          <span className="font-semibold text-lime-400">{values.sales}</span>
        </p>
      )}
      {drawFailed && <p className="text-sm text-red-300">The chart could not be drawn; reload the page to try again.</p>}
      {failed ? (
        <p className="text-sm text-red-300">Failed to fetch market stats</p>
      ) : !answer ? (
        <div className="h-[320px] rounded-lg bg-muted motion-safe:animate-pulse" aria-hidden="true" />
      ) : !points.length ? (
        <p className="text-sm text-muted-foreground">No market activity in this period.</p>
      ) : (
        <div
          ref={host}
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          data-testid="market-chart"
          data-days={points.length}
          className="min-h-[320px] w-full min-w-0 overflow-hidden"
        />
      )}
      <p id={`${id}-title`} className="sr-only">
        Floor price and sales per day, with the daily volume
      </p>
      <p id={`${id}-desc`} className="sr-only" data-testid="market-chart-description">
        {describeMarket(points)}
      </p>
      <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-muted-foreground">
        <Legend colour={FLOOR_COLOUR}>Floor price (HBAR, top)</Legend>
        <Legend colour={VOLUME_COLOUR} bar>
          Volume (HBAR, bars, left axis)
        </Legend>
        <Legend colour={SALES_COLOUR}>Sales (count, right axis)</Legend>
      </figcaption>
    </figure>
  );
}
