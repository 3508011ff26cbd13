/**
 * The view of one tiger in the browser: GET /api/collection/tiger/{serial} for the tiger on show
 * (kept 30 s, as listings are), refetched past any CDN copy after a trade made from the view.
 */
import { atom, computed } from 'nanostores';
import { createFetcherStore, invalidateKeys } from '@/lib/api';
import { $openTiger } from './tiger-view-store';
import type { TigerViewAnswer } from './tiger-view-rules';

const VIEW_PATH = '/api/collection/tiger/';
/** Spec 001 §9: listings are cached 30 s. */
const VIEW_FRESH_MS = 30_000;

/** '' normally; a cache-buster after a trade, so the next read skips the CDN's 30 s copy. */
const $fresh = atom('');
const $serialKey = computed($openTiger, (serial) => (serial === null ? null : String(serial)));

export const $tigerView = createFetcherStore<TigerViewAnswer>([VIEW_PATH, $serialKey, $fresh], { dedupeTime: VIEW_FRESH_MS });

/** Reads the open tiger again past any cached copy (after a purchase, a listing or an unlist). */
export function refreshTigerView(): void {
  $fresh.set(`?fresh=${Date.now()}`);
  invalidateKeys((key) => key.startsWith(VIEW_PATH));
}
