import { randomUUID } from 'node:crypto';
import { DomainError } from '../../lib/domain-error';
import type { LedgerNft } from '../ledger/ledger-reader';
import { type PawsListing, isOwnListing, publicListing } from './listing';
import { backsListing } from './listing-backing';
import type { MarketContext } from './paws-market-service';
import type { ListingSales } from './listing-sales';
import { type Settlement, settleClaimed } from './settlement';
import { DEFAULT_SETTLEMENT_TIMEOUT_MS, WRITE_RESERVE_MS, beforeSettlementReserveMs } from './trade-checks';
import { assertFeesPayable } from './trade-terms';

/** Buying a listing: checked on the ledger, claimed with a conditional write, settled atomically, recorded once; and its reconciliation. */
export function createBuyService(
  { store, ledger, settings, checks, terms, now, retire }: MarketContext,
  { settlement, reservedPaws, sales }: { settlement: Settlement; reservedPaws?: (buyerId: string) => Promise<bigint>; sales: ListingSales },
) {
  const { listingClaims, settleClaim, reconcile } = sales;
  const settlementTimeoutMs = settings.settlementTimeoutMs ?? DEFAULT_SETTLEMENT_TIMEOUT_MS;
  const { canBePaid } = checks;

  /** True when the NFT backs the listing: the seller owns it and our marketplace is its spender (or its approval's receipt says so while the mirror catches up). */
  const backs = (nft: LedgerNft | null | undefined, listing: PawsListing) => backsListing(ledger, nft, listing, settings.marketplaceAccountId, now());

  /** True when the listing can still be settled, read afresh (a buy). */
  async function stillBacked(listing: PawsListing): Promise<boolean> {
    return backs(await ledger.getNft(listing.tokenId, listing.serialNumber), listing);
  }

  function purchaseResult(listing: PawsListing) {
    return { success: true, transactionId: listing.sale?.transactionId, listing: publicListing(listing) };
  }

  return {
    /** Settles a listing's claim left unconfirmed (the reconciler), exactly as the next buy would; true when settled. */
    reconcileClaimed: settleClaim,

    /**
     * Buys a listing for the signed-in buyer: checks the listing on the ledger, the buyer's PAWS
     * allowance and balance, claims it with a conditional write (so racing buyers cannot both pay),
     * settles atomically, and marks it sold only on SUCCESS. Repeating a finished purchase returns it.
     */
    async buy(sessionAccountId: string, input: { listingId: string; buyerId: string; allowanceTransactionId?: string | undefined }) {
      if (input.buyerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only buy for your own account');
      let listing = await store.getListing(input.listingId);
      if (!listing) throw new DomainError('LISTING_NOT_FOUND', 'Listing not found');
      if (isOwnListing(listing, input.buyerId)) throw new DomainError('OWN_LISTING', 'You cannot buy your own NFT');
      if (listing.status === 'claimed') listing = await reconcile(listing);
      if (listing.status === 'sold' && listing.sale?.buyerId === input.buyerId) return purchaseResult(listing);
      if (listing.status === 'claimed') {
        if (listing.claim?.buyerId === input.buyerId) {
          throw new DomainError('PURCHASE_IN_PROGRESS', 'Your purchase of this tiger is being settled', { transactionId: listing.claim.transactionId });
        }
        throw new DomainError('PURCHASE_IN_PROGRESS', 'Another buyer is purchasing this tiger');
      }
      if (listing.status !== 'active') throw new DomainError('LISTING_UNAVAILABLE', 'This NFT is not currently listed for sale');
      // The buyer's approval, confirmed by its receipt while the mirror does not show it yet.
      let approvedByReceipt = false;
      if (input.allowanceTransactionId) {
        // The buyer just approved the price in the wallet: it must reach consensus before the allowance counts.
        approvedByReceipt = await checks.pawsApprovalSettled(input.allowanceTransactionId, input.buyerId, beforeSettlementReserveMs(settlementTimeoutMs));
      }
      if (!(await stillBacked(listing))) {
        await retire(listing);
        throw new DomainError('LISTING_UNAVAILABLE', 'This listing is no longer available: the tiger moved or its marketplace approval was revoked');
      }
      if (!(await canBePaid(listing.sellerId))) {
        await retire(listing);
        throw new DomainError('LISTING_UNAVAILABLE', 'This listing is no longer available: its seller can no longer receive PAWS');
      }
      const price = BigInt(listing.priceBaseUnits);
      const { pawsDecimals: tokenDecimals, fees } = await terms.read();
      const sale = { price, seller: listing.sellerId, buyer: input.buyerId };
      // A PAWS fee on the buyer (net of transfers, or fixed in PAWS) is debited with the price, from the same allowance.
      const due = (await assertFeesPayable(ledger, fees, sale, { what: 'this purchase', outcome: 'Nothing was charged.' })).buyerPays;
      const [allowance, balance, reserved] = await Promise.all([
        ledger.getTokenAllowance(input.buyerId, settings.pawsTokenId, settings.marketplaceAccountId),
        ledger.getTokenBalance(input.buyerId, settings.pawsTokenId),
        reservedPaws?.(input.buyerId) ?? 0n,
      ]);
      const available = balance.associated ? balance.balance : 0n;
      // A short allowance asks for what the buyer's offers and other purchases keep besides this one.
      checks.requireFunded({ due, available, allowance, allowanceNeeded: due, allowanceAsked: due + reserved, pawsDecimals: tokenDecimals }, approvedByReceipt);
      const buyerId = input.buyerId;
      await settleClaimed(
        settlement,
        { nftTokenId: listing.tokenId, serial: listing.serialNumber, sellerId: listing.sellerId, buyerId, pawsTokenId: settings.pawsTokenId, amount: price },
        listingClaims(listing),
        {
          claim: (transactionId) => ({ claimId: randomUUID(), buyerId, transactionId, claimedAt: new Date(now()).toISOString() }),
          lost: () => new DomainError('PURCHASE_IN_PROGRESS', 'Another buyer is purchasing this tiger'),
          settlementTimeoutMs,
          reserveMs: WRITE_RESERVE_MS,
          noun: 'purchase',
        },
      );
      return purchaseResult((await store.getListing(listing.id)) ?? listing);
    },
  };
}
