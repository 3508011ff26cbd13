/** Pure rules of the HBAR marketplace: prices, listing order, date ranges and daily stats. */
import { HBAR_DECIMALS, parseUnits } from '@/features/balances/units';
import type { DailyStat, ListingQuery, ListingRecord } from './market-port';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Tinybars of an HBAR price typed as text ("150", "99.5"); undefined when malformed or finer than a tinybar. */
export function parseHbar(text: string): bigint | undefined {
  return parseUnits(text, HBAR_DECIMALS);
}

/** Tinybars of an HBAR price the market gave as a number. */
export function hbarToTinybars(hbar: number): bigint {
  return BigInt(Math.round(hbar * 10 ** HBAR_DECIMALS));
}

/** True when the buyer's price text is exactly the listing's price. */
export function priceMatches(text: string, listingPriceHbar: number): boolean {
  return parseHbar(text) === hbarToTinybars(listingPriceHbar);
}

/** Orders listings by date or price; ties by serial so the order is stable. */
export function sortListings<T extends Pick<ListingRecord, 'salePrice' | 'listingDate' | 'serialId'>>(
  listings: readonly T[],
  sortBy: ListingQuery['sortBy'],
  sortDirection: ListingQuery['sortDirection'],
): T[] {
  const sign = sortDirection === 'ASC' ? 1 : -1;
  const key = (listing: T) => (sortBy === 'price' ? listing.salePrice : Date.parse(listing.listingDate));
  return [...listings].sort((a, b) => sign * (key(a) - key(b)) || a.serialId - b.serialId);
}

/** The UTC dates (YYYY-MM-DD) of the last `days` days, today included. */
export function lastDays(days: number, now: number): { startDate: string; endDate: string } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { startDate: isoDate(today - (days - 1) * DAY_MS), endDate: isoDate(today) };
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export interface StatsSale {
  salePrice: number;
  saleDate: string;
}

export interface StatsListing {
  salePrice: number;
  listingDate: string;
  /** When the listing stopped being listed (sold); null while it is listed. */
  closedAt: string | null;
}

/**
 * One row per UTC day from `startDate` to `endDate`: the day's sales volume, count and average,
 * the listings open at the end of the day and the lowest of their prices.
 */
export function dailyStats(input: { sales: readonly StatsSale[]; listings: readonly StatsListing[]; startDate: string; endDate: string }): DailyStat[] {
  const start = Date.parse(`${input.startDate}T00:00:00.000Z`);
  const end = Date.parse(`${input.endDate}T00:00:00.000Z`);
  const rows: DailyStat[] = [];
  for (let day = start; day <= end; day += DAY_MS) {
    const dayEnd = day + DAY_MS;
    const sold = input.sales.filter((sale) => {
      const at = Date.parse(sale.saleDate);
      return at >= day && at < dayEnd;
    });
    const open = input.listings.filter(
      (listing) => Date.parse(listing.listingDate) < dayEnd && (listing.closedAt === null || Date.parse(listing.closedAt) >= dayEnd),
    );
    const volume = round(sold.reduce((sum, sale) => sum + sale.salePrice, 0));
    rows.push({
      datetime: new Date(day).toISOString(),
      volume,
      floor: open.length ? Math.min(...open.map((listing) => listing.salePrice)) : null,
      avgSale: sold.length ? round(volume / sold.length) : 0,
      sales: sold.length,
      listings: open.length,
    });
  }
  return rows;
}

function round(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}
