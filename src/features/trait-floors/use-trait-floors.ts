/** An island's live trait floors: read once, and again whenever the market's listings change (issue 58 item 5). */
import { useEffect } from 'react';
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

/** The trait floors, kept live. */
export function useTraitFloors() {
  useFloorEvents();
  return useFetched($traitFloors);
}

/** The listing context of these tigers (the open dialog's; null while none is open), kept live: offers move the best offer too. */
export function useListingContext(serials: readonly number[] | null) {
  const key = serials?.length ? serials.join(',') : null;
  useEffect(() => {
    $listingContextSerials.set(key);
    return () => $listingContextSerials.set(null);
  }, [key]);
  useFloorEvents();
  return useFetched($listingContext);
}
