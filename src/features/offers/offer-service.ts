import { DomainError } from '@/lib/domain-error';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { ReceiptReader } from '@/features/ledger/ledger-writer-port';
import type { ListingDisplay } from '@/features/paws-market/listing';
import type { ListingRepo } from '@/features/paws-market/listing-repo';
import type { BatchSettlement, Settlement } from '@/features/paws-market/settlement';
import { type PawsMarketSettings, type TradeChecks, createTradeChecks } from '@/features/paws-market/trade-checks';
import { type TradeTermsReader, createTradeTerms } from '@/features/paws-market/trade-terms';
import type { RarityDataset } from '@/features/tiger/rarity';
import { createOfferAccepting } from './offer-accepting';
import { createOfferClaims } from './offer-claims';
import { createOfferFunding } from './offer-funding';
import type { OfferFundsRepo } from './offer-funds-repo';
import { createOfferMaking } from './offer-making';
import { createOfferReads } from './offer-reads';
import type { OfferContext } from './offer-context';
import type { OfferRepo } from './offer-repo';
import { type Commitments, type OfferCommitments, type PawsFunds, byAge, fundedOffers, keptByCommitments } from '@/features/paws-market/allowance-budget';
import { formatUnits } from '@/features/balances/units';
import { type PawsOffer, budgetOffer, isLive, isOpen, offerChange, reservedUnits } from './offer-rules';
import type { EventLogRepo } from '@/features/market-events/event-log-repo';

export interface OfferDeps {
  offers: OfferRepo;
  /** Offer makers' PAWS as last read (offer-funding.ts): what page views show as funded. */
  funds: OfferFundsRepo;
  listings: ListingRepo;
  ledger: LedgerReader;
  /** One sale's transfer, and (where given) a batch's: several sales to one buyer accepted at once go together. */
  settlement: Settlement & Partial<BatchSettlement>;
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
  /** The live market's log, for offers the funding job finds unfunded or funded again. */
  events?: Pick<EventLogRepo, 'append'>;
  now?: () => number;
}

/**
 * PAWS offers: item offers on one tiger and collection offers on any matching tiger, each backed
 * by the buyer's PAWS allowance to the marketplace; an owner accepts one unit and the marketplace
 * settles it as a purchase is settled (settleClaimed: one claim per unit, one atomic transfer).
 * Made and cancelled in offer-making.ts, accepted in offer-accepting.ts, their units' claims in
 * offer-claims.ts, read in offer-reads.ts, over one OfferContext built here.
 */
export function createOfferService(deps: OfferDeps) {
  const { offers, listings, ledger, settings, rarity, display, receipts, now = Date.now } = deps;
  const funding = createOfferFunding({ ledger, store: deps.funds, settings, now, ...(deps.events ? { events: deps.events } : {}) });

  /** Open offers, those whose units are all being settled included; expired ones are marked so (they disappear). */
  async function openOffers(): Promise<PawsOffer[]> {
    const open = await offers.openOffers();
    const at = now();
    const expired = open.filter((offer) => !isOpen(offer, at) && offer.inFlight === 0);
    await Promise.all(expired.map((offer) => offers.markExpired(offer.id, at, offerChange(offer, 'offer-expired', new Date(at).toISOString()))));
    return open.filter((offer) => isOpen(offer, at));
  }

  /** Open offers that can still be filled. */
  async function liveOffers(): Promise<PawsOffer[]> {
    const at = now();
    return (await openOffers()).filter((offer) => isLive(offer, at));
  }

  /**
   * What the buyer's allowance backs: every open offer of theirs (its units open or being settled),
   * and what is held by their purchases being settled and the units of their expired offers still
   * being settled (an expired offer's open units are gone).
   */
  async function commitmentsOf(buyerId: string): Promise<Commitments> {
    const [own, claimed] = await Promise.all([offers.buyerOffers(buyerId), listings.claimedListings()]);
    const at = now();
    const open = own.filter((offer) => isOpen(offer, at));
    const expiring = own.filter((offer) => offer.status === 'open' && !isOpen(offer, at));
    const held =
      expiring.reduce((sum, offer) => sum + reservedUnits({ ...offer, remaining: 0 }), 0n) +
      claimed.filter((listing) => listing.claim?.buyerId === buyerId).reduce((sum, listing) => sum + BigInt(listing.priceBaseUnits), 0n);
    return { offers: open.map(budgetOffer), held };
  }

  /** PAWS (smallest unit) the buyer's allowance must keep: every open offer's units still to fill or being settled, and the purchases being settled. */
  async function reservedFor(buyerId: string): Promise<bigint> {
    return keptByCommitments(await commitmentsOf(buyerId));
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

  const context: OfferContext = {
    offers,
    listings,
    ledger,
    settings,
    rarity,
    display,
    terms: deps.terms ?? createTradeTerms(ledger, settings),
    checks: deps.checks ?? createTradeChecks({ ledger, settings, receipts }),
    now,
    funding,
    liveOffers,
    openOffers,
    commitmentsOf,
    reservedFor,
    event: offerChange,
    requireOffer,
    unavailable,
  };
  const claims = createOfferClaims(context);
  return {
    ...createOfferMaking(context, claims),
    ...createOfferAccepting(context, claims, deps.settlement),
    ...createOfferReads(context),

    /** Settles the units of an offer left unconfirmed (the reconciler), exactly as the next acceptance would; how many were settled. */
    settleUnconfirmed: claims.settleClaims,

    /** PAWS (smallest unit) the buyer's allowance must keep for their open offers and purchases being settled. */
    reservedPaws: reservedFor,

    /**
     * What the market asks of a buyer's offers before and after a purchase: what their allowance backs
     * (their open offers, oldest funded first), and, once a purchase spent some, their PAWS stored, so
     * every page shows their offers funded or not at once.
     */
    commitments: {
      of: commitmentsOf,
      spent: (buyerId: string, after: PawsFunds) => funding.remember(buyerId, after, now()),
    } satisfies OfferCommitments,

    /**
     * The holder's one PAWS allowance budget, as the ledger shows it now: the allowance and balance,
     * what their purchases being settled hold, each open offer with what it keeps and whether the
     * allowance funds it (oldest first), what they keep in all, and what is free for a purchase.
     */
    async allowanceBudget(sessionAccountId: string, accountId: string) {
      if (accountId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only see your own allowance budget');
      const [funds, commitments, { pawsDecimals }] = await Promise.all([funding.read(accountId), commitmentsOf(accountId), context.terms.read()]);
      const funded = fundedOffers(commitments.offers, funds, commitments.held);
      const keeps = keptByCommitments({ offers: commitments.offers.filter((offer) => funded.has(offer.id)), held: commitments.held });
      const units = (amount: bigint) => formatUnits(amount, pawsDecimals);
      return {
        success: true,
        tokenId: settings.pawsTokenId,
        spenderAccountId: settings.marketplaceAccountId,
        allowance: units(funds.allowance),
        balance: units(funds.available),
        purchasesSettling: units(commitments.held),
        offersKeep: units(keeps),
        /** What a new offer's approval asks besides it: every open offer's units and the purchases being settled (funded or not). */
        reserved: units(keptByCommitments(commitments)),
        free: units(funds.allowance > keeps ? funds.allowance - keeps : 0n),
        // Oldest first: the order the allowance funds them in.
        offers: [...commitments.offers]
          .sort(byAge)
          .map((offer) => ({ offerId: offer.id, label: offer.label, keeps: units(offer.keeps), funded: funded.has(offer.id) })),
      };
    },

    /** The funding job (offer-funding.ts): stores the PAWS of the makers of live offers, within its mirror budget. */
    async refreshFunding(limits: Parameters<typeof funding.refresh>[1]) {
      return funding.refresh(await liveOffers(), limits);
    },
  };
}

export type OfferService = ReturnType<typeof createOfferService>;
