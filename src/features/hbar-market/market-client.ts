/**
 * The HBAR marketplace's data in the browser: recent sales, current listings and
 * rarity (spec 000 §7, §9) and the cache refresh after a purchase (the purchase itself is a write:
 * hbar-purchase-write.ts).
 */
import { atom, computed } from 'nanostores';
import { apiJson, createFetcherStore, invalidateKeys } from '@/lib/api';
import { balancesMoved } from '@/features/balances/balance-store';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { LISTINGS_FETCH_LIMIT, type ListingRecord, type RarityMap, SALES_FETCH_LIMIT, type SaleRecord } from './market-model';

const TOKEN = PUBLIC_CONFIG.nftTokenId;
export const SALES_PATH = `/api/market/activity?token=${TOKEN}&activityFilter=Sales&amount=${SALES_FETCH_LIMIT}`;
export const LISTINGS_PATH = `/api/market/listings?token=${TOKEN}&sortBy=listingDate&sortDirection=DESC&fetchAll=true&limit=${LISTINGS_FETCH_LIMIT}`;
/** The cards need each serial's rank and percentile only: an eighth of the whole dataset's bytes. */
export const RARITY_PATH = `/api/collection/hedera-rarity/${TOKEN}?fields=rank`;
/** Spec 000 §9: rarity is refetched and goes stale after 5 minutes. */
export const RARITY_FRESH_MS = 5 * 60_000;

export interface SalesAnswer {
  success: boolean;
  marketActivity: SaleRecord[];
}
export interface ListingsAnswer {
  success: boolean;
  marketListings: ListingRecord[];
}
export interface RarityAnswer {
  rarityData: RarityMap;
}

/** Keys are null while rendering on the server: the island fetches in the browser only. */
const $inBrowser = atom<string | null>(typeof window === 'undefined' ? null : '');

/** Paths the next fetch must load past any CDN copy (after a purchase). */
const bustNext = new Set<string>();

/**
 * The API lets CDNs and browsers keep these answers a while (s-maxage 15 s, stale-while-revalidate
 * 45 s). After a purchase the browser remembers the time, so a reload (or another tab) within that
 * minute still reads past the cached copies instead of showing the bought tiger as listed. It is
 * kept in localStorage, which the wallet's flags have opened already: a first sessionStorage read
 * cost 2-10 ms inside the page's hydration.
 */
const CHANGED_AT_KEY = 'wildTigers.market.changedAt';
export const CACHED_COPY_MS = 60_000;

function recentlyChanged(): boolean {
  try {
    const at = Number(localStorage.getItem(CHANGED_AT_KEY));
    return at > 0 && Date.now() - at < CACHED_COPY_MS;
  } catch {
    return false;
  }
}

function markChanged(): void {
  try {
    localStorage.setItem(CHANGED_AT_KEY, String(Date.now()));
  } catch {
    // No storage (private mode, server): the in-page refresh still busts the cache.
  }
}

/**
 * A fetcher that never fails (spec 000 §7: failed activity and listing fetches yield empty data
 * with a console warning, nothing the user sees); adds a cache-buster when a refresh asked for one.
 */
function fetchOrEmpty<T>(what: string, empty: () => T) {
  return async (...parts: (string | number | true)[]): Promise<T> => {
    const path = parts.join('');
    const bust = bustNext.delete(path) || recentlyChanged();
    try {
      return await apiJson<T>(bust ? `${path}${path.includes('?') ? '&' : '?'}_=${Date.now()}` : path);
    } catch (error) {
      console.warn(`Failed to fetch ${what}`, error);
      return empty();
    }
  };
}

/** Recent sales (up to 100), with the spec's defaults: fetched once, never stale, no retries. */
export const $sales = createFetcherStore<SalesAnswer>([SALES_PATH, $inBrowser], {
  fetcher: fetchOrEmpty('market activity', () => ({ success: false, marketActivity: [] })),
});

/** Current listings (up to 1000), same defaults. */
export const $listings = createFetcherStore<ListingsAnswer>([LISTINGS_PATH, $inBrowser], {
  fetcher: fetchOrEmpty('market listings', () => ({ success: false, marketListings: [] })),
});

/** Rarity is loaded once sales exist. */
const $rarityEnabled = computed($sales, (sales) => (sales.data?.marketActivity.length ? '' : null));

/** Rarity by serial: refetched and stale after 5 minutes; a failure leaves the tiers Unknown. */
export const $rarity = createFetcherStore<RarityAnswer>([RARITY_PATH, $rarityEnabled], {
  dedupeTime: RARITY_FRESH_MS,
  revalidateInterval: RARITY_FRESH_MS,
  fetcher: fetchOrEmpty('rarity data', () => ({ rarityData: {} })),
});

/** What the market's cards are built from. */
export interface MarketData {
  sales: SalesAnswer;
  listings: ListingsAnswer;
  /** Undefined when there are no sales: rarity is not loaded then. */
  rarity: RarityMap | undefined;
}

/** The market $market last held: a value with the same answers is this one again. */
let lastMarket: MarketData | undefined;

/**
 * Sales, listings and rarity once all three have come (rarity only when there are sales, spec 000
 * §9), else undefined. It changes only when one of the answers does, not on the stores' loading
 * flags: the marketplace renders once when the market is known instead of once per flag and answer.
 */
/**
 * Tigers this page bought, paid on the ledger (the payment's receipt), and when: no longer for sale,
 * though the market lists them until its mirror node shows the payment and it records the sale.
 * Left out of the listings for BOUGHT_HIDDEN_MS, far beyond that, and no longer (a tiger may be listed again).
 */
const $bought = atom<ReadonlyMap<number, number>>(new Map());
const BOUGHT_HIDDEN_MS = 5 * 60_000;
/** The listings answer without the tigers bought here (the same object when none is in it). */
let lastUnsold: { from: ListingsAnswer; bought: ReadonlyMap<number, number>; value: ListingsAnswer } | undefined;
function unsold(listings: ListingsAnswer, bought: ReadonlyMap<number, number>): ListingsAnswer {
  const hidden = (serial: number) => (bought.get(serial) ?? Number.NEGATIVE_INFINITY) + BOUGHT_HIDDEN_MS > Date.now();
  if (!listings.marketListings.some((listing) => hidden(listing.serialId))) return listings;
  if (lastUnsold?.from !== listings || lastUnsold.bought !== bought) {
    lastUnsold = { from: listings, bought, value: { ...listings, marketListings: listings.marketListings.filter((listing) => !hidden(listing.serialId)) } };
  }
  return lastUnsold.value;
}

export const $market = computed([$sales, $listings, $rarity, $bought], ({ data: sales }, { data: answer }, { data: rarity }, bought) => {
  if (!sales || !answer || (!rarity && sales.marketActivity.length > 0)) return undefined;
  const listings = unsold(answer, bought);
  const same = lastMarket?.sales === sales && lastMarket.listings === listings && lastMarket.rarity === rarity?.rarityData;
  if (!same) lastMarket = { sales, listings, rarity: rarity?.rarityData };
  return lastMarket;
});

/** After a purchase on this page: a query that reads what a purchase changes (the market's figures) past the CDN's copy, '' before. */
export const $hbarTradeMark = atom('');

/**
 * A pushed event changed the market: refetch listings, activity and the figures past any CDN copy,
 * in this tab only (every open tab follows the stream itself).
 */
export function reloadMarket(): void {
  $hbarTradeMark.set(`?_=${Date.now()}`);
  const keys = [SALES_PATH, LISTINGS_PATH];
  for (const key of keys) bustNext.add(key);
  invalidateKeys(keys);
}

/** After this browser's purchase: reload the market (and, for a minute, past CDN copies in every tab) and the buyer's balances; `bought` leaves the listings at once. */
export function refreshMarket(bought?: number): void {
  if (bought !== undefined) $bought.set(new Map([...$bought.get(), [bought, Date.now()]]));
  markChanged();
  reloadMarket();
  balancesMoved();
}
