/**
 * The browser's reads of the market figures, the activity timeline and the signed-in seller's own
 * sales, and the last-seen mark that tells a seller once about the sales since their last visit.
 */
import { atom, onMount } from 'nanostores';
import { apiJson, createFetcherStore, revalidateKeys } from '@/lib/api';
import { pollWhileStreamDown } from '@/features/market-events/stream-client';
import { formatPaws } from '@/lib/format';
import { seenMarker } from '@/lib/seen-marker';
import { toast } from '@/features/toast/toast-store';
import { HOLDERS_PATH } from './holders-path';
import { ACTIVITY_PAGE_SIZE, type ActivityKindFilter, type ActivityPage, type PawsActivityItem, salesSince } from './activity';
import { $hbarTradeMark } from '@/features/hbar-market/market-client';
import type { MarketFigures, MarketName } from './market-figures';

export interface FiguresAnswer {
  success: boolean;
  figures: MarketFigures;
}

/** Spec 001 §9: floor and listings are polled every 60 s; holders every 5 minutes. */
export const FIGURES_REFRESH_MS = 60_000;
export const OWNERS_REFRESH_MS = 5 * 60_000;

export const FIGURES_PATHS: Record<MarketName, string> = { hbar: '/api/market/figures', paws: '/api/paws/stats' };

/** Keys are null while rendering on the server: islands fetch in the browser only. */
const $inBrowser = atom<string | null>(typeof window === 'undefined' ? null : '');

/** After a PAWS trade on this page: a query that reads the PAWS market's figures past the CDN's copy (30 s), '' before. */
const $pawsTradeMark = atom('');

const figureStores = {
  // A purchase on the page reads them again past the CDN's copy ($hbarTradeMark), as a PAWS trade does the PAWS market's.
  hbar: createFetcherStore<FiguresAnswer>([FIGURES_PATHS.hbar, $inBrowser, $hbarTradeMark], { dedupeTime: FIGURES_REFRESH_MS }),
  paws: createFetcherStore<FiguresAnswer>([FIGURES_PATHS.paws, $inBrowser, $pawsTradeMark], { dedupeTime: FIGURES_REFRESH_MS }),
};
// Spec 001 §9's 60 s poll runs while no push arrives; with the socket open, the market's events read them again (the pages' islands).
for (const [market, store] of Object.entries(figureStores)) {
  onMount(store, () => pollWhileStreamDown(() => revalidateKeys((key) => key.startsWith(FIGURES_PATHS[market as MarketName])), FIGURES_REFRESH_MS));
}

/** A PAWS trade just settled: the PAWS market's figures are read again at once, not at the next minute's poll. */
export function pawsFiguresChanged(): void {
  $pawsTradeMark.set(`?_=${Date.now()}`);
}

/** The figures of one market, refreshed every 60 s. */
export function figuresStore(market: MarketName) {
  return figureStores[market];
}

/** The collection's owner count (the same for both markets). */
export const $owners = createFetcherStore<{ success: boolean; ownerCount: number | null }>([HOLDERS_PATH, $inBrowser], {
  dedupeTime: OWNERS_REFRESH_MS,
  revalidateInterval: OWNERS_REFRESH_MS,
});

/** One page of the PAWS activity timeline, newest first. */
export function fetchActivityPage(input: { kind?: ActivityKindFilter | undefined; cursor?: string | undefined; limit?: number }): Promise<ActivityPage> {
  const query = new URLSearchParams({ limit: String(input.limit ?? ACTIVITY_PAGE_SIZE) });
  if (input.kind) query.set('kind', input.kind);
  if (input.cursor) query.set('cursor', input.cursor);
  return apiJson<ActivityPage>(`/api/paws/activity?${query}`);
}

// ---------------------------------------------------------------------------------------------
// Your sales reach you

const salesSeen = seenMarker('wildTigers.paws.salesSeen.');

export interface MySales {
  accountId: string;
  /** The seller's sales of the last 30 days, newest first. */
  sales: PawsActivityItem[];
  /** The ids of those that sold since the last visit (marked 'New' in the history). */
  fresh: string[];
}

/** The signed-in seller's recent sales, once they were read on this page. */
export const $mySales = atom<MySales | null>(null);
const checked = new Set<string>();

/**
 * Reads the signed-in seller's sales once per page load; those after the last-seen mark are told
 * in one toast and marked in the history, then the mark moves past them (so they are told once).
 * A first visit sets the mark and tells nothing.
 */
export async function checkMySales(accountId: string): Promise<void> {
  if (checked.has(accountId)) return;
  checked.add(accountId);
  let sales: PawsActivityItem[];
  try {
    sales = (await apiJson<{ sales: PawsActivityItem[] }>(`/api/paws/activity/seller/${accountId}`)).sales;
  } catch (error) {
    checked.delete(accountId);
    console.warn('Failed to fetch your sales', error);
    return;
  }
  const seen = salesSeen.read(accountId);
  const fresh = salesSince(sales, seen);
  $mySales.set({ accountId, sales, fresh: fresh.map((sale) => sale.id) });
  const newest = sales[0]?.at;
  const previous = seen ?? new Date().toISOString();
  const mark = newest && newest > previous ? newest : previous;
  salesSeen.write(accountId, mark);
  const [first] = fresh;
  if (!first) return;
  toast({
    title: fresh.length === 1 ? 'Your Tiger Sold' : 'Your Tigers Sold',
    description:
      fresh.length === 1
        ? `${first.nftName ?? `Wild Tiger #${first.serialNumber}`} sold for ${formatPaws(first.pawsAmount)} PAWS since your last visit.`
        : `${fresh.length} of your listings sold since your last visit. See My Listings.`,
    duration: 8000,
  });
}
