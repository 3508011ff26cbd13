/** An island's live trait floors: read once, and again whenever the market's listings change (issue 58 item 5). */
import { useEffect, useRef } from 'react';
import { MARKET_STREAM, type MarketEvent, type MarketEventType } from '@/features/market-events/market-event';
import { useStreamEvents } from '@/features/market-events/use-stream-events';
import { useFetched } from '@/lib/use-island-store';
import { $listingContext, $listingContextSerials, $traitFloors, traitFloorsChanged } from './trait-floors-client';

/** The market's events that move a floor: a listing made, re-priced, taken down or back, or sold. */
const FLOOR_EVENTS: ReadonlySet<MarketEventType> = new Set([
  'listing-created',
  'listing-repriced',
  'listing-removed',
  'listing-invalidated',
  'listing-revalidated',
  'sale',
  'offer-made',
  'offer-accepted',
  'offer-cancelled',
  'offer-unfunded',
  'offer-funded',
]);
const movesFloors = (event: MarketEvent) => FLOOR_EVENTS.has(event.type);

/** Follows the market stream while the island is on screen. */
function useFloorEvents(): void {
  useStreamEvents([MARKET_STREAM], traitFloorsChanged, movesFloors);
}

/** The last answer stays on screen while a live event's read is under way (a new key has none until it comes). */
function useKept<T>(fetched: { data: T | undefined; error: unknown }): { data: T | undefined; error: unknown } {
  const kept = useRef<T | undefined>(undefined);
  if (fetched.data !== undefined) kept.current = fetched.data;
  return fetched.data === undefined && fetched.error === undefined ? { data: kept.current, error: undefined } : fetched;
}

/** The trait floors, kept live. */
export function useTraitFloors() {
  useFloorEvents();
  return useKept(useFetched($traitFloors));
}

/** The listing context of these tigers (the open dialog's; null while none is open), kept live: offers move the best offer too. */
export function useListingContext(serials: readonly number[] | null) {
  const key = serials?.length ? serials.join(',') : null;
  useEffect(() => {
    if (!key) return;
    $listingContextSerials.set(key);
    // Another dialog (closed, or opened since) leaves the tigers alone.
    return () => {
      if ($listingContextSerials.get() === key) $listingContextSerials.set(null);
    };
  }, [key]);
  useFloorEvents();
  const fetched = useKept(useFetched($listingContext));
  // Another set of tigers' answer is never shown for these.
  const answers = fetched.data && serials?.every((serial) => Object.hasOwn(fetched.data?.tigers ?? {}, String(serial)));
  return answers ? fetched : { data: undefined, error: fetched.error };
}
