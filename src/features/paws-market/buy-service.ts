import { randomUUID } from 'node:crypto';
import { DomainError } from '@/lib/domain-error';
import type { LedgerNft } from '@/features/ledger/ledger-reader-port';
import { type PawsListing, isOwnListing, publicListing } from './listing';
import { backsListing } from './listing-backing';
import type { MarketContext } from './market-context';
import type { ListingSales } from './listing-sales';
import { checkSale } from './sale-check';
import { type Settlement, settleClaimed, settlementTimeoutOf } from './settlement';
import { beforeSettlementReserveMs } from './trade-checks';
import { assertFeesPayable } from './trade-terms';
import type { AllowanceSpent, OfferCommitments } from './allowance-budget';
import { readPurchaseFunds } from './purchase-funds';

/** Buying a listing: checked on the ledger, claimed with a conditional write, settled atomically, recorded once; and its reconciliation. */
export function createBuyService(
  { store, ledger, settings, checks, terms, now, retire }: MarketContext,
  { settlement, commitments, sales }: { settlement: Settlement; commitments?: OfferCommitments | undefined; sales: ListingSales },
) {
  const { listingClaims, settleClaim, reconcile } = sales;
  const settlementTimeoutMs = settlementTimeoutOf(settings);
  const { canBePaid } = checks;

  /** True when the NFT backs the listing: the seller owns it and our marketplace is its spender (or its approval's receipt says so while the mirror catches up). */
  const backs = (nft: LedgerNft | null | undefined, listing: PawsListing) => backsListing(ledger, nft, listing, settings.marketplaceAccountId, now());

  /** True when the listing can still be settled, read afresh (a buy). */
  async function stillBacked(listing: PawsListing): Promise<boolean> {
    return backs(await ledger.getNft(listing.tokenId, listing.serialNumber), listing);
  }

  /** A listing as it stands for this buyer (a claim left unconfirmed settled from the ledger first): theirs already, for sale, or refused. */
  async function standing(listingId: string, buyerId: string): Promise<{ done: PawsListing } | { goods: PawsListing }> {
    let listing = await store.getListing(listingId);
    if (!listing) throw new DomainError('LISTING_NOT_FOUND', 'Listing not found');
    if (isOwnListing(listing, buyerId)) throw new DomainError('OWN_LISTING', 'You cannot buy your own NFT');
    if (listing.status === 'claimed') listing = await reconcile(listing);
    if (listing.status === 'sold' && listing.sale?.buyerId === buyerId) return { done: listing };
    if (listing.status === 'claimed') {
      if (listing.claim?.buyerId === buyerId) {
        throw new DomainError('PURCHASE_IN_PROGRESS', 'Your purchase of this tiger is being settled', { transactionId: listing.claim.transactionId });
      }
      throw new DomainError('PURCHASE_IN_PROGRESS', 'Another buyer is purchasing this tiger');
    }
    if (listing.status !== 'active') throw new DomainError('LISTING_UNAVAILABLE', 'This NFT is not currently listed for sale');
    return { goods: listing };
  }

  function purchaseResult(listing: PawsListing, allowance?: AllowanceSpent) {
    return { success: true, transactionId: listing.sale?.transactionId, listing: publicListing(listing), ...(allowance ? { allowance } : {}) };
  }

  return {
    /** Settles a listing's claim left unconfirmed (the reconciler), exactly as the next buy would; true when settled. */
    reconcileClaimed: settleClaim,

    /**
     * Buys a listing for the signed-in buyer: checks the listing on the ledger, the buyer's PAWS
     * allowance and balance, claims it with a conditional write (so racing buyers cannot both pay),
     * settles atomically, and marks it sold only on SUCCESS. Repeating a finished purchase returns it.
     */
    async buy(
      sessionAccountId: string,
      input: { listingId: string; buyerId: string; allowanceTransactionId?: string | undefined; lapseOffers?: readonly string[] | undefined },
    ) {
      const { buyerId } = input;
      const checked = await checkSale({
        actor: { sessionAccountId, accountId: buyerId, notYours: 'You can only buy for your own account' },
        standing: () => standing(input.listingId, buyerId),
        // The buyer just approved the price in the wallet: it must reach consensus before the allowance counts.
        approval: input.allowanceTransactionId
          ? () => checks.pawsApprovalSettled(input.allowanceTransactionId as string, buyerId, beforeSettlementReserveMs(settlementTimeoutMs))
          : undefined,
        async tigers(listing) {
          if (await stillBacked(listing)) return listing;
          await retire(listing);
          throw new DomainError('LISTING_UNAVAILABLE', 'This listing is no longer available: the tiger moved or its marketplace approval was revoked');
        },
        async sellersPayable(listing) {
          if (await canBePaid(listing.sellerId)) return listing;
          await retire(listing);
          throw new DomainError('LISTING_UNAVAILABLE', 'This listing is no longer available: its seller can no longer receive PAWS');
        },
        // A PAWS fee on the buyer (net of transfers, or fixed in PAWS) is debited with the price, from the same allowance.
        due: async (listing) =>
          (
            await assertFeesPayable(
              ledger,
              (
                await terms.read()
              ).fees,
              { price: BigInt(listing.priceBaseUnits), seller: listing.sellerId, buyer: buyerId },
              { what: 'this purchase', outcome: 'Nothing was charged.' },
            )
          ).buyerPays,
        async funded(_listing, due, approvedByReceipt) {
          const funds = await readPurchaseFunds(ledger, settings, commitments, buyerId);
          const { pawsDecimals } = await terms.read();
          // The buyer's offers stay funded unless the buyer let them lapse (else a top-up is asked first).
          return { funds, lapsed: funds.check(checks, { due, letLapse: new Set(input.lapseOffers ?? []), pawsDecimals }, approvedByReceipt) };
        },
      });
      if ('done' in checked) return purchaseResult(checked.done);
      const { goods: listing, due, funded, approvedByReceipt } = checked;
      await settleClaimed(
        settlement,
        {
          nftTokenId: listing.tokenId,
          serial: listing.serialNumber,
          sellerId: listing.sellerId,
          buyerId,
          pawsTokenId: settings.pawsTokenId,
          amount: BigInt(listing.priceBaseUnits),
        },
        listingClaims(listing),
        {
          claim: (transactionId) => ({ claimId: randomUUID(), buyerId, transactionId, claimedAt: new Date(now()).toISOString() }),
          lost: () => new DomainError('PURCHASE_IN_PROGRESS', 'Another buyer is purchasing this tiger'),
          settlementTimeoutMs,
          noun: 'purchase',
        },
      );
      // Paid from the allowance as it stood (an approval known by its receipt alone is not read yet): what it was and is now.
      const allowance = approvedByReceipt ? undefined : await funded.funds.spent(due, funded.lapsed, (await terms.read()).pawsDecimals);
      return purchaseResult((await store.getListing(listing.id)) ?? listing, allowance);
    },
  };
}
