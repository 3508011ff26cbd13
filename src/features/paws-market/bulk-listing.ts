/**
 * Listing and unlisting several tigers at once: one price or a price each, the pending listings
 * approved by as few allowance transactions as the ledger's limit allows (allowance-rules.ts), each
 * listing going live once its approval settled; and several listings taken down at once, their
 * allowances then revoked together. Each tiger's outcome is answered on its own.
 */
import { DomainError } from '@/lib/domain-error';
import { MAX_BULK_TIGERS } from '@/features/allowances/allowance-rules';
import { itemOutcome } from '@/features/ledger/errors';
import { INVALID_PRICE_MESSAGE, type PawsListing, parsePawsPrice } from './listing';
import type { ActivationReads, ListingActivation } from './listing-activation';
import type { MarketContext } from './market-context';
import { WRITE_RESERVE_MS } from './trade-checks';
import { assertFeesPayable } from './trade-terms';

/** `load` called once per distinct arguments (joined as the key), its promise shared by every caller of this request. */
function memo<A extends string[], T>(load: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  const kept = new Map<string, Promise<T>>();
  return (...args) => {
    const key = args.join('|');
    let found = kept.get(key);
    if (!found) {
      found = load(...args);
      kept.set(key, found);
    }
    return found;
  };
}

/** Bulk listing and unlisting over the market's store, ledger and checks, and the listings' activation. */
/** What a bulk unlist says it did: how many listings came down (none, when none did), and what is left to do. */
export function unlistMessage(removed: number, failed: number): string {
  const notRemoved = failed ? ` ${failed} could not be removed.` : '';
  if (!removed) return `No listing was removed.${notRemoved}`;
  return `${removed} ${removed === 1 ? 'listing' : 'listings'} removed.${notRemoved} Revoke the marketplace's permission on ${removed === 1 ? 'its tiger' : 'their tigers'} in your wallet to finish.`;
}

export function createBulkListing(
  { store, ledger, settings, checks, terms }: MarketContext,
  { activation, unlist }: { activation: ListingActivation; unlist: (sessionAccountId: string, listingId: string) => Promise<unknown> },
) {
  return {
    /**
     * Checks the seller, every serial (theirs, not listed) and every price, and stores a pending
     * listing for each, to approve in as few allowance transactions as the ledger allows.
     */
    async prepareListings(
      sessionAccountId: string,
      input: { sellerId: string; tokenId: string; items: readonly { serialNumber: number; pawsPrice: string }[] },
    ) {
      if (input.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only list tigers from your own account');
      if (input.tokenId !== settings.nftTokenId) throw new DomainError('WRONG_TOKEN', `Only Wild Tigers (${settings.nftTokenId}) can be listed`);
      if (input.items.length > MAX_BULK_TIGERS) throw new DomainError('INVALID_REQUEST', `At most ${MAX_BULK_TIGERS} tigers can be listed at once`);
      const { pawsDecimals, fees } = await terms.read();
      const priced = input.items.map((item) => {
        const parsed = parsePawsPrice(item.pawsPrice, pawsDecimals);
        if ('problem' in parsed) {
          throw new DomainError('INVALID_PRICE', INVALID_PRICE_MESSAGE, { reason: `The price of Wild Tiger #${item.serialNumber} must be ${parsed.problem}` });
        }
        return { serial: item.serialNumber, price: parsed.units };
      });
      const held = await checks.heldTigers(input.sellerId);
      for (const { serial } of priced) if (!held.has(serial)) await checks.ownedTiger(serial, input.sellerId);
      await checks.requireSellerPayable(input.sellerId, 'listing');
      // The buyer is not known yet: the check is for any buyer who pays no fee of its own. Who is paid, and how many
      // balance changes a sale makes, do not depend on the price, so one tiger's price stands for all.
      await assertFeesPayable(
        ledger,
        fees,
        { price: priced[0]?.price ?? 1n, seller: input.sellerId, buyer: settings.marketplaceAccountId },
        { what: 'any sale of these tigers', outcome: 'Nothing was listed.' },
      );
      const holders = await Promise.all(priced.map((item) => store.lockHolder(input.tokenId, item.serial)));
      const live = await Promise.all(holders.map(async (holder) => !!holder && (await store.getListing(holder))?.status === 'active'));
      const listed = priced.filter((_, index) => live[index]).map((item) => `#${item.serial}`);
      if (listed.length) throw new DomainError('ALREADY_LISTED', `Already listed: Wild Tiger ${listed.join(', ')}`);
      const pendingListings = await Promise.all(priced.map((item) => activation.newPending(input.sellerId, item.serial, item.price, pawsDecimals)));
      return { success: true, marketplaceAccountId: settings.marketplaceAccountId, pendingListings };
    },

    /**
     * After the seller's approvals: each approval is waited for once (its receipt, else the mirror),
     * then each pending listing it covers goes live; each tiger's outcome is answered (a listing
     * already completed is answered again, so asking twice lists nothing twice).
     */
    async completeListings(sessionAccountId: string, input: { items: readonly { pendingListingId: string; approvalTransactionId: string }[] }) {
      // Each approval is waited for once; the seller's tigers are read once per approval, after it settled (so the read shows what it made).
      const settled = memo((approvalId: string, sellerId: string) => checks.nftApprovalSettled(approvalId, sellerId, WRITE_RESERVE_MS, 'seller'));
      const heldAfter = memo((_approvalId: string, sellerId: string) => checks.heldTigers(sellerId));
      const payable = memo((sellerId: string) => checks.requireSellerPayable(sellerId, 'listing'));
      const readsAfter = (approvalId: string): ActivationReads => ({
        tiger: async (serial, sellerId) => (await heldAfter(approvalId, sellerId)).get(serial) ?? checks.ownedTiger(serial, sellerId),
        sellerPayable: payable,
      });
      const results = await Promise.all(
        input.items.map(async (item) => ({
          item,
          result: await itemOutcome(
            () =>
              activation.complete(
                sessionAccountId,
                item,
                (pending) => settled(item.approvalTransactionId, pending.sellerId),
                readsAfter(item.approvalTransactionId),
              ),
            // An approval not confirmed yet: the whole request is asked again once it is.
            { rethrow: ['LEDGER_PENDING'] },
          ),
        })),
      );
      return {
        success: true,
        listings: results.flatMap(({ result }) => ('ok' in result ? [result.ok.listing] : [])),
        failed: results.flatMap(({ item, result }) => ('ok' in result ? [] : [{ pendingListingId: item.pendingListingId, ...result }])),
      };
    },

    /** Takes down several of the seller's listings; each one's outcome is answered. Revoking their allowances (one transaction per 20) finishes it. */
    async unlistMany(sessionAccountId: string, listingIds: readonly string[]) {
      // A listing this seller already took down (a repeated request after a lost answer) counts as removed: its revocation still follows.
      const removeOnce = async (listingId: string) => {
        const listing = await store.getListing(listingId);
        if (listing?.status === 'removed' && listing.sellerId === sessionAccountId) return;
        await unlist(sessionAccountId, listingId);
      };
      const results = await Promise.all(listingIds.map(async (listingId) => ({ listingId, result: await itemOutcome(() => removeOnce(listingId)) })));
      const listings = await Promise.all(results.map(({ listingId }) => store.getListing(listingId)));
      const serialOf = (listingId: string) => listings.find((listing): listing is PawsListing => listing?.id === listingId)?.serialNumber ?? null;
      const removed = results.filter(({ result }) => 'ok' in result).map(({ listingId }) => ({ listingId, serialNumber: serialOf(listingId) }));
      const failed = results.flatMap(({ listingId, result }) => ('ok' in result ? [] : [{ listingId, serialNumber: serialOf(listingId), ...result }]));
      return { success: true, removed, failed, message: unlistMessage(removed.length, failed.length) };
    },
  };
}
