import { atom, computed } from 'nanostores';
import { ApiError, apiJson, createFetcherStore, invalidateKeys } from '@/lib/api';
import { refreshBalances } from '../balances/balance-store';
import { PUBLIC_CONFIG } from '../../lib/public-config';
import type { OwnedNft } from '../profile/owned-nfts';
import { $wallet, signAndExecute } from '../wallet/wallet-store';
import { PAWS_PAGE_SIZE, type PawsListing } from './listing';

export type PublicListing = Omit<PawsListing, 'claim' | 'priceBaseUnits'>;

/** Spec 001 §9 page size and freshness: listings 30 s, owned NFTs 60 s, user listings 5 s. */
export const WAIT_AFTER_ALLOWANCE_MS = 2_000;

export const $listingsPage = atom(1);
const $accountKey = computed($wallet, (wallet) => wallet.accountId ?? null);

export const $listings = createFetcherStore<{ listings: PublicListing[]; total: number }>([`/api/paws/listings?limit=${PAWS_PAGE_SIZE}&page=`, $listingsPage], {
  dedupeTime: 30_000,
});
export const $myListings = createFetcherStore<{ listings: PublicListing[] }>(['/api/paws/listings/user/', $accountKey], { dedupeTime: 5_000 });
export const $ownedNfts = createFetcherStore<{ nfts: OwnedNft[]; verified: boolean; source: string }>(['/api/profile/', $accountKey, '/nfts'], {
  dedupeTime: 60_000,
});
export const $rarity = createFetcherStore<{ stats: { totalNFTs: number; coveragePercentage: number } }>(
  [`/api/collection/hedera-rarity/${PUBLIC_CONFIG.nftTokenId}`],
  { dedupeTime: 30 * 60_000 },
);

/** Refetches everything a trade changes: listings, the user's listings, owned NFTs and balances. */
export function refreshAfterTrade(): void {
  invalidateKeys((key) => key.startsWith('/api/paws/listings') || key.startsWith('/api/profile/'));
  void refreshBalances();
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Asks the wallet to approve the marketplace to spend `amount` PAWS (display units). */
export async function approvePawsAllowance(accountId: string, amount: string): Promise<string> {
  const prepared = await apiJson<{ transactionBytes: string }>('/api/paws/token-allowance/prepare', {
    method: 'POST',
    body: { ownerAccountId: accountId, tokenId: PUBLIC_CONFIG.pawsTokenId, amount, spenderAccountId: PUBLIC_CONFIG.marketplaceAccountId },
  });
  return signAndExecute(prepared.transactionBytes, 'paws-allowance');
}

/** Asks the wallet to approve the marketplace for one tiger. */
export async function approveNftAllowance(accountId: string, serialNumber: number): Promise<string> {
  const prepared = await apiJson<{ transactionBytes: string }>('/api/paws/allowance/prepare', {
    method: 'POST',
    body: { ownerAccountId: accountId, tokenId: PUBLIC_CONFIG.nftTokenId, serialNumber, spenderAccountId: PUBLIC_CONFIG.marketplaceAccountId },
  });
  return signAndExecute(prepared.transactionBytes, 'nft-allowance');
}

/** Asks the wallet to revoke the marketplace's permission on one tiger (after an unlist). */
export async function revokeNftAllowance(accountId: string, serialNumber: number): Promise<string> {
  const prepared = await apiJson<{ transactionBytes: string }>('/api/paws/allowance/delete/prepare', {
    method: 'POST',
    body: { ownerAccountId: accountId, tokenId: PUBLIC_CONFIG.nftTokenId, serialNumber },
  });
  return signAndExecute(prepared.transactionBytes, 'nft-allowance');
}

/** POST /api/paws/buy/prepare; a 400 JSON answer is returned (not thrown) so the allowance flow can read it. */
export async function prepareBuy(listingId: string, buyerId: string): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  try {
    return { ok: true, body: await apiJson('/api/paws/buy/prepare', { method: 'POST', body: { listingId, buyerId } }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.body && typeof error.body === 'object') {
      return { ok: false, body: error.body as Record<string, unknown> };
    }
    throw error;
  }
}

export { sleep };
