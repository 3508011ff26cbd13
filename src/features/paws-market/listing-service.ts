import { DomainError } from '@/lib/domain-error';
import { createTtlCache } from '@/platform/ttl-cache';
import type { TraitSelection } from '@/features/collection/collection-rules';
import { LedgerError } from '@/features/ledger/errors';
import { INVALID_PRICE_MESSAGE, type PawsListing, parsePawsPrice, publicListing } from './listing';
import type { ListingActivation } from './listing-activation';
import { listingTroubles } from './listing-backing';
import type { PendingListing } from './listing-repo';
import { DEFAULT_PAWS_SORT, type PawsSortKey, type SweepRequest, filterListings, listingTraitCounts, sortListings, sweepPick } from './listings-view-rules';
import { formatUnits } from '@/features/balances/units';
import type { MarketContext } from './market-context';
import { WRITE_RESERVE_MS } from './trade-checks';
import { assertFeesPayable } from './trade-terms';

/** How long the listing health job trusts that a seller can receive PAWS (a buy always checks afresh). */
const SELLER_CHECK_TTL_MS = 5 * 60_000;

/** Listing and unlisting tigers, the listings' reads and their health job. */
export function createListingService(
  { store, ledger, settings, checks, terms, now, retire }: MarketContext,
  { newPending, activate, complete }: ListingActivation,
) {
  const decimals = async () => (await terms.read()).pawsDecimals;
  const { canBePaid } = checks;
  const sellerPayable = createTtlCache<boolean>(SELLER_CHECK_TTL_MS, { now });

  /** The ids of the listings that can still be bought (listingTroubles; each seller's PAWS association kept 5 min). */
  async function healthyIds(listings: readonly PawsListing[]): Promise<Set<string>> {
    const troubles = await listingTroubles(ledger, listings, {
      nftTokenId: settings.nftTokenId,
      marketplace: settings.marketplaceAccountId,
      now: now(),
      canBePaid: (seller) => sellerPayable.get(seller, () => canBePaid(seller)),
    });
    return new Set(listings.filter((_, index) => !troubles[index]).map((listing) => listing.id));
  }

  return {
    /**
     * The listing health job: checks every active listing on the ledger (healthyIds: its tiger still
     * the seller's with the marketplace approved, the seller payable) and takes down those that can
     * no longer be bought. A run costs a mirror page per 100 serials the listings span (34 at most)
     * and a read per seller not read in 5 minutes, whatever the page views.
     */
    async checkListings(): Promise<{ checked: number; retired: number }> {
      const active = await store.activeListings();
      const healthy = await healthyIds(active);
      const unhealthy = active.filter((listing) => !healthy.has(listing.id));
      await Promise.all(unhealthy.map(retire));
      return { checked: active.length, retired: unhealthy.length };
    },

    /** Active listings (as the listing health job last found them, never read from the ledger here), filtered by traits and sorted (newest first by default), one page with the trait counts. */
    async listActive(page: number, limit: number, browse: { sort?: PawsSortKey; traits?: TraitSelection } = {}) {
      // Read from the store alone: the listing health job takes down what can no longer be bought, and a buy checks afresh.
      const buyable = await store.activeListings();
      const traits = browse.traits ?? {};
      const listings = sortListings(filterListings(buyable, traits), browse.sort ?? DEFAULT_PAWS_SORT);
      const start = (page - 1) * limit;
      return {
        listings: listings.slice(start, start + limit).map(publicListing),
        total: listings.length,
        page,
        limit,
        /** Every listing's count before the trait filter, and each trait value's count given the other filters. */
        allTotal: buyable.length,
        traitCounts: listingTraitCounts(buyable, traits),
      };
    },

    /** The cheapest live listings a sweep of the floor buys (sweepPick), read from the store as the listings page reads them (a checkout checks each afresh). */
    async sweep(request: Omit<SweepRequest, 'maxTotal'> & { maxTotal?: string | undefined }) {
      const tokenDecimals = await decimals();
      const maxTotal = request.maxTotal === undefined ? undefined : parsePawsPrice(request.maxTotal, tokenDecimals);
      if (maxTotal && 'problem' in maxTotal) throw new DomainError('INVALID_AMOUNT', `The maximum total must be ${maxTotal.problem}`);
      const { picked, short } = sweepPick(await store.activeListings(), { ...request, maxTotal: maxTotal?.units });
      const total = picked.reduce((sum, listing) => sum + BigInt(listing.priceBaseUnits), 0n);
      return { listings: picked.map(publicListing), total: formatUnits(total, tokenDecimals), short };
    },

    /** A seller's active listings. */
    async sellerListings(sellerId: string) {
      const listings = await store.sellerListings(sellerId);
      return { listings: listings.filter((listing) => listing.status === 'active' || listing.status === 'claimed').map(publicListing) };
    },

    /** Checks the seller, the serial and the price, and returns the pending listing to approve. */
    async prepareListing(sessionAccountId: string, input: { sellerId: string; tokenId: string; serialNumber: number; pawsPrice: string }) {
      if (input.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only list tigers from your own account');
      if (input.tokenId !== settings.nftTokenId) throw new DomainError('WRONG_TOKEN', `Only Wild Tigers (${settings.nftTokenId}) can be listed`);
      const tokenDecimals = await decimals();
      const parsed = parsePawsPrice(input.pawsPrice, tokenDecimals);
      if ('problem' in parsed) throw new DomainError('INVALID_PRICE', INVALID_PRICE_MESSAGE, { reason: `The price must be ${parsed.problem}` });
      const price = parsed.units;
      await checks.ownedTiger(input.serialNumber, input.sellerId);
      await checks.requireSellerPayable(input.sellerId, 'listing');
      // The buyer is not known yet: the check is for any buyer who pays no fee of its own.
      await assertFeesPayable(
        ledger,
        (await terms.read()).fees,
        { price, seller: input.sellerId, buyer: settings.marketplaceAccountId },
        { what: 'any sale of this tiger', outcome: 'Nothing was listed.' },
      );
      const holder = await store.lockHolder(input.tokenId, input.serialNumber);
      if (holder && (await store.getListing(holder))?.status === 'active') throw new DomainError('ALREADY_LISTED', 'This tiger is already listed');
      const pending = await newPending(input.sellerId, input.serialNumber, price, tokenDecimals);
      return { success: true, marketplaceAccountId: settings.marketplaceAccountId, pendingListing: pending };
    },

    /**
     * After the seller's approval: waits until it reached consensus (its receipt, else the mirror
     * node), checks the tiger (the approval's receipt stands for the allowance until the mirror shows
     * it) and writes the one active listing. Asking again for a completed listing (a retry, a late
     * wallet answer) returns it.
     */
    async completeListing(sessionAccountId: string, input: { pendingListingId: string; approvalTransactionId: string }) {
      return complete(sessionAccountId, input, (pending) =>
        checks.nftApprovalSettled(input.approvalTransactionId, pending.sellerId, WRITE_RESERVE_MS, 'seller'),
      );
    },

    /**
     * A pending listing whose seller's completion never came, past its expiry (the reconciler):
     * listed when the ledger shows what completing checks (the seller owns the tiger, the marketplace
     * is approved for it, the seller can be paid), dropped when it does not. A ledger that cannot be
     * read leaves it for the next run.
     */
    async settleExpiredPending(pending: PendingListing): Promise<'listed' | 'dropped'> {
      try {
        await activate(pending, null);
        return 'listed';
      } catch (error) {
        if (!(error instanceof DomainError) || error instanceof LedgerError) throw error;
        await store.deletePending(pending.id);
        return 'dropped';
      }
    },

    /** Removes the seller's own active listing. */
    async unlist(sessionAccountId: string, listingId: string) {
      const listing = await store.getListing(listingId);
      if (!listing) throw new DomainError('LISTING_NOT_FOUND', 'Listing not found');
      if (listing.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only unlist your own tigers');
      if (listing.status !== 'active' && listing.status !== 'invalid')
        throw new DomainError('LISTING_NOT_REMOVABLE', `This listing is ${listing.status} and cannot be removed`);
      if (!(await store.transition(listing.id, listing.status, 'removed')))
        throw new DomainError('LISTING_CHANGED', 'This listing changed; refresh and try again');
      await store.releaseLock(listing.tokenId, listing.serialNumber, listing.id);
      return { success: true, message: 'Listing removed. Revoke the marketplace allowance in your wallet to finish.' };
    },
  };
}
