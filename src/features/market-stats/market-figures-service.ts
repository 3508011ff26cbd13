import { createTtlCache } from '@/platform/ttl-cache';
import type { DailyStat, ListingRecord, SaleRecord } from '@/features/hbar-market/market-port';
import { SALES_FETCH_LIMIT } from '@/features/hbar-market/market-model';
import { DAY_MS, type MarketFigures, computeFigures, floorOfDayBefore } from './market-figures';

/** The figures follow the listings' freshness (spec 001 §9: listings cache 30 s). */
export const FIGURES_CACHE_MS = 30_000;
/** Sales this far back are read: the 7 d window and the day before it. */
const SALES_LOOKBACK_MS = 8 * DAY_MS;

export interface FiguresAnswer {
  /** False when a source could not be read (the figures then count what could be). */
  success: boolean;
  figures: MarketFigures;
}

export interface PawsFiguresDeps {
  /** The PAWS market's sales records since a time (ISO): listing sales and tigers sold to offers. */
  salesSince: (since: string) => Promise<{ price: number; at: string }[]>;
  /** The prices (whole PAWS) of the listings that can be bought now. */
  listedPrices: () => Promise<number[]>;
  /** The market's last event (its stream's head): figures cached under an older one are stale at once, not at the cache's end. */
  marketVersion?: () => Promise<number>;
  now?: () => number;
}

/** The PAWS market's figures from its own records: sales as recorded, listings as buyable now. */
export function createPawsFiguresService({ salesSince, listedPrices, marketVersion, now = Date.now }: PawsFiguresDeps) {
  const cache = createTtlCache<FiguresAnswer>(FIGURES_CACHE_MS, { now, maxEntries: 4 });
  return {
    async figures(): Promise<FiguresAnswer> {
      const version = marketVersion ? await marketVersion().catch(() => -1) : 0;
      return cache.get(`figures@${version}`, async () => {
        const at = now();
        const [sales, prices] = await Promise.all([salesSince(new Date(at - SALES_LOOKBACK_MS).toISOString()), listedPrices()]);
        const floor = prices.length ? Math.min(...prices) : null;
        return {
          success: true,
          figures: computeFigures({ market: 'paws', now: at, sales, completeFrom: Number.NEGATIVE_INFINITY, floor, listed: prices.length }),
        };
      });
    },
  };
}

/** What the HBAR figures read of the market service (its cached reads, each `success: false` with empty data when the market fails). */
export interface HbarMarketReads {
  activity(input: { amount: number }): Promise<{ success: boolean; marketActivity: SaleRecord[] }>;
  listings(input: { sortBy: 'listingDate'; sortDirection: 'DESC'; limit: number }): Promise<{ success: boolean; marketListings: ListingRecord[] }>;
  floor(): Promise<{ success: boolean; floor: number | null }>;
  stats(days: number): Promise<{ success: boolean; stats: DailyStat[] }>;
}

/** Listings counted at most (spec 000 §9's fetch limit). */
const LISTINGS_LIMIT = 1000;

/**
 * The HBAR market's figures from the market's own data: its recent sales feed (the newest 100) for
 * the 24 h and 7 d windows it covers, its daily stats for a window the feed does not reach back to
 * and for the floor a day before, its floor and its listings.
 */
export function createHbarFiguresService({ market, now = Date.now }: { market: HbarMarketReads; now?: () => number }) {
  const cache = createTtlCache<FiguresAnswer>(FIGURES_CACHE_MS, { now });
  return {
    figures(): Promise<FiguresAnswer> {
      return cache.get('figures', async () => {
        const at = now();
        const [activity, listings, floor, stats] = await Promise.all([
          market.activity({ amount: SALES_FETCH_LIMIT }),
          market.listings({ sortBy: 'listingDate', sortDirection: 'DESC', limit: LISTINGS_LIMIT }),
          market.floor(),
          market.stats(8),
        ]);
        const sales = activity.marketActivity.map((sale) => ({ price: sale.salePrice, at: sale.saleDate }));
        const times = sales.map((sale) => Date.parse(sale.at)).filter(Number.isFinite);
        const completeFrom = sales.length < SALES_FETCH_LIMIT ? Number.NEGATIVE_INFINITY : Math.min(...times);
        return {
          success: activity.success && listings.success && floor.success && stats.success,
          figures: computeFigures({
            market: 'hbar',
            now: at,
            sales,
            completeFrom,
            daily: stats.stats,
            floor: floor.floor,
            floorDayBefore: floorOfDayBefore(stats.stats, at),
            listed: listings.marketListings.length,
          }),
        };
      });
    },
  };
}
