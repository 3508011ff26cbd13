/** Pure rules of PAWS offers: item offers on one tiger, collection offers on any tiger matching a trait or a minimum tier. */
import type { OfferChange } from '@/features/market-stats/trade-events';
import type { BudgetOffer } from '@/features/paws-market/allowance-budget';
import type { RarityTier } from '@/features/tiger/tiers';
import type { RarityEntry, Trait } from '@/features/tiger/rarity';
import { normaliseTraitText } from '@/features/tiger/rarity';
import { tierByRank } from '@/features/tiger/tiers';

export type OfferKind = 'item' | 'collection';
/** 'open' until every unit is filled, the buyer cancels it or it expires (read as absent from its expiry on). */
export type OfferStatus = 'open' | 'filled' | 'cancelled' | 'expired';

/** The tiers a collection offer may ask for at least, lowest first (spec 001 §4's tiers by rank). */
export const OFFER_TIERS = ['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'] as const satisfies readonly RarityTier[];
export type OfferTier = (typeof OFFER_TIERS)[number];

/** The most tigers one collection offer may buy. */
export const MAX_OFFER_QUANTITY = 100;
/** The most open offers one buyer may have at once. */
export const MAX_OPEN_OFFERS = 50;
/** The shortest and longest an offer may stay open. */
export const MIN_OFFER_DURATION_MS = 10 * 60_000;
export const MAX_OFFER_DURATION_MS = 30 * 24 * 60 * 60_000;

/** A seller's fill of one unit of an offer, once its settlement succeeded. */
export interface OfferFill {
  sellerId: string;
  transactionId: string;
  filledAt: string;
}

/** A seller's claim on one unit of an offer while its settlement is under way. */
export interface OfferClaim {
  claimId: string;
  sellerId: string;
  transactionId: string;
  claimedAt: string;
}

export interface PawsOffer {
  id: string;
  kind: OfferKind;
  buyerId: string;
  tokenId: string;
  /** The tiger of an item offer; null for a collection offer. */
  serialNumber: number | null;
  /** The collection's own name and image of an item offer's tiger. */
  nftName: string | null;
  nftImage: string | null;
  /** A collection offer's trait (both set, or both null). */
  traitType: string | null;
  traitValue: string | null;
  /** A collection offer's lowest tier. */
  minTier: OfferTier | null;
  /** PAWS per tiger, as a decimal string (at most 2 decimals). */
  pawsAmount: string;
  /** The same amount in the token's smallest unit. */
  amountBaseUnits: string;
  quantity: number;
  /** Units neither filled nor claimed. */
  remaining: number;
  /** Units claimed, their settlement under way. */
  inFlight: number;
  filled: number;
  status: OfferStatus;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  /** By serial number. */
  claims: Record<string, OfferClaim>;
  /** By serial number: a tiger fills an offer once. */
  fills: Record<string, OfferFill>;
}

/** True when the offer can still be filled at `nowMs`: open, not expired, a unit left. */
export function isLive(offer: Pick<PawsOffer, 'status' | 'expiresAt' | 'remaining'>, nowMs: number): boolean {
  return offer.status === 'open' && Date.parse(offer.expiresAt) > nowMs && offer.remaining > 0;
}

/** True when the offer is open and not expired (it may still have units under way). */
export function isOpen(offer: Pick<PawsOffer, 'status' | 'expiresAt'>, nowMs: number): boolean {
  return offer.status === 'open' && Date.parse(offer.expiresAt) > nowMs;
}

/** PAWS (smallest unit) the offer may still spend: its open units and those being settled. */
export function reservedUnits(offer: Pick<PawsOffer, 'amountBaseUnits' | 'remaining' | 'inFlight'>): bigint {
  return BigInt(offer.amountBaseUnits) * BigInt(offer.remaining + offer.inFlight);
}

/** What the offer is, in a few words ('45 PAWS offer on Wild Tiger #147', '20 PAWS collection offer, Epic or rarer (2 of 3 left)'). */
export function offerLabel(
  offer: Pick<PawsOffer, 'kind' | 'pawsAmount' | 'serialNumber' | 'nftName' | 'traitType' | 'traitValue' | 'minTier' | 'remaining' | 'quantity'>,
): string {
  if (offer.kind === 'item') return `${offer.pawsAmount} PAWS offer on ${offer.nftName ?? `Wild Tiger #${offer.serialNumber}`}`;
  const asks = [
    offer.traitType && offer.traitValue ? `${offer.traitType.replaceAll('_', ' ')}: ${offer.traitValue}` : '',
    offer.minTier ? `${offer.minTier} or rarer` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${offer.pawsAmount} PAWS collection offer${asks ? `, ${asks}` : ''} (${offer.remaining} of ${offer.quantity} left)`;
}

/** An open offer as its maker's allowance budget counts it: one unit's amount, and all it may draw at once. */
export function budgetOffer(offer: PawsOffer): BudgetOffer {
  return { id: offer.id, createdAt: offer.createdAt, unit: BigInt(offer.amountBaseUnits), keeps: reservedUnits(offer), label: offerLabel(offer) };
}

/** Why an expiry cannot be taken at `nowMs` (at least 10 minutes ahead, at most 30 days), or undefined. */
export function expiryProblem(expiresAt: string, nowMs: number): string | undefined {
  const at = Date.parse(expiresAt);
  if (!Number.isFinite(at)) return 'The expiry must be a date and time';
  if (at < nowMs + MIN_OFFER_DURATION_MS) return 'The offer must stay open at least 10 minutes';
  if (at > nowMs + MAX_OFFER_DURATION_MS) return 'The offer can stay open at most 30 days';
  return undefined;
}

/** True when `serial`, with its rarity entry, is a tiger the offer asks for. */
export function offerMatches(
  offer: Pick<PawsOffer, 'kind' | 'serialNumber' | 'traitType' | 'traitValue' | 'minTier'>,
  serial: number,
  rarity: Pick<RarityEntry, 'rarityRank' | 'traits'> | undefined,
): boolean {
  if (offer.kind === 'item') return offer.serialNumber === serial;
  if (offer.minTier) {
    const tier = tierByRank(rarity?.rarityRank);
    if (!(OFFER_TIERS as readonly string[]).includes(tier) || OFFER_TIERS.indexOf(tier as OfferTier) < OFFER_TIERS.indexOf(offer.minTier)) return false;
  }
  if (offer.traitType !== null && offer.traitValue !== null) return hasTrait(rarity?.traits ?? [], offer.traitType, offer.traitValue);
  return true;
}

/** True when the traits hold this type and value (compared as rarity compares them: case, spaces and underscores aside). */
export function hasTrait(traits: readonly Trait[], traitType: string, value: string): boolean {
  const [type, wanted] = [normaliseTraitText(traitType), normaliseTraitText(value)];
  return traits.some((trait) => normaliseTraitText(trait.trait_type) === type && normaliseTraitText(trait.value) === wanted);
}

/** The public view of an offer, with whether its buyer's PAWS still cover one unit. */
export function publicOffer(offer: PawsOffer, funded: boolean) {
  const { claims: _claims, fills, amountBaseUnits: _units, inFlight: _inFlight, ...rest } = offer;
  return {
    ...rest,
    funded,
    fills: Object.entries(fills)
      .map(([serial, fill]) => ({ serialNumber: Number(serial), ...fill }))
      .sort((a, b) => a.filledAt.localeCompare(b.filledAt)),
  };
}

export type PublicOffer = ReturnType<typeof publicOffer>;

/** One tiger sold to an offer, as an acceptance answers it. */
export interface OfferSale {
  offerId: string;
  serialNumber: number;
  sellerId: string;
  buyerId: string;
  pawsAmount: string;
  transactionId: string;
  filledAt: string;
}

/** Offers best first: the highest amount, then the oldest. */
export function byBestOffer(a: Pick<PawsOffer, 'amountBaseUnits' | 'createdAt'>, b: Pick<PawsOffer, 'amountBaseUnits' | 'createdAt'>): number {
  const [x, y] = [BigInt(a.amountBaseUnits), BigInt(b.amountBaseUnits)];
  return x === y ? a.createdAt.localeCompare(b.createdAt) : x > y ? -1 : 1;
}

/** What the timeline and the live market say of an offer's change: made, accepted (with the tiger and its fill), cancelled or expired. */
export function offerChange<Kind extends OfferChange['kind']>(
  offer: PawsOffer,
  kind: Kind,
  at: string,
  sale?: { serial: number; fill: OfferFill },
): OfferChange & { kind: Kind } {
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
    quantity: sale ? 1 : kind === 'offer-cancelled' || kind === 'offer-expired' ? offer.remaining : offer.quantity,
    transactionId: sale?.fill.transactionId ?? null,
  };
}
