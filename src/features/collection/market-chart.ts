/**
 * Geometry and wording of the collection's daily market chart (floor price line over daily sales
 * bars), kept pure so it is tested without a browser and drawn as a small inline SVG.
 */

export interface DailyPoint {
  /** Start of the UTC day, ISO. */
  datetime: string;
  /** HBAR; null when nothing was listed. */
  floor: number | null;
  sales: number;
  /** HBAR. */
  volume: number;
}

export interface ChartBox {
  width: number;
  height: number;
  padding: { top: number; right: number; bottom: number; left: number };
}

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  label: string;
}

export interface ChartGeometry {
  /** SVG path of the floor line ('M…L…', a new 'M' after each day without a floor). */
  floorPath: string;
  floorDots: { x: number; y: number; label: string }[];
  bars: ChartBar[];
  /** Horizontal grid lines with their HBAR labels (floor axis). */
  ticks: { y: number; label: string }[];
  /** Labels under the first, middle and last day. */
  dayLabels: { x: number; label: string }[];
  maxSales: number;
}

const hbar = (value: number) => `${formatChartHbar(value)} HBAR`;

export function formatChartHbar(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 2 : 0 });
}

export function shortDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A "nice" upper bound for an axis (1, 2, 2.5 or 5 times a power of ten, at least `value`). */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function chartGeometry(points: readonly DailyPoint[], box: ChartBox): ChartGeometry {
  const { width, height, padding } = box;
  const plotWidth = Math.max(1, width - padding.left - padding.right);
  const plotHeight = Math.max(1, height - padding.top - padding.bottom);
  const bottom = padding.top + plotHeight;
  const slot = points.length ? plotWidth / points.length : plotWidth;
  const centre = (index: number) => padding.left + slot * (index + 0.5);

  const floors = points.map((point) => point.floor).filter((floor): floor is number => floor !== null && Number.isFinite(floor));
  const floorMax = niceCeiling(Math.max(0, ...floors) * 1.1);
  const floorY = (value: number) => bottom - (value / floorMax) * plotHeight;
  const maxSales = Math.max(0, ...points.map((point) => point.sales));
  const salesMax = Math.max(1, maxSales);
  // Bars use at most 60% of the height so the floor line stays readable above them.
  const barHeight = (sales: number) => (sales / salesMax) * plotHeight * 0.6;

  let floorPath = '';
  let drawing = false;
  const floorDots: ChartGeometry['floorDots'] = [];
  points.forEach((point, index) => {
    if (point.floor === null || !Number.isFinite(point.floor)) {
      drawing = false;
      return;
    }
    const x = round(centre(index));
    const y = round(floorY(point.floor));
    floorPath += `${drawing ? 'L' : 'M'}${x} ${y}`;
    drawing = true;
    floorDots.push({ x, y, label: `${shortDay(point.datetime)}: floor ${hbar(point.floor)}` });
  });

  const barWidth = Math.max(1, slot * 0.6);
  const bars = points.map((point, index) => {
    const h = barHeight(point.sales);
    return {
      x: round(centre(index) - barWidth / 2),
      y: round(bottom - h),
      width: round(barWidth),
      height: round(h),
      label: `${shortDay(point.datetime)}: ${point.sales} ${point.sales === 1 ? 'sale' : 'sales'}${point.sales ? `, ${hbar(point.volume)}` : ''}`,
    };
  });

  const ticks = [0, 0.5, 1].map((share) => ({ y: round(floorY(floorMax * share)), label: formatChartHbar(floorMax * share) }));
  const dayIndexes = points.length ? [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])] : [];
  const dayLabels = dayIndexes.map((index) => ({ x: round(centre(index)), label: shortDay((points[index] as DailyPoint).datetime) }));
  return { floorPath, floorDots, bars, ticks, dayLabels, maxSales };
}

/** The chart's text alternative: range, latest floor, sales count and volume. */
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

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
