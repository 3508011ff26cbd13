/**
 * The collection page's data (spec 001 §7, §9): the collection page of the current view
 * (refetched every 2 minutes), the floor (every 60 s), the holder count (every 5 minutes) and the
 * daily market stats. Keys stay empty outside the browser, so the pre-render fetches nothing.
 */
import { atom } from 'nanostores';
import { createFetcherStore } from '@/lib/api';
import type { DailyStat } from '@/features/hbar-market/market-port';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import type { CollectionResponse } from './collection-types';
import { HOLDERS_PATH } from '@/features/market-stats/holders-path';

const MINUTE_MS = 60_000;
const inBrowser = typeof window !== 'undefined';
const path = (url: string) => atom<string | null>(inBrowser ? url : null);

/** Spec 001 §9: the collection refetches every 2 minutes. */
export const COLLECTION_REFETCH_MS = 2 * MINUTE_MS;

/** The API query of the view on screen (set by the island once it has read the URL). */
export const $collectionQuery = atom<string | null>(null);

export const $collection = createFetcherStore<CollectionResponse>([`/api/collection/complete/${PUBLIC_CONFIG.nftTokenId}?`, $collectionQuery], {
  dedupeTime: COLLECTION_REFETCH_MS,
  revalidateInterval: COLLECTION_REFETCH_MS,
});

export const FLOOR_PATH = '/api/market/floor';

export const $floor = createFetcherStore<{ success: boolean; floor: number | null }>([path(FLOOR_PATH)], {
  dedupeTime: MINUTE_MS,
  revalidateInterval: MINUTE_MS,
});

export const $holders = createFetcherStore<{ success: boolean; ownerCount: number | null }>([path(HOLDERS_PATH)], {
  dedupeTime: 5 * MINUTE_MS,
  revalidateInterval: 5 * MINUTE_MS,
});

/** Days of market history the chart asks for (set by the chart's time range; nothing before it mounts). */
export const $chartDays = atom<string | null>(null);

export const $marketStats = createFetcherStore<{ success: boolean; stats: DailyStat[] }>(['/api/market/stats?days=', $chartDays], {
  dedupeTime: 15 * MINUTE_MS,
  revalidateInterval: 15 * MINUTE_MS,
});

/** Spec 001 §2: % Listed = listed / 3333, one decimal. */
export function listedPercent(listed: number, totalSupply: number): string {
  return `${((listed / totalSupply) * 100).toFixed(1)}%`;
}
