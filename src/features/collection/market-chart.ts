/**
 * The rules of the collection's market chart (issue 20 item 7), kept pure so they are tested
 * without a browser: the time ranges, the series the chart draws (floor, volume and sales per day),
 * the hover read-out and the text alternative. The chart itself is drawn by uPlot (MarketChart.tsx).
 */
import { formatNumber, formatUtcDay } from '@/lib/format';

export interface DailyPoint {
  /** Start of the UTC day, ISO. */
  datetime: string;
  /** HBAR; null when nothing was listed. */
  floor: number | null;
  sales: number;
  /** HBAR. */
  volume: number;
}

export const CHART_RANGES = [
  { value: '7d', label: '7 d', days: 7 },
  { value: '30d', label: '30 d', days: 30 },
  /** The longest history the market stats answer (GET /api/market/stats allows 365 days). */
  { value: 'all', label: 'All', days: 365 },
] as const;

export type ChartRange = (typeof CHART_RANGES)[number]['value'];
export const DEFAULT_CHART_RANGE: ChartRange = '30d';

/** Days of market stats a range asks for. */
export function rangeDays(range: ChartRange): number {
  return (CHART_RANGES.find((entry) => entry.value === range) ?? CHART_RANGES[1]).days;
}

const hasActivity = (point: DailyPoint) => (point.floor !== null && Number.isFinite(point.floor)) || point.sales > 0;

/** The days a range shows: 'All' starts at the first day with a listing or a sale (not a year of empty days). */
export function pointsInRange(points: readonly DailyPoint[], range: ChartRange): DailyPoint[] {
  const sorted = points.toSorted((a, b) => (a.datetime < b.datetime ? -1 : a.datetime > b.datetime ? 1 : 0));
  if (range !== 'all') return sorted.slice(-rangeDays(range));
  const first = sorted.findIndex(hasActivity);
  return first < 0 ? sorted : sorted.slice(first);
}

/** The chart's columns: x in Unix seconds, floor (null where nothing was listed), volume and sales. */
export interface ChartSeries {
  x: number[];
  floor: (number | null)[];
  volume: number[];
  sales: number[];
}

export function chartSeries(points: readonly DailyPoint[]): ChartSeries {
  const finite = (value: number) => (Number.isFinite(value) ? value : 0);
  return {
    x: points.map((point) => Math.floor(Date.parse(point.datetime) / 1000)),
    floor: points.map((point) => (point.floor !== null && Number.isFinite(point.floor) ? point.floor : null)),
    volume: points.map((point) => finite(point.volume)),
    sales: points.map((point) => finite(point.sales)),
  };
}

/**
 * The one time range both panels draw (seconds): the first day to the last, half a day beyond each
 * for the volume bars. With the same range and the same plot width, a day sits at the same x in both
 * panels, so the hover reads one day's values in each.
 */
export function chartTimeRange(x: readonly number[]): [number, number] {
  const halfDay = 12 * 60 * 60;
  if (!x.length) return [0, 2 * halfDay];
  return [(x[0] as number) - halfDay, (x.at(-1) as number) + halfDay];
}

export function formatChartHbar(value: number): string {
  return formatNumber(value, value < 10 ? 2 : 0);
}

const hbar = (value: number) => `${formatChartHbar(value)} HBAR`;

export function shortDay(iso: string): string {
  const date = new Date(iso);
  return formatUtcDay(date);
}

/** One day's values as the hover read-out shows them. */
export function hoverValues(point: DailyPoint): { day: string; floor: string; volume: string; sales: string } {
  return {
    day: shortDay(point.datetime),
    floor: point.floor !== null && Number.isFinite(point.floor) ? hbar(point.floor) : 'none listed',
    volume: hbar(point.volume),
    sales: `${point.sales} ${point.sales === 1 ? 'sale' : 'sales'}`,
  };
}

/** The chart's text alternative: range, floor range and latest floor, sales count and volume. */
export function describeMarket(points: readonly DailyPoint[]): string {
  if (!points.length) return 'No market data for this period.';
  const days = points.length;
  const floors = points.map((point) => point.floor).filter((floor): floor is number => floor !== null && Number.isFinite(floor));
  const sales = points.reduce((sum, point) => sum + point.sales, 0);
  const volume = points.reduce((sum, point) => sum + point.volume, 0);
  const [first] = points;
  const last = points.at(-1) ?? first;
  const parts = [
    `Daily floor price and sales of the last ${days === 1 ? 'day' : `${days} days`}, ${shortDay(first?.datetime ?? '')} to ${shortDay(last?.datetime ?? '')}.`,
  ];
  if (floors.length) {
    const latest = [...points].reverse().find((point) => point.floor !== null)?.floor as number;
    parts.push(`The floor ranged from ${hbar(Math.min(...floors))} to ${hbar(Math.max(...floors))}; latest ${hbar(latest)}.`);
  } else parts.push('Nothing was listed.');
  parts.push(sales ? `${sales} ${sales === 1 ? 'sale' : 'sales'} totalling ${hbar(volume)}.` : 'No sales.');
  return parts.join(' ');
}
