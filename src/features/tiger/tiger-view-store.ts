import { atom } from 'nanostores';
import { invalidateKeys } from '@/lib/api';

/** The tiger whose view is open on this page (null: none). Cards set it; the page's TigerViewHost shows it. */
export const $openTiger = atom<number | null>(null);

/** Whether this page hosts the view (a TigerViewHost is mounted); elsewhere a card leads to /collection?tiger=N. */
export const $tigerViewHosted = atom(false);

/** The write whose dialog the view reopens once it has the tiger (the tray's link); the view clears it. */
export const $writeToReopen = atom<string | null>(null);

/** Where the browser reads a tiger's view (GET /api/collection/tiger/{serial}). */
export const TIGER_VIEW_PATH = '/api/collection/tiger/';

/** '' normally; a cache-buster after a trade, so the view's next read skips the CDN's 30 s copy. */
export const $tigerViewFresh = atom('');

/** Reads the open tiger again past any cached copy (after a purchase, a listing or an unlist), from whichever market made it. */
export function refreshTigerView(): void {
  $tigerViewFresh.set(`?fresh=${Date.now()}`);
  invalidateKeys((key) => key.startsWith(TIGER_VIEW_PATH));
}
