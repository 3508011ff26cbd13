/**
 * The market figures at the top of /marketplace and /paws-marketplace (issue 20): floor, 24 h and
 * 7 d volume and sales count with the 24 h change where it exists, listed count and share of the
 * supply. Pure: the services feed it sales, listings and (for the HBAR market) daily stats.
 */
import { TOTAL_SUPPLY } from '@/features/tiger/supply';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export type MarketName = 'hbar' | 'paws';

/** One sale as the figures count it: its price in the market's currency and its time (ISO). */
export interface FigureSale {
  price: number;
  at: string;
}

/** One UTC day of a market's own daily stats (SentX `stats/token`). */
export interface FigureDay {
  /** Start of the day (UTC), ISO. */
  datetime: string;
  volume: number;
  sales: number;
  /** The lowest listing price of the day; null when nothing was listed. */
  floor: number | null;
}

export interface MarketFigures {
  market: MarketName;
  currency: 'HBAR' | 'PAWS';
  /** The lowest current listing price; null when nothing is listed. */
  floor: number | null;
  /** Percent change of the floor against a day before; null where the market gives no earlier floor. */
  floorChange24h: number | null;
  volume24h: number;
  sales24h: number;
  /** Percent change against the 24 h before; null when that window had no sale or is not known. */
  volumeChange24h: number | null;
  salesChange24h: number | null;
  volume7d: number;
  sales7d: number;
  listed: number;
  /** Listed as a percent of the 3,333 tigers, one decimal (spec 001 §3's % Listed). */
  listedShare: number;
  /** When the figures were computed (ISO). */
  asOf: string;
}

export interface FiguresInput {
  market: MarketName;
  now: number;
  sales: readonly FigureSale[];
  /**
   * Sales are complete from this time on (ms); earlier windows fall back to `daily`. The PAWS
   * market's own records are complete (-Infinity); the HBAR market's feed holds only its newest sales.
   */
  completeFrom: number;
  daily?: readonly FigureDay[];
  floor: number | null;
  /** The floor a day earlier, when the market knows it. */
  floorDayBefore?: number | null;
  listed: number;
  supply?: number;
}

/** Percent change from `previous` to `current`, one decimal; null when there is no earlier value to compare with. */
export function percentChange(current: number | null, previous: number | null | undefined): number | null {
  if (current === null || previous === null || previous === undefined || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Volume and count of the sales in [from, to). */
export function windowTotals(sales: readonly FigureSale[], from: number, to: number): { volume: number; count: number } {
  let volume = 0;
  let count = 0;
  for (const sale of sales) {
    const at = Date.parse(sale.at);
    if (!(at >= from && at < to) || !Number.isFinite(sale.price)) continue;
    volume += sale.price;
    count += 1;
  }
  return { volume: roundAmount(volume), count };
}

/** Volume and count of the daily rows whose day overlaps [from, to) (whole days: the market gives no finer grain). */
export function dailyTotals(days: readonly FigureDay[], from: number, to: number): { volume: number; count: number } {
  const firstDay = Math.floor(from / DAY_MS) * DAY_MS;
  let volume = 0;
  let count = 0;
  for (const day of days) {
    const start = Date.parse(day.datetime);
    if (!(start >= firstDay && start < to)) continue;
    volume += day.volume;
    count += day.sales;
  }
  return { volume: roundAmount(volume), count };
}

/** The floor of the UTC day before the one `now` is in, from the daily rows; null when unknown. */
export function floorOfDayBefore(days: readonly FigureDay[], now: number): number | null {
  const yesterday = Math.floor(now / DAY_MS) * DAY_MS - DAY_MS;
  const row = days.find((day) => Math.floor(Date.parse(day.datetime) / DAY_MS) * DAY_MS === yesterday);
  return row?.floor ?? null;
}

/** Listed as a percent of the supply, one decimal. */
export function listedShare(listed: number, supply: number = TOTAL_SUPPLY): number {
  return supply > 0 ? Math.round((listed / supply) * 1000) / 10 : 0;
}

/** Sums of prices keep 8 decimals (a tinybar), so adding 0.1 and 0.2 reads 0.3. */
function roundAmount(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}

/** The figures of one market from its sales, listings and (where its sales feed is short) its daily stats. */
export function computeFigures(input: FiguresInput): MarketFigures {
  const { now, sales, completeFrom, daily = [] } = input;
  const end = now + 1;
  const totals = (from: number, to: number) => (from >= completeFrom ? windowTotals(sales, from, to) : daily.length ? dailyTotals(daily, from, to) : null);
  const last24 = totals(now - DAY_MS, end) ?? windowTotals(sales, now - DAY_MS, end);
  const before24 = now - 2 * DAY_MS >= completeFrom ? windowTotals(sales, now - 2 * DAY_MS, now - DAY_MS) : null;
  const last7 = totals(now - 7 * DAY_MS, end) ?? windowTotals(sales, now - 7 * DAY_MS, end);
  return {
    market: input.market,
    currency: input.market === 'hbar' ? 'HBAR' : 'PAWS',
    floor: input.floor,
    floorChange24h: percentChange(input.floor, input.floorDayBefore),
    volume24h: last24.volume,
    sales24h: last24.count,
    volumeChange24h: before24 ? percentChange(last24.volume, before24.volume) : null,
    salesChange24h: before24 ? percentChange(last24.count, before24.count) : null,
    volume7d: last7.volume,
    sales7d: last7.count,
    listed: input.listed,
    listedShare: listedShare(input.listed, input.supply),
    asOf: new Date(now).toISOString(),
  };
}
