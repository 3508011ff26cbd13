import { atom, computed } from 'nanostores';
import { apiJson, createFetcherStore, invalidateKeys, mutateCache, retryWhileUnavailable } from '@/lib/api';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { callWhenSettled } from '@/features/ledger/ledger-wait-client';
import { forgetTransaction, recentTransactionIds } from '@/features/ledger/kept-transactions';
import type { RarityDataset } from '@/features/tiger/rarity';
import { $wallet } from '@/features/wallet/wallet-store';
import type { OwnedNft } from '@/features/accounts/account-types';
import type { Profile, ProfileAnswer, PublicProfilesAnswer } from './profile-types';

/** Asks for the public profiles again now (after an edit, or 'Try again' after a failure). */
export const refetchPublicProfiles = () => invalidateKeys((key) => key.startsWith('/api/public-profiles'));

/** Spec 001 §9 freshness: profile rarity every 5 min, floor polled every 60 s, public profiles refetch 30 s / stale 15 s. */
export const PROFILE_RARITY_REFRESH_MS = 5 * 60_000;
export const FLOOR_POLL_MS = 60_000;
export const PUBLIC_PROFILES_REFETCH_MS = 30_000;
export const PUBLIC_PROFILES_STALE_MS = 15_000;
export const SEARCH_DEBOUNCE_MS = 300;

/** Only a signed-in account reads its own profile (a private one is served to its owner only). */
const $signedInAccount = computed($wallet, (wallet) => (wallet.isAuthenticated ? wallet.accountId : null));

export const $ownProfile = createFetcherStore<ProfileAnswer>(['/api/profile/', $signedInAccount], { dedupeTime: 60_000 });

export const $profileRarity = createFetcherStore<RarityDataset>([`/api/collection/hedera-rarity/${PUBLIC_CONFIG.nftTokenId}`], {
  dedupeTime: PROFILE_RARITY_REFRESH_MS,
  revalidateInterval: PROFILE_RARITY_REFRESH_MS,
});

export const $floor = createFetcherStore<{ floor?: unknown }>(['/api/market/floor'], { dedupeTime: FLOOR_POLL_MS, revalidateInterval: FLOOR_POLL_MS });

export const $hbarPrice = createFetcherStore<{ priceData?: { priceUsd?: number } }>(['/api/hbar/price'], {
  dedupeTime: FLOOR_POLL_MS,
  revalidateInterval: FLOOR_POLL_MS,
});

export const $pawsPrice = createFetcherStore<{ price?: number | null }>(['/api/paws/price'], {
  dedupeTime: FLOOR_POLL_MS,
  revalidateInterval: FLOOR_POLL_MS,
});

/** The public-profiles search text (the page keeps it in ?search=). */
export const $profileSearch = atom('');
const $searchParam = computed($profileSearch, (search) => encodeURIComponent(search.trim()));

export const $publicProfiles = createFetcherStore<PublicProfilesAnswer>(['/api/public-profiles?search=', $searchParam], {
  dedupeTime: PUBLIC_PROFILES_STALE_MS,
  revalidateInterval: PUBLIC_PROFILES_REFETCH_MS,
  // A cold owner map of the collection (503 while the ledger read finishes) heals within seconds.
  onErrorRetry: retryWhileUnavailable,
});

/** The floor in HBAR from GET /api/market/floor (a number or numeric string), else null. */
export function readFloorHbar(answer: { floor?: unknown } | undefined): number | null {
  const floor = typeof answer?.floor === 'string' ? Number(answer.floor) : answer?.floor;
  return typeof floor === 'number' && Number.isFinite(floor) && floor > 0 ? floor : null;
}

/** Owned tigers with the latest rarity (the dataset refreshed every 5 min) where it knows the serial. */
export function withLatestRarity(nfts: readonly OwnedNft[], rarity: RarityDataset | undefined): OwnedNft[] {
  if (!rarity) return [...nfts];
  return nfts.map((nft) => {
    const latest = rarity.rarityData[String(nft.serialNumber)];
    return latest ? { ...nft, rarityRank: latest.rarityRank, rarityPct: latest.rarityPct, rarityScore: latest.rarityScore } : nft;
  });
}

/**
 * POST /api/profile for the signed-in account; refreshes the cached profile and the public list. An
 * avatar change sends the account's recent transactions (a purchase just made), for the server to
 * wait for them on the ledger before it checks the tiger is the account's.
 */
export async function saveProfile(changes: Partial<Omit<Profile, 'accountId' | 'profileViews' | 'joinedAt'>>): Promise<Profile> {
  const accountId = $wallet.get().accountId;
  const recent = accountId && typeof changes.avatarNftSerial === 'number' ? recentTransactionIds(accountId) : [];
  const body = { accountId, ...changes, ...(recent.length ? { afterTransactionIds: recent } : {}) };
  const answer = await callWhenSettled(() => apiJson<ProfileAnswer>('/api/profile', { method: 'POST', body }));
  for (const transactionId of recent) forgetTransaction(transactionId);
  mutateCache(`/api/profile/${accountId}`, answer);
  refetchPublicProfiles();
  return answer.profile;
}

/** True when the account has recent transactions the ledger may still be settling (a sync or an avatar change waits for them). */
export function awaitsLedger(accountId: string): boolean {
  return recentTransactionIds(accountId).length > 0;
}
