/**
 * The listing each PAWS purchase of this page is buying, by its write: the tray's 'Show progress'
 * reopens the purchase's dialog over the tiger's view with it, also while the sale settles and the
 * listing is no longer for sale.
 */
import type { PublicListing } from './paws-client';

type Bought = Pick<PublicListing, 'id' | 'nftName' | 'serialNumber' | 'pawsPrice'> & Partial<PublicListing>;

const listings = new Map<string, Bought>();

/** Keeps the listing purchase write `writeId` buys. */
export function keepPurchasedListing(writeId: string, listing: Bought): void {
  listings.set(writeId, listing);
}

/** The listing purchase write `writeId` buys, as much of it as this page knows. */
export function purchasedListing(writeId: string): Bought | undefined {
  return listings.get(writeId);
}
