/**
 * The view of one tiger in the browser: GET /api/collection/tiger/{serial} for the tiger on show
 * (kept 30 s, as listings are), refetched past any CDN copy after a trade made from the view.
 */
import { computed } from 'nanostores';
import { createFetcherStore } from '@/lib/api/index';
import { $openTiger, $tigerViewFresh, TIGER_VIEW_PATH } from '@/features/tiger/tiger-view-store';
import type { TigerViewAnswer } from './tiger-view-rules';

/** Spec 001 §9: listings are cached 30 s. */
const VIEW_FRESH_MS = 30_000;

const $serialKey = computed($openTiger, (serial) => (serial === null ? null : String(serial)));

export const $tigerView = createFetcherStore<TigerViewAnswer>([TIGER_VIEW_PATH, $serialKey, $tigerViewFresh], { dedupeTime: VIEW_FRESH_MS });
