/**
 * The browser's reads of the trait floors (the collection's filter, the tiger view, the profile's
 * estimate) and of one listing's or a bulk listing's market context (the listing dialogs). A live
 * listing event reads both again past the CDN's copy; while the stream is down they poll every 30 s.
 */
import { atom, onMount } from 'nanostores';
import { createFetcherStore, revalidateKeys } from '@/lib/api';
import { pollWhileStreamDown } from '@/features/market-events/stream-client';
import type { ListingContextAnswer } from './listing-context-rules';
import type { TraitFloorsAnswer } from './trait-floor-rules';

export const TRAIT_FLOORS_PATH = '/api/collection/trait-floors';
const LISTING_CONTEXT_PATH = '/api/paws/listing-context';
/** Issue 58 item 5: where no live event says so, the floors are read again this often (the server's count follows SentX within 60 s). */
const TRAIT_FLOORS_REFRESH_MS = 30_000;

/** The mark of the last listing event seen ('0' before any); null while rendering on the server, so nothing is fetched there. */
const $floorsVersion = atom<string | null>(typeof window === 'undefined' ? null : '0');

export const $traitFloors = createFetcherStore<TraitFloorsAnswer>([`${TRAIT_FLOORS_PATH}?v=`, $floorsVersion], { dedupeTime: TRAIT_FLOORS_REFRESH_MS });

/** The query of the listing context a dialog shows (its tigers and their seller); null while no listing dialog is open. */
export const $listingContextQuery = atom<string | null>(null);

/** The listing context's query for these tigers as `seller` lists them. */
export function listingContextQuery(serials: readonly number[], seller: string): string {
  return `serials=${serials.join(',')}&seller=${encodeURIComponent(seller)}`;
}

export const $listingContext = createFetcherStore<ListingContextAnswer>([`${LISTING_CONTEXT_PATH}?`, $listingContextQuery, '&v=', $floorsVersion], {
  dedupeTime: TRAIT_FLOORS_REFRESH_MS,
});

for (const [store, path] of [
  [$traitFloors, TRAIT_FLOORS_PATH],
  [$listingContext, LISTING_CONTEXT_PATH],
] as const) {
  onMount(store, () => pollWhileStreamDown(() => revalidateKeys((key) => key.startsWith(path)), TRAIT_FLOORS_REFRESH_MS));
}

/** A listing was made, re-priced, removed or sold: the floors and the listing context are read again at once, past the CDN's copy. */
export function traitFloorsChanged(): void {
  $floorsVersion.set(String(Date.now()));
}
