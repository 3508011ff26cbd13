/** Listing and unlisting several tigers at once: the server's bulk routes and the marketplace's allowances for many tigers. */
import { apiJson } from '@/lib/api';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import type { PublicListing } from '@/features/paws-market/paws-client';

/** One tiger of a bulk listing waiting for its approval: its pending listing, serial, name and price. */
export interface BulkListingItem {
  pendingListingId: string;
  serialNumber: number;
  name: string;
  price: string;
}

declare module '../ledger/kept-transactions' {
  interface DeclaredPendingActions {
    /** One approval of a bulk listing (up to 20 tigers): its listings complete once it reaches the ledger. */
    'bulk-listing': { kind: 'bulk-listing'; accountId: string; transactionId: string; items: BulkListingItem[] };
    /** The one approval of a bulk offer acceptance: the offers are accepted once it reaches the ledger. */
    'accept-many': { kind: 'accept-many'; accountId: string; transactionId: string; items: { offerId: string; serialNumber: number; pawsAmount: string }[] };
    /** One revocation of a bulk unlist (up to 20 tigers): done once it reaches the ledger. */
    'bulk-unlist': { kind: 'bulk-unlist'; accountId: string; transactionId: string; serialNumbers: number[]; names: string[]; revokeOnly?: boolean };
  }
}

/** A transaction for the wallet covering some of the tigers (the ledger takes 20 allowances per transaction). */
export interface BatchTransaction {
  serialNumbers: number[];
  transactionBytes: string;
  transactionId: string;
}

/** Stores a pending listing for each tiger at its price. */
export function prepareListings(sellerId: string, items: readonly { serialNumber: number; pawsPrice: string }[]) {
  return apiJson<{ pendingListings: { id: string; serialNumber: number; nftName: string; pawsPrice: string }[] }>('/api/paws/listings/bulk/prepare', {
    method: 'POST',
    body: { sellerId, tokenId: PUBLIC_CONFIG.nftTokenId, items },
  });
}

/** The marketplace's approvals for the tigers, in as few transactions as the ledger allows. */
export function prepareApprovals(ownerAccountId: string, serialNumbers: readonly number[]) {
  return apiJson<{ transactions: BatchTransaction[] }>('/api/paws/allowance/bulk/prepare', {
    method: 'POST',
    body: { ownerAccountId, tokenId: PUBLIC_CONFIG.nftTokenId, serialNumbers, spenderAccountId: PUBLIC_CONFIG.marketplaceAccountId },
  });
}

/** Lists each pending listing its approval covers; each tiger's outcome. */
export function completeListings(items: readonly { pendingListingId: string; approvalTransactionId: string }[]) {
  return apiJson<{ listings: PublicListing[]; failed: { pendingListingId: string; code: string; error: string }[] }>('/api/paws/listings/bulk/complete', {
    method: 'POST',
    body: { items },
  });
}

/** Takes several of the seller's listings down; each one's outcome. */
export function unlistListings(listingIds: readonly string[]) {
  return apiJson<{ removed: { listingId: string; serialNumber: number }[]; failed: { listingId: string; serialNumber: number | null; error: string }[] }>(
    '/api/paws/listings/bulk/unlist',
    { method: 'POST', body: { listingIds } },
  );
}

/** The revocations of the marketplace's permission on the tigers, in as few transactions as the ledger allows. */
export function prepareRevocations(ownerAccountId: string, serialNumbers: readonly number[]) {
  return apiJson<{ transactions: BatchTransaction[] }>('/api/paws/allowance/delete/bulk/prepare', {
    method: 'POST',
    body: { ownerAccountId, tokenId: PUBLIC_CONFIG.nftTokenId, serialNumbers },
  });
}

/** Sells several of the seller's tigers at once, each to its offer, after the approval `approvalTransactionId`; each one's outcome. */
export function acceptOffers(sellerId: string, items: readonly { offerId: string; serialNumber: number }[], approvalTransactionId: string) {
  return apiJson<{
    accepted: { offerId: string; serialNumber: number; pawsAmount: string; transactionId: string }[];
    pending: { offerId: string; serialNumber: number; transactionId: string }[];
    failed: { serialNumber: number; code: string; error: string }[];
  }>('/api/paws/offers/accept-many', { method: 'POST', body: { sellerId, items, approvalTransactionId } });
}

/** One sale the holder chose in a bulk acceptance: a tiger to an offer, at its amount. */
export interface AcceptPick {
  offerId: string;
  serialNumber: number;
  pawsAmount: string;
}

/** Each chosen sale checked before the owner's wallet is asked for anything: ready, or refused and why. */
export function checkAcceptOffers(sellerId: string, items: readonly { offerId: string; serialNumber: number }[]) {
  return apiJson<{ ready: { offerId: string; serialNumber: number }[]; refused: { offerId: string; serialNumber: number; code: string; error: string }[] }>(
    '/api/paws/offers/accept-many/check',
    { method: 'POST', body: { sellerId, items } },
  );
}
