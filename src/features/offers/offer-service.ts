import { randomUUID } from 'node:crypto';
import { DomainError } from '../../lib/domain-error';
import { MAX_TOKEN_UNITS, formatUnits } from '../balances/units';
import type { LedgerReader } from '../ledger/ledger-reader';
import type { ReceiptReader } from '../ledger/ledger-writer';
import { isPastValidity } from '../ledger/transaction-visibility';
import type { RarityDataset } from '../tiger/rarity';
import { INVALID_PRICE_MESSAGE, type ListingDisplay, parsePawsPrice } from '../paws-market/listing';
import type { ListingRepo } from '../paws-market/listing-repo';
import { createOfferFunding } from './offer-funding';
import type { OfferFundsRepo } from './offer-funds-repo';
import type { OfferActivity, OfferRepo } from './offer-repo';
import {
  MAX_OPEN_OFFERS,
  type OfferClaim,
  type OfferFill,
  type OfferTier,
  type PawsOffer,
  byBestOffer,
  expiryProblem,
  hasTrait,
  isLive,
  isOpen,
  offerMatches,
  publicOffer,
  reservedUnits,
} from './offer-rules';
import { type ClaimLifecycle, type Settlement, reconcileClaim, settleClaimed } from '../paws-market/settlement';
import {
  DEFAULT_SETTLEMENT_TIMEOUT_MS,
  type PawsMarketSettings,
  type TradeChecks,
  WRITE_RESERVE_MS,
  beforeSettlementReserveMs,
  createTradeChecks,
} from '../paws-market/trade-checks';
import { type TradeTermsReader, assertFeesPayable, createTradeTerms } from '../paws-market/trade-terms';

/** Filled offers listed beside a buyer's open ones. */
const RECENT_FILLED_OFFERS = 20;

export interface OfferDeps {
  offers: OfferRepo;
  /** Offer makers' PAWS as last read (offer-funding.ts): what page views show as funded. */
  funds: OfferFundsRepo;
  listings: ListingRepo;
  ledger: LedgerReader;
  settlement: Settlement;
  settings: PawsMarketSettings;
  /** The collection's rarity (each serial's rank and traits): what collection offers match. */
  rarity: () => Promise<RarityDataset>;
  /** The collection's own name and image of a serial. */
  display: (serial: number) => Promise<ListingDisplay | undefined>;
  /** PAWS's decimals and the tokens' custom fees (shared with the market; read from the ledger by default). */
  terms?: TradeTermsReader;
  /** The consensus nodes' receipts: an owner's approval is acted on at consensus, not when the mirror shows it. */
  receipts?: ReceiptReader;
  /** The ledger checks shared with the market (built over `ledger` and `receipts` by default). */
  checks?: TradeChecks;
  now?: () => number;
}

interface OfferTerms {
  offerId: string;
  buyerId: string;
  tokenId: string;
  pawsAmount: string;
  expiresAt: string;
  /** The buyer's PAWS allowance approval, when the offer follows one: the server waits for it on the ledger first. */
  allowanceTransactionId?: string | undefined;
}

export type MakeOfferInput =
  | (OfferTerms & { kind: 'item'; serialNumber: number })
  | (OfferTerms & { kind: 'collection'; quantity: number; trait?: { traitType: string; value: string } | undefined; minTier?: OfferTier | undefined });

export interface AcceptOfferInput {
  offerId: string;
  sellerId: string;
  serialNumber: number;
  /** The owner's NFT allowance approval, when the acceptance follows one. */
  approvalTransactionId?: string | undefined;
}

/**
 * PAWS offers: item offers on one tiger and collection offers on any matching tiger, each backed
 * by the buyer's PAWS allowance to the marketplace; an owner accepts one unit and the marketplace
 * settles it as a purchase is settled (settleClaimed: one claim per unit, one atomic transfer).
 */
export function createOfferService({
  offers,
  funds: fundsStore,
  listings,
  ledger,
  settlement,
  settings,
  rarity,
  display,
  terms: givenTerms,
  receipts,
  checks = createTradeChecks({ ledger, settings, receipts }),
  now = Date.now,
}: OfferDeps) {
  const terms = givenTerms ?? createTradeTerms(ledger, settings);
  const decimals = async () => (await terms.read()).pawsDecimals;
  const settlementTimeoutMs = settings.settlementTimeoutMs ?? DEFAULT_SETTLEMENT_TIMEOUT_MS;
  const iso = (ms: number) => new Date(ms).toISOString();

  const funding = createOfferFunding({ ledger, store: fundsStore, settings, now });
  const fundedIds = funding.fundedIds;

  /** Open offers that can still be filled; expired ones are marked so (they disappear). */
  async function liveOffers(): Promise<PawsOffer[]> {
    const open = await offers.openOffers();
    const at = now();
    await Promise.all(open.filter((offer) => !isOpen(offer, at) && offer.inFlight === 0).map((offer) => offers.markExpired(offer.id, at)));
    return open.filter((offer) => isLive(offer, at));
  }

  /**
   * PAWS (smallest unit) the buyer's allowance must keep: every open offer's units still to fill or
   * being settled, and the price of each purchase of theirs being settled.
   */
  async function reservedFor(buyerId: string): Promise<bigint> {
    const [own, claimed] = await Promise.all([offers.buyerOffers(buyerId), listings.claimedListings()]);
    const at = now();
    // An expired offer's open units are gone; a unit being settled may still spend its amount.
    const offered = own.reduce(
      (sum, offer) => sum + (isOpen(offer, at) ? reservedUnits(offer) : offer.status === 'open' ? reservedUnits({ ...offer, remaining: 0 }) : 0n),
      0n,
    );
    return claimed.filter((listing) => listing.claim?.buyerId === buyerId).reduce((sum, listing) => sum + BigInt(listing.priceBaseUnits), offered);
  }

  function activity(offer: PawsOffer, kind: OfferActivity['kind'], at: string, sale?: { serial: number; fill: OfferFill }): OfferActivity {
    return {
      kind,
      at,
      offerId: offer.id,
      offerKind: offer.kind,
      buyerId: offer.buyerId,
      sellerId: sale?.fill.sellerId ?? null,
      tokenId: offer.tokenId,
      serialNumber: sale?.serial ?? offer.serialNumber,
      pawsAmount: offer.pawsAmount,
      quantity: sale ? 1 : kind === 'offer-cancelled' ? offer.remaining : offer.quantity,
      transactionId: sale?.fill.transactionId ?? null,
    };
  }

  /** Takes down the seller's PAWS listing of a tiger sold to an offer (the transfer spent its approval); a later listing stays. */
  async function retireListing(serial: number, fill: OfferFill): Promise<void> {
    const holder = await listings.lockHolder(settings.nftTokenId, serial);
    const listing = holder ? await listings.getListing(holder) : undefined;
    if (listing?.status !== 'active' || listing.sellerId !== fill.sellerId || listing.createdAt > fill.filledAt) return;
    if (await listings.transition(listing.id, 'active', 'removed')) await listings.releaseLock(listing.tokenId, listing.serialNumber, listing.id);
  }

  /** What follows a fill, each step safe to repeat: the offer marked filled with its last unit, the activity, the listing taken down. */
  async function afterFill(offer: PawsOffer, serial: number, fill: OfferFill): Promise<void> {
    if (offer.status === 'open' && offer.filled >= offer.quantity) await offers.markFilled(offer.id, offer.quantity);
    await offers.putActivity(activity(offer, 'offer-accepted', fill.filledAt, { serial, fill }));
    await retireListing(serial, fill);
  }

  /** One unit of an offer claimed for one tiger: taken while a unit is left, released back, finished as filled. */
  function unitClaims(offer: PawsOffer, serial: number): ClaimLifecycle<OfferClaim> {
    return {
      take: async (claim) => (await offers.claimUnit(offer.id, serial, claim, now())) !== undefined,
      release: async (claim) => {
        await offers.releaseUnit(offer.id, serial, claim.claimId);
      },
      finish: async (claim) => {
        const fill = { sellerId: claim.sellerId, transactionId: claim.transactionId, filledAt: iso(now()) };
        const after = await offers.fillUnit(offer.id, serial, claim.claimId, fill);
        if (after) await afterFill(after, serial, fill);
      },
    };
  }

  /** Settles from the ledger every unit whose settlement outcome was never recorded (reconcileClaim); how many were settled. */
  async function settleClaims(offer: PawsOffer): Promise<number> {
    const claims = Object.entries(offer.claims);
    const settled = await Promise.all(claims.map(([serial, claim]) => reconcileClaim(ledger, claim, unitClaims(offer, Number(serial)), now())));
    return settled.filter(Boolean).length;
  }

  /** The offer after settling its units' unrecorded claims, if the ledger tells how they ended. */
  async function reconcile(offer: PawsOffer): Promise<PawsOffer> {
    if (!Object.keys(offer.claims).length) return offer;
    return (await settleClaims(offer)) > 0 ? ((await offers.getOffer(offer.id)) ?? offer) : offer;
  }

  async function requireOffer(offerId: string): Promise<PawsOffer> {
    const offer = await offers.getOffer(offerId);
    if (!offer) throw new DomainError('OFFER_NOT_FOUND', 'Offer not found');
    return offer;
  }

  function unavailable(offer: PawsOffer): DomainError {
    const why =
      offer.status === 'cancelled'
        ? 'it was cancelled'
        : offer.status === 'filled' || (offer.status === 'open' && offer.remaining === 0 && offer.inFlight === 0)
          ? 'it was filled'
          : offer.status === 'open' && offer.remaining === 0
            ? 'its last tiger is being sold'
            : 'it expired';
    return new DomainError('OFFER_UNAVAILABLE', `This offer is no longer available: ${why}`);
  }

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
    if (input.kind === 'item') {
      const nft = await ledger.getNft(input.tokenId, input.serialNumber);
      if (!nft || nft.deleted) throw new DomainError('TIGER_NOT_FOUND', `Wild Tiger #${input.serialNumber} does not exist`);
      if (nft.owner === input.buyerId) throw new DomainError('OWN_OFFER', 'You cannot make an offer on your own tiger');
    } else if (input.trait) {
      const { traitType, value } = input.trait;
      const dataset = await rarity();
      if (!Object.values(dataset.rarityData).some((entry) => hasTrait(entry.traits, traitType, value))) {
        throw new DomainError('INVALID_OFFER', `No Wild Tiger has the trait ${traitType}: ${value}`);
      }
    }
    return { units: parsed.units, total, quantity, tokenDecimals };
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
        return { success: true, offer: publicOffer(existing, (await fundedIds([existing])).has(existing.id)) };
      }
      const { units, total, quantity, tokenDecimals } = await checkedTerms(input);
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
      if (!(await offers.putOffer(offer))) {
        // The same offer id written meanwhile: a repeated request that raced this one.
        const raced = await offers.getOffer(offer.id);
        if (raced?.buyerId !== input.buyerId) throw new DomainError('OFFER_UNAVAILABLE', 'This offer id is taken; start the offer again');
        return { success: true, offer: publicOffer(raced, true) };
      }
      await offers.putActivity(activity(offer, 'offer-made', stamp));
      return { success: true, offer: publicOffer(offer, true) };
    },

    /**
     * Sells one of the owner's tigers to an offer: checks the offer (live, matching, funded), the
     * tiger (owned, approved to the marketplace: NFT_ALLOWANCE_MISSING otherwise) and settles it as a
     * purchase (one unit claimed with a conditional write, one atomic transfer). The tiger's PAWS
     * listing is taken down. Repeating a finished acceptance returns it.
     */
    async acceptOffer(sessionAccountId: string, input: AcceptOfferInput) {
      if (input.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only accept offers for your own tigers');
      const offer = await reconcile(await requireOffer(input.offerId));
      const serial = input.serialNumber;
      const fill = offer.fills[String(serial)];
      if (fill?.sellerId === input.sellerId) {
        await afterFill(offer, serial, fill);
        return acceptResult(offer, serial, fill);
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
      // The owner's approval, confirmed by its receipt while the mirror does not show it yet.
      let approvedByReceipt = false;
      if (input.approvalTransactionId) {
        // The owner just approved the tiger in the wallet: it must reach consensus before the tiger's spender counts.
        approvedByReceipt = await checks.nftApprovalSettled(
          input.approvalTransactionId,
          input.sellerId,
          beforeSettlementReserveMs(settlementTimeoutMs),
          'owner',
        );
      }
      const nft = await checks.ownedTiger(serial, input.sellerId);
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
      // Read afresh (and stored: page views show the offer unfunded from now on when it is).
      const funds = await funding.read(offer.buyerId);
      // What is due is the offer's amount and any fee on the buyer: covering it covers the offer.
      if (funds.available < due || funds.allowance < due) {
        // Its last unit may just have been sold (spending the allowance): that is the answer then.
        const latest = await offers.getOffer(offer.id);
        if (latest && !isLive(latest, now())) throw unavailable(latest);
        throw new DomainError('OFFER_UNFUNDED', 'This offer is unfunded: its buyer’s PAWS balance or allowance no longer covers it');
      }
      const sellerId = input.sellerId;
      const claim = await settleClaimed(
        settlement,
        { nftTokenId: settings.nftTokenId, serial, sellerId, buyerId: offer.buyerId, pawsTokenId: settings.pawsTokenId, amount: BigInt(offer.amountBaseUnits) },
        unitClaims(offer, serial),
        {
          claim: (transactionId) => ({ claimId: randomUUID(), sellerId, transactionId, claimedAt: iso(now()) }),
          lost: async () => {
            // The same tiger's sale under way or done (a repeated request): its transaction is followed and the acceptance asked again.
            const latest = (await offers.getOffer(offer.id)) ?? offer;
            const same = latest.claims[String(serial)] ?? latest.fills[String(serial)];
            if (same?.sellerId === sellerId) {
              return new DomainError('OFFER_IN_PROGRESS', 'Your sale of this tiger is being settled', { transactionId: same.transactionId });
            }
            return new DomainError('OFFER_UNAVAILABLE', 'This offer was just filled by another owner');
          },
          settlementTimeoutMs,
          reserveMs: WRITE_RESERVE_MS,
          noun: 'sale',
        },
      );
      // The sale spent `due` of the maker's balance and allowance: page views see what is left.
      await funding.remember(offer.buyerId, { available: funds.available - due, allowance: funds.allowance - due }, now());
      const after = (await offers.getOffer(offer.id)) ?? offer;
      const filled = after.fills[String(serial)] ?? { sellerId, transactionId: claim.transactionId, filledAt: claim.claimedAt };
      return acceptResult(after, serial, filled);
    },

    /** Settles the units of an offer left unconfirmed (the reconciler), exactly as the next acceptance would; how many were settled. */
    settleUnconfirmed: settleClaims,

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
        const cancelled = await offers.cancel(offer.id);
        if (!cancelled) throw new DomainError('OFFER_IN_PROGRESS', 'This offer changed while it was being cancelled; try again');
        offer = cancelled;
        await offers.putActivity(activity(offer, 'offer-cancelled', offer.updatedAt));
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

    /** The live offers a tiger can fill (its item offers and the collection offers it matches), best first, each funded or not. */
    async tigerOffers(serial: number) {
      const [live, dataset] = await Promise.all([liveOffers(), rarity()]);
      const entry = dataset.rarityData[String(serial)];
      const matching = live.filter((offer) => offerMatches(offer, serial, entry) && !offer.fills[String(serial)]).sort(byBestOffer);
      const funded = await fundedIds(matching);
      const best = matching.find((offer) => funded.has(offer.id));
      return { offers: matching.map((offer) => publicOffer(offer, funded.has(offer.id))), best: best ? publicOffer(best, true) : null };
    },

    /** The best funded offer each of these tigers can fill (for cards); tigers without one are absent. */
    async bestOffers(serials: readonly number[]) {
      const [live, dataset] = await Promise.all([liveOffers(), rarity()]);
      const funded = await fundedIds(live);
      const ranked = live.filter((offer) => funded.has(offer.id)).sort(byBestOffer);
      const best: Record<string, { offerId: string; kind: PawsOffer['kind']; pawsAmount: string }> = {};
      for (const serial of new Set(serials)) {
        const top = ranked.find((offer) => offerMatches(offer, serial, dataset.rarityData[String(serial)]) && !offer.fills[String(serial)]);
        if (top) best[serial] = { offerId: top.id, kind: top.kind, pawsAmount: top.pawsAmount };
      }
      return { best };
    },

    /** A buyer's open offers (funded or not), newest first, and their most recently filled ones. */
    async offersMade(buyerId: string) {
      const own = await offers.buyerOffers(buyerId);
      const at = now();
      const open = own.filter((offer) => isOpen(offer, at));
      const filled = own.filter((offer) => offer.status === 'filled').slice(0, RECENT_FILLED_OFFERS);
      const funded = await fundedIds(open);
      return { offers: [...open.map((offer) => publicOffer(offer, funded.has(offer.id))), ...filled.map((offer) => publicOffer(offer, false))] };
    },

    /** The live offers the account's tigers can fill (not its own offers), best first, each with the tigers that match it. */
    async offersReceived(ownerId: string) {
      const [owned, live, dataset] = await Promise.all([ledger.getAccountNfts(ownerId, settings.nftTokenId), liveOffers(), rarity()]);
      const serials = owned.map((nft) => nft.serial).sort((a, b) => a - b);
      const received = live
        .filter((offer) => offer.buyerId !== ownerId)
        .map((offer) => ({
          offer,
          serials: serials.filter((serial) => offerMatches(offer, serial, dataset.rarityData[String(serial)]) && !offer.fills[String(serial)]),
        }))
        .filter((entry) => entry.serials.length > 0)
        .sort((a, b) => byBestOffer(a.offer, b.offer));
      const funded = await fundedIds(received.map((entry) => entry.offer));
      return { offers: received.map(({ offer, serials: matching }) => ({ ...publicOffer(offer, funded.has(offer.id)), serials: matching })) };
    },

    /** PAWS (smallest unit) the buyer's allowance must keep for their open offers and purchases being settled. */
    reservedPaws: reservedFor,

    /** The funding job (offer-funding.ts): stores the PAWS of the makers of live offers, within its mirror budget. */
    async refreshFunding(limits: Parameters<typeof funding.refresh>[1]) {
      return funding.refresh(await liveOffers(), limits);
    },
  };
}

export type OfferService = ReturnType<typeof createOfferService>;
