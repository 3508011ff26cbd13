/**
 * The live market's events (issue 57) of the PAWS market's own changes, as the item each change
 * writes carries them (market-events/event-outbox.ts): a listing made or sold, an offer made,
 * accepted, cancelled or expired. Pure; their ids are the activity timeline's, so each is written once.
 */
import { type NewMarketEvent, streamsFor } from '@/features/market-events/market-event';

/** A PAWS listing as its activity needs it. */
export interface ListedEvent {
  id: string;
  sellerId: string;
  tokenId: string;
  serialNumber: number;
  nftName: string;
  pawsPrice: string;
  createdAt: string;
}

/** A PAWS listing's sale as its activity needs it. */
export interface SoldEvent {
  listingId: string;
  sellerId: string;
  buyerId: string;
  tokenId: string;
  serialNumber: number;
  nftName: string;
  pawsPrice: string;
  transactionId: string;
  soldAt: string;
}

/** An offer's event on the timeline: made, accepted (a sale) or cancelled. */
export interface OfferEvent {
  kind: 'offer-made' | 'offer-accepted' | 'offer-cancelled';
  at: string;
  offerId: string;
  offerKind: 'item' | 'collection';
  buyerId: string;
  /** The owner who accepted (offer-accepted only). */
  sellerId: string | null;
  tokenId: string;
  /** The tiger: an item offer's, or the one sold to a collection offer; null for a collection offer made or cancelled. */
  serialNumber: number | null;
  pawsAmount: string;
  quantity: number;
  /** The settlement (offer-accepted only). */
  transactionId: string | null;
  /** Who held the tiger when an item offer was made on it: the offer arrives in their inbox. */
  ownerId?: string | null;
}

/** An offer's change: its timeline's kinds, and its expiry (which the timeline does not show). */
export type OfferChange = Omit<OfferEvent, 'kind'> & { kind: OfferEvent['kind'] | 'offer-expired' };

/** The id an offer's change has on the timeline and in the log (a fill's names its tiger). */
export const offerEventId = (change: OfferChange): string =>
  `OFFER#${change.offerId}#${change.kind}${change.kind === 'offer-accepted' ? `#${change.serialNumber}` : ''}`;

/** A listing went live. */
export function listingCreatedEvent(listing: ListedEvent): NewMarketEvent {
  return {
    id: `LISTING#${listing.id}#listing`,
    type: 'listing-created',
    at: listing.createdAt,
    streams: streamsFor(listing.serialNumber, [listing.sellerId]),
    data: { ref: listing.id, serial: listing.serialNumber, market: 'paws', price: listing.pawsPrice, sellerId: listing.sellerId },
  };
}

/** A listing left the market (`type`: removed or invalidated) at `at`. */
export function listingLeftEvent(
  listing: Pick<ListedEvent, 'id' | 'sellerId' | 'serialNumber' | 'pawsPrice'>,
  status: string,
  type: 'listing-removed' | 'listing-invalidated',
  at: string,
): NewMarketEvent {
  return {
    id: `LISTING#${listing.id}#${status}`,
    type,
    at,
    streams: streamsFor(listing.serialNumber, [listing.sellerId]),
    data: { ref: listing.id, serial: listing.serialNumber, market: 'paws', price: listing.pawsPrice, sellerId: listing.sellerId },
  };
}

/** A listing sold (after the settlement's SUCCESS). */
export function listingSoldEvent(sale: SoldEvent): NewMarketEvent {
  return {
    id: `LISTING#${sale.listingId}#sale`,
    type: 'sale',
    at: sale.soldAt,
    streams: streamsFor(sale.serialNumber, [sale.sellerId, sale.buyerId]),
    data: {
      ref: sale.listingId,
      serial: sale.serialNumber,
      market: 'paws',
      price: sale.pawsPrice,
      sellerId: sale.sellerId,
      buyerId: sale.buyerId,
      ownerId: sale.buyerId,
      transactionId: sale.transactionId,
    },
  };
}

/** An offer was made, accepted, cancelled or expired. */
export function offerChangedEvent(change: OfferChange): NewMarketEvent {
  const serial = change.serialNumber ?? undefined;
  return {
    id: offerEventId(change),
    type: change.kind,
    at: change.at,
    streams: streamsFor(serial, [change.buyerId, change.sellerId, change.ownerId]),
    data: {
      ref: change.offerId,
      ...(serial === undefined ? {} : { serial }),
      market: 'paws',
      price: change.pawsAmount,
      buyerId: change.buyerId,
      ...(change.sellerId ? { sellerId: change.sellerId } : {}),
      ...(change.kind === 'offer-accepted' ? { ownerId: change.buyerId } : change.ownerId ? { ownerId: change.ownerId } : {}),
      ...(change.transactionId ? { transactionId: change.transactionId } : {}),
    },
  };
}
