import { randomUUID } from 'node:crypto';
import { DomainError } from '@/lib/domain-error';
import { isPastValidity } from '@/features/ledger/transaction-visibility';
import { type PawsFunds, fundedOffers } from '@/features/paws-market/allowance-budget';
import type { LedgerNft } from '@/features/ledger/ledger-reader-port';
import { checkSale } from '@/features/paws-market/sale-check';
import { type BatchSettlement, type Settlement, settleClaimed, settlementTimeoutOf } from '@/features/paws-market/settlement';
import { createBulkAccepting } from './offer-bulk-accepting';
import { beforeSettlementReserveMs } from '@/features/paws-market/trade-checks';
import { assertFeesPayable } from '@/features/paws-market/trade-terms';
import type { OfferClaims } from './offer-claims';
import type { AcceptOfferInput, OfferContext, ReadySale } from './offer-context';
import { type OfferClaim, type OfferFill, type PawsOffer, isLive, offerMatches } from './offer-rules';

/** Accepting an offer: one of the owner's tigers sold to it, settled as a purchase is. */
export function createOfferAccepting(context: OfferContext, claims: OfferClaims, settlement: Settlement & Partial<BatchSettlement>) {
  const { afterFill, unitClaims, reconcile } = claims;
  const { offers, listings, ledger, settings, rarity, terms, checks, now, funding, commitmentsOf, requireOffer, unavailable } = context;
  const settlementTimeoutMs = settlementTimeoutOf(settings);
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

  /** The offer's unit for this tiger as it stands: this seller's sale already made (`done`), or open to this sale; else refused. */
  async function standing(input: AcceptOfferInput): Promise<{ done: ReturnType<typeof acceptResult> } | { goods: PawsOffer }> {
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
    return { goods: offer };
  }

  /**
   * Everything one acceptance checks before anything moves, through checkSale; `approvalSettled`
   * waits for the owner's approval (true when only its receipt shows it yet), once per request in a
   * bulk acceptance. A sale already made by this seller answers `done`.
   */
  async function check(
    sessionAccountId: string,
    input: AcceptOfferInput,
    approvalSettled: (approvalId: string) => Promise<boolean>,
  ): Promise<{ done: ReturnType<typeof acceptResult> } | ReadySale> {
    const { sellerId, serialNumber: serial, approvalTransactionId } = input;
    let nft: LedgerNft | undefined;
    const checked = await checkSale({
      actor: { sessionAccountId, accountId: sellerId, notYours: 'You can only accept offers for your own tigers' },
      standing: () => standing(input),
      // The owner just approved the tiger in the wallet: it must reach consensus before the tiger's spender counts.
      approval: approvalTransactionId ? () => approvalSettled(approvalTransactionId) : undefined,
      async tigers(offer) {
        nft = await checks.ownedTiger(serial, sellerId);
        const holder = await listings.lockHolder(settings.nftTokenId, serial);
        const listing = holder ? await listings.getListing(holder) : undefined;
        if (listing?.status === 'claimed' && listing.claim && !isPastValidity(listing.claim.transactionId, now())) {
          throw new DomainError('PURCHASE_IN_PROGRESS', 'A buyer is purchasing this tiger');
        }
        return offer;
      },
      async sellersPayable(offer) {
        await checks.requireSellerPayable(sellerId, 'accepting an offer');
        return offer;
      },
      // A PAWS fee on the buyer (net of transfers, or fixed in PAWS) is debited with the offer, from the same allowance.
      due: async (offer) =>
        (
          await assertFeesPayable(
            ledger,
            (
              await terms.read()
            ).fees,
            { price: BigInt(offer.amountBaseUnits), seller: sellerId, buyer: offer.buyerId },
            { what: 'this sale', outcome: 'Nothing was charged, and your tiger stays yours.' },
          )
        ).buyerPays,
      // The maker's PAWS read afresh (and stored: page views show the offer unfunded from now on when it is).
      funded: (offer, due) => requireFunded(offer, due),
      // Last: every other check passed before the owner is asked to approve the tiger in the wallet.
      // An approval known by its receipt alone is checked by the settlement: an approved transfer without it is refused at consensus.
      movable: (_offer, approvedByReceipt) =>
        checks.requireApproved(
          nft as LedgerNft,
          approvedByReceipt,
          () =>
            new DomainError('NFT_ALLOWANCE_MISSING', 'Approve the marketplace for this tiger in your wallet to accept the offer', {
              tokenId: settings.nftTokenId,
              serialNumber: serial,
              spenderAccountId: settings.marketplaceAccountId,
            }),
        ),
    });
    if ('done' in checked) return checked;
    return { offer: checked.goods, serial, sellerId, due: checked.due, funds: checked.funded };
  }

  /** OFFER_UNFUNDED, or what the offer became when its last unit was just sold (which spent the allowance). */
  async function unfunded(offer: PawsOffer): Promise<DomainError> {
    const latest = await offers.getOffer(offer.id);
    if (latest && !isLive(latest, now())) return unavailable(latest);
    return new DomainError('OFFER_UNFUNDED', 'This offer is unfunded: its buyer’s PAWS balance or allowance no longer covers it');
  }

  /**
   * The maker's PAWS, read afresh (and stored for page views): the offer must be one their allowance
   * funds, as one budget over all their open offers and purchases being settled (oldest offers
   * first), and they must cover `due`, the offer's amount and any fee on the buyer.
   */
  async function requireFunded(offer: PawsOffer, due: bigint): Promise<PawsFunds> {
    const [funds, commitments] = await Promise.all([funding.read(offer.buyerId), commitmentsOf(offer.buyerId)]);
    if (!fundedOffers(commitments.offers, funds, commitments.held).has(offer.id)) throw await unfunded(offer);
    if (funds.available < due || funds.allowance < due) throw await unfunded(offer);
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
