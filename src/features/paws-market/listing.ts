/** Pure rules of PAWS listings. */
import type { Trait } from '../tiger/rarity';

/** Spec 001 §9: listings per page of the PAWS marketplace. */
export const PAWS_PAGE_SIZE = 20;

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

/** The error text of spec 001 §5 for a balance below the price (two decimals). */
export function insufficientPawsMessage(required: number, available: number): string {
  return `Insufficient PAWS tokens. Required: ${required.toFixed(2)}, Available: ${available.toFixed(2)}`;
}
