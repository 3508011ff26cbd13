import { atom, computed } from 'nanostores';
import { refreshTigerView } from '../tiger/tiger-view-store';
import { ApiError, apiJson, createFetcherStore, invalidateKeys, retryWhileUnavailable } from '@/lib/api';
import { balancesMoved } from '../balances/balance-store';
import { forgetTransaction } from '../ledger/kept-transactions';
import { waitForLedger } from '../ledger/ledger-wait-client';
import { pawsFiguresChanged } from '../market-stats/market-stats-client';
import { PUBLIC_CONFIG } from '../../lib/public-config';
import type { OwnedNft } from '../accounts/account-types';
import { $wallet } from '../wallet/wallet-store';
import type { TraitCounts } from '../collection/collection-types';
import type { PawsListing } from './listing';

export type PublicListing = Omit<PawsListing, 'claim' | 'priceBaseUnits'>;

/** A transaction the server froze for the user's wallet, with the id frozen into it (known before the wallet answers). */
export interface PreparedTransaction {
  transactionBytes: string;
  transactionId: string;
}

/** The listings API query of the view on screen (sort, filters, page), set by the market tab once it has read the URL. */
export const $listingsQuery = atom<string | null>(null);
const $accountKey = computed($wallet, (wallet) => wallet.accountId ?? null);

export interface ListingsPage {
  listings: PublicListing[];
  /** Listings matching the filters. */
  total: number;
  page: number;
  limit: number;
  /** Every buyable listing, before the filters. */
  allTotal: number;
  traitCounts: TraitCounts;
}

export const $listings = createFetcherStore<ListingsPage>(['/api/paws/listings?', $listingsQuery], {
  dedupeTime: 30_000,
});
export const $myListings = createFetcherStore<{ listings: PublicListing[] }>(['/api/paws/listings/user/', $accountKey], { dedupeTime: 5_000 });
export const $ownedNfts = createFetcherStore<{ nfts: OwnedNft[]; verified: boolean; source: string }>(['/api/profile/', $accountKey, '/nfts'], {
  dedupeTime: 60_000,
  // A cold server whose ledger and IPFS reads outlast the request (503) answers a few seconds later.
  onErrorRetry: retryWhileUnavailable,
});
export const $rarity = createFetcherStore<{ stats: { totalNFTs: number; coveragePercentage: number } }>(
  // The badge shows the coverage stats only: no need for the whole dataset's megabyte.
  [`/api/collection/hedera-rarity/${PUBLIC_CONFIG.nftTokenId}?fields=stats`],
  { dedupeTime: 30 * 60_000 },
);

/** Reloads what a trade changed: listings, profiles, offers, market figures, the tiger view and the balances (here and in other tabs). */
function reloadTraded(): void {
  invalidateKeys((key) => key.startsWith('/api/paws/listings') || key.startsWith('/api/profile/') || key.startsWith('/api/paws/offers'));
  pawsFiguresChanged();
  refreshTigerView();
  balancesMoved();
}

/**
 * After a trade: reloads what it changed at once (our own records have it), and, given the
 * transaction that made it (`transactionId`), again once the mirror node shows that transaction
 * (what the ledger's reads then show), which also lets the account's recent trades forget it.
 */
export function refreshAfterTrade(transactionId?: string): void {
  reloadTraded();
  if (!transactionId) return;
  void waitForLedger(transactionId, undefined, { mirror: true })
    .then((outcome) => {
      if (outcome.state !== 'pending') forgetTransaction(transactionId);
    })
    .catch(() => undefined)
    .then(reloadTraded);
}

/** Prepares the marketplace's allowance to spend `amount` PAWS (display units) of the account, for its wallet to sign. */
export function prepareTokenAllowance(accountId: string, amount: string): Promise<PreparedTransaction> {
  return apiJson<PreparedTransaction>('/api/paws/token-allowance/prepare', {
    method: 'POST',
    body: { ownerAccountId: accountId, tokenId: PUBLIC_CONFIG.pawsTokenId, amount, spenderAccountId: PUBLIC_CONFIG.marketplaceAccountId },
  });
}

/** Prepares the marketplace's allowance for one tiger, for the owner's wallet to sign. */
export function prepareNftAllowance(accountId: string, serialNumber: number): Promise<PreparedTransaction> {
  return apiJson<PreparedTransaction>('/api/paws/allowance/prepare', {
    method: 'POST',
    body: { ownerAccountId: accountId, tokenId: PUBLIC_CONFIG.nftTokenId, serialNumber, spenderAccountId: PUBLIC_CONFIG.marketplaceAccountId },
  });
}

/** Prepares the removal of the marketplace's permission on one tiger (after an unlist), for the owner's wallet to sign. */
export function prepareNftAllowanceRemoval(accountId: string, serialNumber: number): Promise<PreparedTransaction> {
  return apiJson<PreparedTransaction>('/api/paws/allowance/delete/prepare', {
    method: 'POST',
    body: { ownerAccountId: accountId, tokenId: PUBLIC_CONFIG.nftTokenId, serialNumber },
  });
}

/**
 * POST /api/paws/buy/prepare; a 400 JSON answer is returned (not thrown) so the allowance flow can
 * read it. After an allowance approval, its transaction id goes along: the server waits for it on the ledger.
 */
export async function prepareBuy(listingId: string, buyerId: string, allowanceTransactionId?: string): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  try {
    return { ok: true, body: await apiJson('/api/paws/buy/prepare', { method: 'POST', body: { listingId, buyerId, allowanceTransactionId } }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.body && typeof error.body === 'object') {
      return { ok: false, body: error.body as Record<string, unknown> };
    }
    throw error;
  }
}
