/** The portfolio's value-over-time chart as SVG paths, pure: USD series scaled into a box (no chart library on the page). */
import type { ValuePoint } from './pnl-rules';

export interface ChartLine {
  name: 'invested' | 'realized' | 'value';
  /** An SVG path in the box's coordinates; empty when the series has fewer than one known point. */
  path: string;
}

/** Paths of the invested and realized USD over time, and the estimated value now, in a `width` × `height` box. */
export function valueChartLines(points: readonly ValuePoint[], width: number, height: number): { lines: ChartLine[]; minUsd: number; maxUsd: number } {
  const times = points.map((point) => Date.parse(point.at));
  const values = points.flatMap((point) => [point.investedUsd, point.realizedUsd, point.valueUsd ?? null]).filter((v): v is number => v !== null);
  const minUsd = Math.min(0, ...values);
  const maxUsd = Math.max(1, ...values);
  const first = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - first);
  const x = (at: number) => ((at - first) / span) * width;
  const y = (usd: number) => height - ((usd - minUsd) / (maxUsd - minUsd)) * height;
  const path = (pick: (point: ValuePoint) => number | null | undefined) =>
    points
      .map((point, index) => ({ at: times[index] as number, usd: pick(point) }))
      .filter((p): p is { at: number; usd: number } => typeof p.usd === 'number')
      .map((p, index) => `${index === 0 ? 'M' : 'L'}${x(p.at).toFixed(1)},${y(p.usd).toFixed(1)}`)
      .join(' ');
  const last = points.at(-1);
  const valueLine =
    last?.valueUsd != null && points.length > 1
      ? `M${x(times.at(-2) ?? first).toFixed(1)},${y(points.at(-2)?.investedUsd ?? 0).toFixed(1)} L${width},${y(last.valueUsd).toFixed(1)}`
      : '';
  return {
    lines: [
      { name: 'invested', path: path((point) => point.investedUsd) },
      { name: 'realized', path: path((point) => point.realizedUsd) },
      { name: 'value', path: valueLine },
    ],
    minUsd,
    maxUsd,
  };
}
