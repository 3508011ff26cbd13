/** Pure rules of PAWS listings. */
import { formatPaws } from '@/lib/format';
import { MAX_TOKEN_UNITS, parseUnits } from '@/features/balances/units';
import type { Trait } from '@/features/tiger/rarity';

/** Spec 001 §9: listings per page of the PAWS marketplace. */
export const PAWS_PAGE_SIZE = 20;

/** Spec 001 §5: the price input's step is 0.01, and PAWS prices are shown with up to 2 decimals. */
export const PAWS_PRICE_DECIMALS = 2;

/** The write (writes/write-store) of one account's listing of one tiger. */
export const listingWriteId = (accountId: string, serialNumber: number) => `listing:${accountId}:${serialNumber}`;

/** The write of one account's purchase of one listing. */
export const pawsPurchaseWriteId = (buyer: string, listingId: string) => `paws-purchase:${buyer}:${listingId}`;

/** The write of one account's unlist of one tiger (the listing removed, the marketplace's permission revoked). */
export const unlistWriteId = (accountId: string, serialNumber: number) => `unlist:${accountId}:${serialNumber}`;

/** Spec 001 §5's message for any price it cannot take. */
export const INVALID_PRICE_MESSAGE = 'Please enter a valid PAWS price';

/**
 * A listing price in the token's smallest unit, or why it cannot be one: not a positive number,
 * more than 2 decimals (what is shown must be what is charged), or more than the ledger holds.
 */
export function parsePawsPrice(value: string, tokenDecimals: number): { units: bigint } | { problem: string } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return { problem: 'a number greater than 0' };
  const [, whole = '', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > PAWS_PRICE_DECIMALS) return { problem: `at most ${PAWS_PRICE_DECIMALS} decimals` };
  const units = whole.replace(/^0+/, '').length > 30 ? MAX_TOKEN_UNITS + 1n : parseUnits(significant ? `${whole}.${significant}` : whole, tokenDecimals);
  if (units === undefined || units <= 0n) return { problem: 'a number greater than 0' };
  if (units > MAX_TOKEN_UNITS) return { problem: 'more PAWS than the ledger can hold' };
  return { units };
}

/** Spec 001 §5: present and greater than 0, with at most the 2 decimals of the input's step 0.01. */
export function isValidPawsPrice(value: string): boolean {
  return 'units' in parsePawsPrice(value, PAWS_PRICE_DECIMALS);
}

export type ListingStatus = 'active' | 'claimed' | 'sold' | 'removed' | 'invalid';

export interface PawsListing {
  id: string;
  sellerId: string;
  tokenId: string;
  serialNumber: number;
  nftName: string;
  nftImage: string;
  /** Price in whole PAWS as a decimal string, e.g. "1250.5". */
  pawsPrice: string;
  /** The same price in the token's smallest unit. */
  priceBaseUnits: string;
  rarityRank: number | null;
  rarityPct: number | null;
  rarityScore: number | null;
  traits: Trait[];
  status: ListingStatus;
  createdAt: string;
  updatedAt: string;
  approvalTransactionId: string | null;
  /** Set while a buyer's settlement is under way. */
  claim: { claimId: string; buyerId: string; transactionId: string; claimedAt: string } | null;
  sale: { buyerId: string; transactionId: string; soldAt: string } | null;
}

/** The public view of a listing (what GET /api/paws/listings returns). */
export function publicListing(listing: PawsListing) {
  const { claim: _claim, priceBaseUnits: _units, ...rest } = listing;
  return rest;
}

/** Spec 001 §4: a seller cannot buy their own listing. */
export function isOwnListing(listing: Pick<PawsListing, 'sellerId'>, viewerId: string | null | undefined): boolean {
  return !!viewerId && listing.sellerId === viewerId;
}

/** The error text of spec 001 §5 for a balance below the price, its amounts as every PAWS amount is shown (formatPaws). */
export function insufficientPawsMessage(required: number, available: number): string {
  return `Insufficient PAWS tokens. Required: ${formatPaws(required)}, Available: ${formatPaws(available)}`;
}

/** The collection's own name, image and rarity of a serial, as a listing or an offer shows it. */
export interface ListingDisplay {
  nftName: string;
  nftImage: string;
  rarityRank: number | null;
  rarityPct: number | null;
  rarityScore: number | null;
  traits: PawsListing['traits'];
}
