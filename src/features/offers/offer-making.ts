import { DomainError } from '@/lib/domain-error';
import { MAX_TOKEN_UNITS, formatUnits } from '@/features/balances/units';
import { INVALID_PRICE_MESSAGE, parsePawsPrice } from '@/features/paws-market/listing';
import { WRITE_RESERVE_MS } from '@/features/paws-market/trade-checks';
import type { OfferClaims } from './offer-claims';
import type { MakeOfferInput, OfferContext } from './offer-context';
import { MAX_OPEN_OFFERS, type PawsOffer, expiryProblem, hasTrait, isOpen, publicOffer } from './offer-rules';

/** Making an offer (its terms checked, the buyer's PAWS there) and cancelling one. */
export function createOfferMaking(context: OfferContext, { reconcile }: OfferClaims) {
  const { offers, ledger, settings, rarity, display, terms, checks, now, funding, reservedFor, event, requireOffer, unavailable } = context;
  const decimals = async () => (await terms.read()).pawsDecimals;
  const iso = (ms: number) => new Date(ms).toISOString();
  const fundedIds = funding.fundedIds;

  /** The terms of a new offer, checked: amount (2 decimals, int64 in total), expiry, what it asks for. */
  async function checkedTerms(input: MakeOfferInput) {
    if (input.tokenId !== settings.nftTokenId) throw new DomainError('WRONG_TOKEN', `Offers can only be made on Wild Tigers (${settings.nftTokenId})`);
    const tokenDecimals = await decimals();
    const parsed = parsePawsPrice(input.pawsAmount, tokenDecimals);
    if ('problem' in parsed) throw new DomainError('INVALID_PRICE', INVALID_PRICE_MESSAGE, { reason: `The offer must be ${parsed.problem}` });
    const quantity = input.kind === 'item' ? 1 : input.quantity;
    const total = parsed.units * BigInt(quantity);
    if (total > MAX_TOKEN_UNITS)
      throw new DomainError('INVALID_PRICE', INVALID_PRICE_MESSAGE, { reason: 'The offer’s total must be at most what the ledger can hold' });
    const problem = expiryProblem(input.expiresAt, now());
    if (problem) throw new DomainError('INVALID_OFFER', problem);
    // Who holds the tiger an item offer is for: the offer arrives in their inbox.
    let ownerId: string | null = null;
    if (input.kind === 'item') {
      const nft = await ledger.getNft(input.tokenId, input.serialNumber);
      if (!nft || nft.deleted) throw new DomainError('TIGER_NOT_FOUND', `Wild Tiger #${input.serialNumber} does not exist`);
      if (nft.owner === input.buyerId) throw new DomainError('OWN_OFFER', 'You cannot make an offer on your own tiger');
      ownerId = nft.owner;
    } else if (input.trait) {
      const { traitType, value } = input.trait;
      const dataset = await rarity();
      if (!Object.values(dataset.rarityData).some((entry) => hasTrait(entry.traits, traitType, value))) {
        throw new DomainError('INVALID_OFFER', `No Wild Tiger has the trait ${traitType}: ${value}`);
      }
    }
    return { units: parsed.units, total, quantity, tokenDecimals, ownerId };
  }

  return {
    /**
     * Makes an offer for the signed-in buyer once its PAWS are there: a balance for the whole offer
     * and an allowance for it on top of what their open offers and purchases reserve (a short
     * allowance answers PAWS_ALLOWANCE_LOW with the amount to approve). After an approval, its
     * transaction id goes along and the ledger is waited for first. Repeating it (the same offer id) returns the offer.
     */
    async makeOffer(sessionAccountId: string, input: MakeOfferInput) {
      if (input.buyerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only make offers from your own account');
      const existing = await offers.getOffer(input.offerId);
      if (existing) {
        if (existing.buyerId !== input.buyerId) throw new DomainError('OFFER_UNAVAILABLE', 'This offer id is taken; start the offer again');
        const own = (await offers.buyerOffers(existing.buyerId)).filter((offer) => isOpen(offer, now()));
        return { success: true, offer: publicOffer(existing, (await fundedIds([existing], own)).has(existing.id)) };
      }
      const { units, total, quantity, tokenDecimals, ownerId } = await checkedTerms(input);
      const own = (await offers.buyerOffers(input.buyerId)).filter((offer) => isOpen(offer, now()));
      if (own.length >= MAX_OPEN_OFFERS) throw new DomainError('INVALID_OFFER', `You have ${MAX_OPEN_OFFERS} open offers; cancel one before making another`);
      // The funds are read from the mirror next: the approval is waited for until it shows there.
      if (input.allowanceTransactionId) await checks.pawsApprovalSettled(input.allowanceTransactionId, input.buyerId, WRITE_RESERVE_MS, { byReceipt: false });
      if (!(await ledger.canReceiveToken(input.buyerId, settings.nftTokenId))) {
        throw new DomainError(
          'BUYER_CANNOT_RECEIVE_NFT',
          `Your account cannot receive Wild Tigers: associate the collection (${settings.nftTokenId}) with it in your wallet before making an offer`,
        );
      }
      const [funds, reserved] = await Promise.all([funding.read(input.buyerId), reservedFor(input.buyerId)]);
      checks.requireFunded({
        due: total,
        available: funds.available,
        allowance: funds.allowance,
        allowanceNeeded: reserved + total,
        pawsDecimals: tokenDecimals,
      });
      const shown = input.kind === 'item' ? await display(input.serialNumber) : undefined;
      const stamp = iso(now());
      const offer: PawsOffer = {
        id: input.offerId,
        kind: input.kind,
        buyerId: input.buyerId,
        tokenId: input.tokenId,
        serialNumber: input.kind === 'item' ? input.serialNumber : null,
        nftName: input.kind === 'item' ? (shown?.nftName ?? `Wild Tiger #${input.serialNumber}`) : null,
        nftImage: input.kind === 'item' ? (shown?.nftImage ?? '') : null,
        traitType: input.kind === 'collection' ? (input.trait?.traitType ?? null) : null,
        traitValue: input.kind === 'collection' ? (input.trait?.value ?? null) : null,
        minTier: input.kind === 'collection' ? (input.minTier ?? null) : null,
        pawsAmount: formatUnits(units, tokenDecimals),
        amountBaseUnits: units.toString(),
        quantity,
        remaining: quantity,
        inFlight: 0,
        filled: 0,
        status: 'open',
        expiresAt: iso(Date.parse(input.expiresAt)),
        createdAt: stamp,
        updatedAt: stamp,
        claims: {},
        fills: {},
      };
      const made = { ...event(offer, 'offer-made', stamp), ownerId };
      if (!(await offers.putOffer(offer, made))) {
        // The same offer id written meanwhile: a repeated request that raced this one.
        const raced = await offers.getOffer(offer.id);
        if (raced?.buyerId !== input.buyerId) throw new DomainError('OFFER_UNAVAILABLE', 'This offer id is taken; start the offer again');
        return { success: true, offer: publicOffer(raced, true) };
      }
      await offers.putActivity(made);
      return { success: true, offer: publicOffer(offer, true) };
    },

    /**
     * Cancels the buyer's offer (an expired or cancelled one is answered as it is) and says how far
     * the buyer's PAWS allowance could now be lowered: to what their other offers and purchases reserve.
     */
    async cancelOffer(sessionAccountId: string, offerId: string) {
      let offer = await requireOffer(offerId);
      if (offer.buyerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only cancel your own offers');
      offer = await reconcile(offer);
      if (offer.status === 'open') {
        if (offer.inFlight > 0) throw new DomainError('OFFER_IN_PROGRESS', 'A sale to this offer is being settled; try again in a moment');
        const cancelled = await offers.cancel(offer.id, event(offer, 'offer-cancelled', new Date(now()).toISOString()));
        if (!cancelled) throw new DomainError('OFFER_IN_PROGRESS', 'This offer changed while it was being cancelled; try again');
        offer = cancelled;
        await offers.putActivity(event(offer, 'offer-cancelled', offer.updatedAt));
      }
      if (offer.status === 'filled') throw unavailable(offer);
      const [tokenDecimals, current, reserved] = await Promise.all([
        decimals(),
        ledger.getTokenAllowance(offer.buyerId, settings.pawsTokenId, settings.marketplaceAccountId),
        reservedFor(offer.buyerId),
      ]);
      return {
        success: true,
        offer: publicOffer(offer, false),
        allowance: {
          tokenId: settings.pawsTokenId,
          spenderAccountId: settings.marketplaceAccountId,
          current: formatUnits(current, tokenDecimals),
          reserved: formatUnits(reserved, tokenDecimals),
          /** What the allowance could be lowered to (what is still reserved); null when it is not above that. */
          lowerTo: current > reserved ? formatUnits(reserved, tokenDecimals) : null,
        },
      };
    },
  };
}
