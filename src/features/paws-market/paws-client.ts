import { atom, computed } from 'nanostores';
import { refreshTigerView } from '@/features/tiger/tiger-view-store';
import { ApiError, apiJson, createFetcherStore, invalidateKeys, retryWhileUnavailable } from '@/lib/api';
import { balancesMoved } from '@/features/balances/balance-store';
import { forgetTransaction } from '@/features/ledger/kept-transactions';
import { waitForLedger } from '@/features/ledger/ledger-wait-client';
import { pawsFiguresChanged } from '@/features/market-stats/market-stats-client';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import type { OwnedNft } from '@/features/accounts/account-types';
import { $wallet } from '@/features/wallet/wallet-store';
import type { TraitCounts } from '@/features/collection/collection-types';
import type { DropReason } from './cart-rules';
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

/** A pushed event changed the market: reloads listings, profiles, offers, market figures and the tiger view, in this tab only (every open tab follows the stream itself). */
export function reloadPawsMarket(): void {
  invalidateKeys((key) => key.startsWith('/api/paws/listings') || key.startsWith('/api/profile/') || key.startsWith('/api/paws/offers'));
  pawsFiguresChanged();
  refreshTigerView();
}

/** Reloads what this browser's trade changed, and the balances (here and in the site's other tabs). */
function reloadTraded(): void {
  reloadPawsMarket();
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
export async function prepareBuy(
  listingId: string,
  buyerId: string,
  allowanceTransactionId?: string,
  lapseOffers: readonly string[] = [],
): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  try {
    const body = { listingId, buyerId, allowanceTransactionId, ...(lapseOffers.length ? { lapseOffers } : {}) };
    return { ok: true, body: await apiJson('/api/paws/buy/prepare', { method: 'POST', body }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.body && typeof error.body === 'object') {
      return { ok: false, body: error.body as Record<string, unknown> };
    }
    throw error;
  }
}

/** What a purchase asks of the buyer's allowance, as the cart's quote answers it (whole PAWS); null when nothing is left to buy. */
export interface PurchaseFunding {
  due: string;
  balance: string;
  currentAllowance: string;
  /** The allowance covers it and leaves every funded offer funded: no wallet prompt. */
  covered: boolean;
  /** The approval the wallet will be asked for (null when covered). */
  amount: string | null;
  offersKeep: string;
  lapsing: { offerId: string; label: string }[];
  amountIfLapse: string | null;
}

/** A line of a purchase that is no longer for sale as it was: why, and the seller's new listing of a re-priced tiger. */
export interface DroppedLine {
  listingId: string;
  serialNumber: number | null;
  nftName: string | null;
  pawsPrice: string | null;
  reason: DropReason;
  relisted?: PublicListing;
}

/** The listings a buyer is about to pay for, read afresh (POST /api/paws/cart/quote): what is still for sale, what changed, what the allowance will be asked. */
export interface PurchaseQuote {
  listings: PublicListing[];
  bought: { listingId: string; transactionId: string }[];
  pending: { listingId: string; transactionId: string }[];
  dropped: DroppedLine[];
  funding: PurchaseFunding | null;
}

/** Reads the listings afresh for `buyerId` before they pay: one tiger's purchase or a cart. */
export function quotePurchase(buyerId: string, listingIds: readonly string[]): Promise<PurchaseQuote> {
  return apiJson<PurchaseQuote>('/api/paws/cart/quote', { method: 'POST', body: { buyerId, listingIds } });
}
