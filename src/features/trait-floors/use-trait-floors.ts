/** An island's live trait floors: read once, and again whenever the market's listings change (issue 58 item 5). */
import { useEffect, useRef } from 'react';
import { MARKET_STREAM, type MarketEvent } from '@/features/market-events/market-event';
import { useStreamEvents } from '@/features/market-events/use-stream-events';
import { useFetched } from '@/lib/use-island-store';
import { movesFloors } from './listing-context-rules';
import { $listingContext, $listingContextQuery, $traitFloors, listingContextQuery, traitFloorsChanged } from './trait-floors-client';

/** The market's events after which a floor or a best offer may differ (an offer expiring included). */
const floorsMoved = (event: MarketEvent) => movesFloors(event.type);

/** Follows the market stream while the island is on screen. */
function useFloorEvents(): void {
  useStreamEvents([MARKET_STREAM], traitFloorsChanged, floorsMoved);
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

/**
 * The listing context of these tigers (the open dialog's; null while none is open) as `seller` lists
 * them, so their own offers are never the best offer that would take them; kept live: offers move the best offer too.
 */
export function useListingContext(serials: readonly number[] | null, seller: string | null) {
  const key = serials?.length && seller ? listingContextQuery(serials, seller) : null;
  useEffect(() => {
    if (!key) return;
    $listingContextQuery.set(key);
    // Another dialog (closed, or opened since) leaves the tigers alone.
    return () => {
      if ($listingContextQuery.get() === key) $listingContextQuery.set(null);
    };
  }, [key]);
  useFloorEvents();
  const fetched = useKept(useFetched($listingContext));
  // Another set of tigers' answer is never shown for these.
  const answers = fetched.data && serials?.every((serial) => Object.hasOwn(fetched.data?.tigers ?? {}, String(serial)));
  return answers ? fetched : { data: undefined, error: fetched.error };
}
