/**
 * Picks up the signed-in holder's writes whose wallet transaction was left waiting for the ledger
 * (the page changed or reloaded while the ledger confirmed it): each is followed to its end in this
 * page, shown in the tray of writes in progress. The wallet menu loads this once the holder is
 * signed in; a write's own code loads only when one of its kind waits.
 */
import { type PendingAction, pendingActions } from '@/features/ledger/kept-transactions';

/** Each kind of kept transaction, and the write that follows it. */
const RESUMERS: Record<PendingAction['kind'], () => Promise<(accountId: string) => void>> = {
  listing: () => import('@/features/paws-market/listing-write').then((write) => write.resumeListings),
  purchase: () => import('@/features/paws-market/purchase-write').then((write) => write.resumePawsPurchases),
  unlist: () => import('@/features/paws-market/unlist-write').then((write) => write.resumeUnlists),
  accept: () => import('@/features/offers/accept-offer-write').then((write) => write.resumeAccepts),
  offer: () => import('@/features/offers/make-offer-write').then((write) => write.resumeOffers),
  allowance: () => import('@/features/offers/lower-allowance-write').then((write) => write.resumeAllowances),
  'accept-many': () => import('@/features/paws-bulk/accept-offers-write').then((write) => write.resumeAcceptMany),
  'bulk-listing': () => import('@/features/paws-bulk/bulk-list-write').then((write) => write.resumeBulkListings),
  'bulk-unlist': () => import('@/features/paws-bulk/bulk-unlist-write').then((write) => write.resumeBulkUnlists),
  'cart-checkout': () => import('@/features/paws-cart/checkout-write').then((write) => write.resumeCheckouts),
  'hbar-purchase': () => import('@/features/hbar-market/hbar-purchase-write').then((write) => write.resumeHbarPurchases),
};

/** Follows every write of `accountId` left waiting for the ledger. */
export function resumeWrites(accountId: string): void {
  for (const [kind, load] of Object.entries(RESUMERS) as [PendingAction['kind'], (typeof RESUMERS)[PendingAction['kind']]][]) {
    if (pendingActions(kind, accountId).length) void load().then((resume) => resume(accountId));
  }
}
