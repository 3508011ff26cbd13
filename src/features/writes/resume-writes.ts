/**
 * Picks up the signed-in holder's listings, purchases and unlists whose wallet transaction was left waiting for the
 * ledger (the page changed or reloaded while the ledger confirmed it): each is followed to its end
 * in this page, shown in the tray of writes in progress. The wallet menu loads this once the holder
 * is signed in; a write's own code loads only when one of its kind waits.
 */
import { pendingListings, pendingPurchases, pendingUnlists } from '../ledger/kept-transactions';

/** Follows `accountId`'s waiting listings, purchases and unlists. */
export function resumeWrites(accountId: string): void {
  if (pendingListings(accountId).length) void import('../paws-market/listing-write').then((listing) => listing.resumeListings(accountId));
  if (pendingPurchases(accountId).length) void import('../paws-market/purchase-write').then((purchase) => purchase.resumePawsPurchases(accountId));
  if (pendingUnlists(accountId).length) void import('../paws-market/unlist-write').then((unlist) => unlist.resumeUnlists(accountId));
}
