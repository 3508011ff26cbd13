import { randomUUID } from 'node:crypto';
import { DomainError } from '@/lib/domain-error';
import { isPastValidity } from '@/features/ledger/transaction-visibility';
import { type PawsFunds, fundedOffers } from '@/features/paws-market/allowance-budget';
import { type BatchSettlement, type Settlement, settleClaimed } from '@/features/paws-market/settlement';
import { createBulkAccepting } from './offer-bulk-accepting';
import { DEFAULT_SETTLEMENT_TIMEOUT_MS, WRITE_RESERVE_MS, beforeSettlementReserveMs } from '@/features/paws-market/trade-checks';
import { assertFeesPayable } from '@/features/paws-market/trade-terms';
import type { OfferClaims } from './offer-claims';
import type { AcceptOfferInput, OfferContext, ReadySale } from './offer-context';
import { type OfferClaim, type OfferFill, type PawsOffer, isLive, offerMatches } from './offer-rules';

/** Accepting an offer: one of the owner's tigers sold to it, settled as a purchase is. */
export function createOfferAccepting(context: OfferContext, claims: OfferClaims, settlement: Settlement & Partial<BatchSettlement>) {
  const { afterFill, unitClaims, reconcile } = claims;
  const { offers, listings, ledger, settings, rarity, terms, checks, now, funding, commitmentsOf, requireOffer, unavailable } = context;
  const settlementTimeoutMs = settings.settlementTimeoutMs ?? DEFAULT_SETTLEMENT_TIMEOUT_MS;
  const iso = (ms: number) => new Date(ms).toISOString();

  function acceptResult(offer: PawsOffer, serial: number, fill: OfferFill) {
    return {
      success: true,
      transactionId: fill.transactionId,
      sale: {
        offerId: offer.id,
        serialNumber: serial,
        sellerId: fill.sellerId,
        buyerId: offer.buyerId,
        pawsAmount: offer.pawsAmount,
        transactionId: fill.transactionId,
        filledAt: fill.filledAt,
      },
    };
  }

  /**
   * Everything one acceptance checks before anything moves; `approvalSettled` waits for the owner's
   * approval (true when only its receipt shows it yet), once per request in a bulk acceptance. A sale
   * already made by this seller answers `done`.
   */
  async function check(
    sessionAccountId: string,
    input: AcceptOfferInput,
    approvalSettled: (approvalId: string) => Promise<boolean>,
  ): Promise<{ done: ReturnType<typeof acceptResult> } | ReadySale> {
    if (input.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only accept offers for your own tigers');
    const offer = await reconcile(await requireOffer(input.offerId));
    const serial = input.serialNumber;
    const fill = offer.fills[String(serial)];
    if (fill?.sellerId === input.sellerId) {
      await afterFill(offer, serial, fill);
      return { done: acceptResult(offer, serial, fill) };
    }
    if (fill) throw new DomainError('OFFER_UNAVAILABLE', `Wild Tiger #${serial} already filled this offer`);
    const held = offer.claims[String(serial)];
    if (held) {
      const own = held.sellerId === input.sellerId;
      throw new DomainError('OFFER_IN_PROGRESS', own ? 'Your sale of this tiger is being settled' : 'A sale of this tiger is being settled', {
        ...(own ? { transactionId: held.transactionId } : {}),
      });
    }
    if (offer.buyerId === input.sellerId) throw new DomainError('OWN_OFFER', 'You cannot accept your own offer');
    if (!isLive(offer, now())) throw unavailable(offer);
    if (!offerMatches(offer, serial, (await rarity()).rarityData[String(serial)])) {
      throw new DomainError('OFFER_NOT_MATCHING', `Wild Tiger #${serial} is not a tiger this offer asks for`);
    }
    // Read afresh (and stored: page views show the offer unfunded from now on when it is), before the owner signs anything.
    const funds = await requireFunded(offer);
    // The owner's approval, confirmed by its receipt while the mirror does not show it yet.
    let approvedByReceipt = false;
    if (input.approvalTransactionId) {
      // The owner just approved the tiger in the wallet: it must reach consensus before the tiger's spender counts.
      approvedByReceipt = await approvalSettled(input.approvalTransactionId);
    }
    const nft = await checks.ownedTiger(serial, input.sellerId);
    await checks.requireSellerPayable(input.sellerId, 'accepting an offer');
    const { fees } = await terms.read();
    const sale = { price: BigInt(offer.amountBaseUnits), seller: input.sellerId, buyer: offer.buyerId };
    // A PAWS fee on the buyer (net of transfers, or fixed in PAWS) is debited with the offer, from the same allowance.
    const refused = { what: 'this sale', outcome: 'Nothing was charged, and your tiger stays yours.' };
    const due = (await assertFeesPayable(ledger, fees, sale, refused)).buyerPays;
    const holder = await listings.lockHolder(settings.nftTokenId, serial);
    const listing = holder ? await listings.getListing(holder) : undefined;
    if (listing?.status === 'claimed' && listing.claim && !isPastValidity(listing.claim.transactionId, now())) {
      throw new DomainError('PURCHASE_IN_PROGRESS', 'A buyer is purchasing this tiger');
    }
    // What is due is the offer's amount and any fee on the buyer: covering it covers the offer.
    if (funds.available < due || funds.allowance < due) throw await unfunded(offer);
    // Last: every other check passed before the owner is asked to approve the tiger in the wallet.
    // An approval known by its receipt alone is checked by the settlement: an approved transfer without it is refused at consensus.
    checks.requireApproved(
      nft,
      approvedByReceipt,
      () =>
        new DomainError('NFT_ALLOWANCE_MISSING', 'Approve the marketplace for this tiger in your wallet to accept the offer', {
          tokenId: settings.nftTokenId,
          serialNumber: serial,
          spenderAccountId: settings.marketplaceAccountId,
        }),
    );
    return { offer, serial, sellerId: input.sellerId, due, funds };
  }

  /** OFFER_UNFUNDED, or what the offer became when its last unit was just sold (which spent the allowance). */
  async function unfunded(offer: PawsOffer): Promise<DomainError> {
    const latest = await offers.getOffer(offer.id);
    if (latest && !isLive(latest, now())) return unavailable(latest);
    return new DomainError('OFFER_UNFUNDED', 'This offer is unfunded: its buyer’s PAWS balance or allowance no longer covers it');
  }

  /**
   * The maker's PAWS, read afresh (and stored for page views): the offer must be one their allowance
   * funds, as one budget over all their open offers and purchases being settled (oldest offers first).
   */
  async function requireFunded(offer: PawsOffer): Promise<PawsFunds> {
    const [funds, commitments] = await Promise.all([funding.read(offer.buyerId), commitmentsOf(offer.buyerId)]);
    if (!fundedOffers(commitments.offers, funds, commitments.held).has(offer.id)) throw await unfunded(offer);
    return funds;
  }

  /** The answer when a unit could not be claimed: the seller's own sale of it under way or done, or another owner's. */
  async function lostUnit(offer: PawsOffer, serial: number, sellerId: string): Promise<DomainError> {
    const latest = (await offers.getOffer(offer.id)) ?? offer;
    const same = latest.claims[String(serial)] ?? latest.fills[String(serial)];
    if (same?.sellerId === sellerId) {
      return new DomainError('OFFER_IN_PROGRESS', 'Your sale of this tiger is being settled', { transactionId: same.transactionId });
    }
    return new DomainError('OFFER_UNAVAILABLE', 'This offer was just filled by another owner');
  }

  /** The acceptance's answer once its unit is filled. */
  async function filledResult({ offer, serial, sellerId }: ReadySale, claim: OfferClaim) {
    const after = (await offers.getOffer(offer.id)) ?? offer;
    const filled = after.fills[String(serial)] ?? { sellerId, transactionId: claim.transactionId, filledAt: claim.claimedAt };
    return acceptResult(after, serial, filled);
  }

  /** Settles one checked sale as a purchase: its unit claimed with a conditional write, one atomic transfer. */
  async function settleOne(ready: ReadySale) {
    const { offer, serial, sellerId, due, funds } = ready;
    const claim = await settleClaimed(
      settlement,
      { nftTokenId: settings.nftTokenId, serial, sellerId, buyerId: offer.buyerId, pawsTokenId: settings.pawsTokenId, amount: BigInt(offer.amountBaseUnits) },
      unitClaims(offer, serial),
      {
        claim: (transactionId) => ({ claimId: randomUUID(), sellerId, transactionId, claimedAt: iso(now()) }),
        // The same tiger's sale under way or done (a repeated request): its transaction is followed and the acceptance asked again.
        lost: () => lostUnit(offer, serial, sellerId),
        settlementTimeoutMs,
        reserveMs: WRITE_RESERVE_MS,
        noun: 'sale',
      },
    );
    // The sale spent `due` of the maker's balance and allowance: page views see what is left.
    await funding.remember(offer.buyerId, { available: funds.available - due, allowance: funds.allowance - due }, now());
    return filledResult(ready, claim);
  }

  /** One acceptance: checked, then settled on its own. */
  async function accept(sessionAccountId: string, input: AcceptOfferInput, approvalSettled: (approvalId: string) => Promise<boolean>) {
    const checked = await check(sessionAccountId, input, approvalSettled);
    return 'done' in checked ? checked.done : settleOne(checked);
  }

  return {
    /**
     * Sells one of the owner's tigers to an offer: checks the offer (live, matching, funded), the
     * tiger (owned, approved to the marketplace: NFT_ALLOWANCE_MISSING otherwise) and settles it as a
     * purchase (one unit claimed with a conditional write, one atomic transfer). The tiger's PAWS
     * listing is taken down. Repeating a finished acceptance returns it.
     */
    acceptOffer(sessionAccountId: string, input: AcceptOfferInput) {
      return accept(sessionAccountId, input, (approvalId) =>
        checks.nftApprovalSettled(approvalId, input.sellerId, beforeSettlementReserveMs(settlementTimeoutMs), 'owner'),
      );
    },

    ...createBulkAccepting(context, claims, settlement, { check, settleOne, lostUnit, filledResult }),
  };
}
