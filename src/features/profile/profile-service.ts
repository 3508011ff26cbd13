import { DomainError } from '@/lib/domain-error';
import type { CollectionCatalog } from '@/features/tiger/catalog-port';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import { awaitAllSettled } from '@/features/ledger/transaction-confirmation';
import { bestRank, publicBadges } from './achievements';
import { serialsHeldBy } from './holdings-service';
import { PROFILE_MESSAGES, defaultProfile } from './profile-rules';
import type { ProfileFields, ProfileRepo, StoredProfile } from './profile-repo';
import type { Profile, ProfileAnswer, PublicProfile, PublicProfilesAnswer } from './profile-types';
import type { ProfileNamesAnswer } from '@/features/accounts/account-types';
import { ANONYMOUS_VIEWS_PER_ADDRESS, type Viewer, addressKey, countsAsView, viewDay, viewMarkerExpiry, viewerKey } from './profile-views';

/** The public list shows at most this many profiles (the total still counts every match). */
export const PUBLIC_PROFILES_LIMIT = 200;
/** How long an avatar change waits for the user's recent transactions on the mirror node, and what it keeps back to save. */
export const RECENT_TRANSACTIONS_WAIT = { maxWaitMs: 10_000, reserveMs: 2_000 } as const;
const SAVE_ATTEMPTS = 3;

export type ProfileUpdate = Partial<ProfileFields>;

export interface ProfileServiceDeps {
  store: ProfileRepo;
  ledger: LedgerReader;
  catalog: CollectionCatalog;
  /** The owner of every serial as the ledger says now (at most 60 s old); see holdings-service.ts. */
  owners: () => Promise<ReadonlyMap<number, string>>;
  nftTokenId: string;
  now?: () => number;
}

function toProfile(stored: StoredProfile): Profile {
  const { updatedAt: _updatedAt, version: _version, ...profile } = stored;
  return profile;
}

function matches(profile: StoredProfile, search: string): boolean {
  const needle = search.toLowerCase();
  return profile.accountId.includes(needle) || (profile.username ?? '').toLowerCase().includes(needle);
}

/** Holder profiles: reading (with privacy and view counting), editing by the owner, and the public directory. */
export function createProfileService({ store, ledger, catalog, owners, nftTokenId, now = Date.now }: ProfileServiceDeps) {
  async function assertOwnsTiger(accountId: string, serial: number): Promise<void> {
    const nft = await ledger.getNft(nftTokenId, serial);
    if (!nft || nft.deleted || nft.owner !== accountId) throw new DomainError('AVATAR_NOT_OWNED', PROFILE_MESSAGES.nftNotFound);
  }

  return {
    /**
     * A profile for `viewer`: a private one only for its owner (404 for others). Others' views are
     * counted once a day each, anonymous ones within their network's daily limit (profile-views.ts).
     */
    async view(accountId: string, viewer: Viewer): Promise<ProfileAnswer> {
      const stored = await store.get(accountId);
      if (!stored) return { success: true, profile: defaultProfile(accountId) };
      const isOwner = viewer.sessionAccountId === accountId;
      if (!stored.isPublic && !isOwner) throw new DomainError('PROFILE_NOT_FOUND', PROFILE_MESSAGES.profileNotFound);
      const profile = toProfile(stored);
      if (countsAsView(viewer, accountId)) {
        const at = now();
        const day = viewDay(at);
        const address = addressKey(viewer, day);
        const limit = address === undefined ? undefined : { key: address, max: ANONYMOUS_VIEWS_PER_ADDRESS };
        const counted = await store.recordView(accountId, viewerKey(viewer, day), day, viewMarkerExpiry(at), limit);
        if (counted !== undefined) profile.profileViews = counted;
      }
      return { success: true, profile };
    },

    /**
     * Edits the signed-in account's own profile; an avatar must be a tiger it owns on the ledger,
     * read once the mirror node shows the account's `afterTransactionIds` (a purchase just made).
     */
    async update(sessionAccountId: string, accountId: string, changes: ProfileUpdate, afterTransactionIds: readonly string[] = []): Promise<ProfileAnswer> {
      if (accountId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', PROFILE_MESSAGES.notYours);
      if (!Object.values(changes).some((value) => value !== undefined)) throw new DomainError('NOTHING_TO_UPDATE', PROFILE_MESSAGES.nothingToUpdate);
      if (changes.avatarNftSerial !== undefined && changes.avatarNftSerial !== null) {
        await awaitAllSettled(ledger, afterTransactionIds, RECENT_TRANSACTIONS_WAIT);
        await assertOwnsTiger(accountId, changes.avatarNftSerial);
      }
      for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt += 1) {
        const current = await store.get(accountId);
        const base = current ?? defaultProfile(accountId);
        const fields: ProfileFields = {
          username: base.username,
          bio: base.bio,
          twitterHandle: base.twitterHandle,
          isPublic: base.isPublic,
          pnlPublic: base.pnlPublic,
          avatarNftSerial: base.avatarNftSerial,
        };
        for (const [field, value] of Object.entries(changes)) if (value !== undefined) Object.assign(fields, { [field]: value });
        if (await store.save(accountId, fields, current?.version, new Date(now()).toISOString())) {
          const saved = await store.get(accountId);
          if (saved) return { success: true, profile: toProfile(saved) };
        }
      }
      throw new DomainError('PROFILE_CHANGED', 'The profile changed while saving, please try again');
    },

    /**
     * Public profiles (optionally matching `search` in the username or account id), newest first,
     * with the tigers each holds as the ledger says now: counts, avatar and badges follow the owner
     * map, never a copy saved at an earlier sync.
     */
    /** The names the pages show for these accounts in place of their ids: public profiles with a username only. */
    async names(accountIds: readonly string[]): Promise<ProfileNamesAnswer> {
      const named = (await store.getMany(accountIds)).filter((profile) => profile.isPublic && profile.username);
      return { success: true, names: Object.fromEntries(named.map((profile) => [profile.accountId, profile.username as string])) };
    },

    async publicProfiles(search?: string): Promise<PublicProfilesAnswer> {
      const ids = await store.publicAccountIds();
      const needle = search?.trim() ?? '';
      const found = (await store.getMany(ids))
        .filter((profile) => profile.isPublic && (!needle || matches(profile, needle)))
        .sort((a, b) => b.joinedAt.localeCompare(a.joinedAt) || a.accountId.localeCompare(b.accountId));
      const shown = found.slice(0, PUBLIC_PROFILES_LIMIT);
      // Nothing to show needs no ledger read (a search that matches no one answers at once).
      if (!shown.length) return { success: true, profiles: [], total: found.length };
      const [ownerOf, rarity] = await Promise.all([owners(), catalog.rarity()]);
      const held = serialsHeldBy(
        ownerOf,
        shown.map((profile) => profile.accountId),
      );
      const rankOf = (serial: number) => rarity.rarityData[String(serial)]?.rarityRank ?? null;
      const profiles = shown.map((stored): PublicProfile => {
        const tigers = (held.get(stored.accountId) ?? []).map((serial) => ({ serial, rarityRank: rankOf(serial) }));
        const best = bestRank(tigers);
        const avatarHeld = stored.avatarNftSerial !== null && ownerOf.get(stored.avatarNftSerial) === stored.accountId;
        const shownSerial = avatarHeld
          ? stored.avatarNftSerial
          : ([...tigers].sort((a, b) => (a.rarityRank ?? Infinity) - (b.rarityRank ?? Infinity))[0]?.serial ?? null);
        const profile = toProfile(stored);
        return {
          ...profile,
          id: stored.accountId,
          selectedNft: shownSerial === null ? null : { tokenId: nftTokenId, serialNumber: shownSerial, rarityRank: rankOf(shownSerial) },
          totalNfts: tigers.length,
          bestRarityRank: best,
          badges: publicBadges({ bestRarityRank: best, bio: stored.bio, totalNfts: tigers.length, twitterHandle: stored.twitterHandle }),
        };
      });
      return { success: true, profiles, total: found.length };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
