import type { ActivityRepo } from '@/features/market-stats/activity-repo';
import type { PawsListing } from './listing';
import type { MarketContext } from './market-context';
import { type ClaimLifecycle, reconcileClaim } from './settlement';

export type ListingClaim = NonNullable<PawsListing['claim']>;

/**
 * How a listing is claimed by a buyer, released and recorded as sold, and how a claim left
 * unconfirmed is settled from the ledger: one lifecycle for a single buy and a checkout's batch.
 */
export function createListingSales({ store, ledger, now }: Pick<MarketContext, 'store' | 'ledger' | 'now'>, activity?: Pick<ActivityRepo, 'sold'>) {
  /**
   * Records a sale the ledger settled, while `claim` still holds the listing: the sale and its
   * activity first, then the listing as sold, so whoever sees it sold finds its sale too. Each write
   * is conditional and made once; a run cut short between them leaves the listing claimed, and the
   * next run (the reconciler's) finishes it.
   */
  async function finishSale(listing: PawsListing, claim: ListingClaim): Promise<void> {
    const current = await store.getListing(listing.id);
    if (current?.status !== 'claimed' || current.claim?.claimId !== claim.claimId) return;
    const soldAt = new Date(now()).toISOString();
    const sale = { buyerId: claim.buyerId, transactionId: claim.transactionId, soldAt };
    await store.putSale({
      listingId: listing.id,
      tokenId: listing.tokenId,
      serialNumber: listing.serialNumber,
      sellerId: listing.sellerId,
      buyerId: claim.buyerId,
      pawsPrice: listing.pawsPrice,
      transactionId: claim.transactionId,
      soldAt,
    });
    await activity?.sold({
      ...sale,
      listingId: listing.id,
      sellerId: listing.sellerId,
      tokenId: listing.tokenId,
      serialNumber: listing.serialNumber,
      nftName: listing.nftName,
      pawsPrice: listing.pawsPrice,
    });
    if (await store.transition(listing.id, 'claimed', 'sold', { sale }, claim.claimId))
      await store.releaseLock(listing.tokenId, listing.serialNumber, listing.id);
  }

  /** A listing's claim by a buyer: taken from 'active', released back to it, finished as sold, or moved to a new transfer's claim. */
  function listingClaims(listing: PawsListing): ClaimLifecycle<ListingClaim> & { move(from: ListingClaim, to: ListingClaim): Promise<boolean> } {
    return {
      take: (claim) => store.transition(listing.id, 'active', 'claimed', { claim }),
      /** Hands the listing from a claim whose transfer was never submitted to the claim of the transfer built again (a checkout's round). */
      move: (from, to) => store.transition(listing.id, 'claimed', 'claimed', { claim: to }, from.claimId),
      release: async (claim) => {
        await store.transition(listing.id, 'claimed', 'active', { claim: null }, claim.claimId);
      },
      finish: (claim) => finishSale(listing, claim),
    };
  }

  /** Settles a claim whose outcome was never recorded from what the ledger says of its transaction (reconcileClaim); true when settled. */
  async function settleClaim(listing: PawsListing): Promise<boolean> {
    const claim = listing.claim;
    return listing.status === 'claimed' && !!claim && reconcileClaim(ledger, claim, listingClaims(listing), now());
  }

  /** The listing after settling its unrecorded claim, if the ledger tells how it ended. */
  async function reconcile(listing: PawsListing): Promise<PawsListing> {
    if (!(await settleClaim(listing))) return listing;
    return (await store.getListing(listing.id)) ?? listing;
  }

  return { listingClaims, settleClaim, reconcile };
}

export type ListingSales = ReturnType<typeof createListingSales>;
