/**
 * Pure rules of listing with market context (issue 58 item 4): what a holder sees beside a price
 * (the collection floor, the tiger's rarest trait's floor, its last sale, the best standing offer
 * that would take it) and the warnings before a listing under the best offer or under half the floor.
 */
import { parseUnits } from '@/features/balances/units';
import type { MarketEventType } from '@/features/market-events/market-event';
import type { Trait } from '@/features/tiger/rarity';
import { formatPaws } from '@/lib/format';
import type { EstimatedValue, FloorListing } from './trait-floor-rules';

/** Serials one GET /api/paws/listing-context answers at most: a bulk listing's (MAX_BULK_TIGERS). */
export const LISTING_CONTEXT_MAX = 50;

/** Whether, after a market event of this type, a floor or a best standing offer may differ: every listing, sale and offer change. */
export function movesFloors(type: MarketEventType): boolean {
  return type === 'sale' || type.startsWith('listing-') || type.startsWith('offer-');
}

/** A tiger's last sale on either market, in the currency it was paid in. */
export interface LastSale {
  price: string;
  currency: 'PAWS' | 'HBAR';
  at: string;
}

/** The best funded offer that would take the tiger now. */
export interface StandingOffer {
  offerId: string;
  kind: 'item' | 'collection';
  pawsAmount: string;
}

/** What a holder sees beside one tiger's price. */
export interface TigerListingContext {
  serial: number;
  /** Its rarest trait and that value's floor (null when none of its tigers is listed). */
  rarestTrait: { trait: Trait; count: number; listed: number; floor: FloorListing | null } | null;
  estimate: EstimatedValue | null;
  lastSale: LastSale | null;
  bestOffer: StandingOffer | null;
}

/** GET /api/paws/listing-context?serials=…. */
export interface ListingContextAnswer {
  success: true;
  collectionFloor: FloorListing | null;
  hbarConverted: boolean;
  pawsPerHbar: number | null;
  tigers: Record<string, TigerListingContext>;
}

/** The two decimal strings as integers at one scale; undefined when either is no plain decimal. */
function atOneScale(a: string, b: string): [bigint, bigint] | undefined {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const [x, y] = [parseUnits(a, scale), parseUnits(b, scale)];
  return x === undefined || y === undefined ? undefined : [x, y];
}

/** True when the decimal `a` is less than the decimal `b` (exactly, whatever their decimals). */
export function isBelow(a: string, b: string): boolean {
  const pair = atOneScale(a, b);
  return pair !== undefined && pair[0] < pair[1];
}

export type ListingWarningKind = 'under-offer' | 'under-half-floor';

export interface ListingWarning {
  kind: ListingWarningKind;
  text: string;
}

/**
 * The warnings before listing at `price` (whole PAWS): under the best standing offer (accepting it
 * pays more), or under half the collection floor. None for a price that is no plain decimal.
 */
export function listingWarnings(
  price: string,
  context: { bestOffer: Pick<StandingOffer, 'pawsAmount'> | null; collectionFloor: Pick<FloorListing, 'paws'> | null },
): ListingWarning[] {
  const warnings: ListingWarning[] = [];
  const trimmed = price.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return warnings;
  const offer = context.bestOffer?.pawsAmount;
  if (offer && isBelow(trimmed, offer)) {
    warnings.push({
      kind: 'under-offer',
      text: `This price is under the best standing offer of ${formatPaws(offer)} PAWS for this tiger: accepting the offer pays you more.`,
    });
  }
  const floor = context.collectionFloor?.paws;
  const pair = floor ? atOneScale(trimmed, floor) : undefined;
  if (floor && pair && pair[0] * 2n < pair[1]) {
    warnings.push({ kind: 'under-half-floor', text: `This price is under half the collection floor of ${formatPaws(floor)} PAWS.` });
  }
  return warnings;
}
