/** What the parts of the offer service share (offer-service.ts builds it): the context, the inputs of making and accepting, a sale ready to settle. */
import type { DomainError } from '@/lib/domain-error';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { Commitments, PawsFunds } from '@/features/paws-market/allowance-budget';
import type { ListingDisplay } from '@/features/paws-market/listing';
import type { ListingRepo } from '@/features/paws-market/listing-repo';
import type { PawsMarketSettings, TradeChecks } from '@/features/paws-market/trade-checks';
import type { TradeTermsReader } from '@/features/paws-market/trade-terms';
import type { RarityDataset } from '@/features/tiger/rarity';
import type { OfferFunding } from './offer-funding';
import type { OfferRepo } from './offer-repo';
import type { OfferTier, PawsOffer, offerChange } from './offer-rules';

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

/** What the parts of the offer service share: its stores, the ledger and its checks, the terms, the clock, and the reads and rules every part asks. */
export interface OfferContext {
  offers: OfferRepo;
  listings: ListingRepo;
  ledger: LedgerReader;
  settings: PawsMarketSettings;
  rarity: () => Promise<RarityDataset>;
  display: (serial: number) => Promise<ListingDisplay | undefined>;
  terms: TradeTermsReader;
  checks: TradeChecks;
  now: () => number;
  funding: OfferFunding;
  /** Open offers that can still be filled; expired ones are marked so (they disappear). */
  liveOffers(): Promise<PawsOffer[]>;
  /** Open offers, those whose units are all being settled included: every maker's allowance budget (expired ones are marked so). */
  openOffers(): Promise<PawsOffer[]>;
  /** What the buyer's allowance backs: their open offers, and what their purchases and expired offers being settled hold. */
  commitmentsOf(buyerId: string): Promise<Commitments>;
  /** PAWS (smallest unit) the buyer's allowance must keep: their open offers' units and their purchases being settled. */
  reservedFor(buyerId: string): Promise<bigint>;
  /** The timeline's and the live market's event of an offer made, accepted (with the tiger and its fill), cancelled or expired. */
  event: typeof offerChange;
  requireOffer(offerId: string): Promise<PawsOffer>;
  /** OFFER_UNAVAILABLE, saying why (cancelled, filled, its last tiger being sold, expired). */
  unavailable(offer: PawsOffer): DomainError;
}

/** A sale checked and ready to settle: the offer, the tiger, its seller, what is due from the buyer and the buyer's funds as read. */
export interface ReadySale {
  offer: PawsOffer;
  serial: number;
  sellerId: string;
  due: bigint;
  funds: PawsFunds;
}
