import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionCatalog } from '@/features/tiger/catalog-port';
import type { LedgerNft, LedgerReader } from '@/features/ledger/ledger-reader-port';
import { type ProfileService, createProfileService } from '@/features/profile/profile-service';
import { createProfileRepo } from '@/features/profile/profile-repo';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';
import { failureAnswer, failureStatus } from '../../support/http-status';

const TOKEN = '0.0.7000333';
const OWNER = '0.0.1001';
const OTHER = '0.0.1002';
const DAY_MS = 24 * 60 * 60 * 1000;

let store: MemoryStore;
let doc: DynamoDBDocumentClient;

beforeAll(async () => {
  store = await startMemoryStore();
  doc = store.doc;
});
afterAll(() => store?.stop());

/** Serial → owner on a fake ledger; ranks are the serial number (serial 7 has rank 7). */
let owners: Map<number, string>;
let clock: number;
let service: ProfileService;

const ledger = {
  async getNft(tokenId: string, serial: number): Promise<LedgerNft | null> {
    const owner = owners.get(serial);
    return tokenId === TOKEN && owner ? { tokenId, serial, owner, spender: null, delegatingSpender: null, metadata: '', deleted: false } : null;
  },
} as unknown as LedgerReader;

const catalog: CollectionCatalog = {
  imageGateway: '',
  async rarity() {
    const rarityData = Object.fromEntries(
      Array.from({ length: 3000 }, (_, i) => [String(i + 1), { rarityRank: i + 1, rarityPct: 0, rarityScore: 0, traits: [] }]),
    );
    return { rarityData, stats: { totalNFTs: 3000, coveragePercentage: 100 } };
  },
  entry: async () => undefined,
};

beforeEach(async () => {
  const tableName = await store.newTable();
  owners = new Map([
    [7, OWNER],
    [1500, OWNER],
    [300, OTHER],
  ]);
  clock = Date.parse('2025-03-14T10:00:00.000Z');
  service = createProfileService({
    store: createProfileRepo(doc, tableName),
    ledger,
    catalog,
    owners: async () => owners,
    nftTokenId: TOKEN,
    now: () => clock,
  });
});

describe('profile views', () => {
  it('count once per viewer per UTC day, again the next day, never for the owner', async () => {
    await service.update(OWNER, OWNER, { username: 'Owner' });
    const bob = { sessionAccountId: OTHER };
    const visitor = { sourceIp: '198.51.100.7', userAgent: 'Firefox' };
    expect((await service.view(OWNER, bob)).profile.profileViews).toBe(1);
    expect((await service.view(OWNER, bob)).profile.profileViews).toBe(1);
    expect((await service.view(OWNER, visitor)).profile.profileViews).toBe(2);
    expect((await service.view(OWNER, { sessionAccountId: OWNER })).profile.profileViews).toBe(2);

    clock += 15 * 60 * 60 * 1000; // 01:00 UTC the next day
    expect((await service.view(OWNER, bob)).profile.profileViews).toBe(3);
    expect((await service.view(OWNER, visitor)).profile.profileViews).toBe(4);
    expect((await service.view(OWNER, visitor)).profile.profileViews).toBe(4);
    clock += DAY_MS;
    expect((await service.view(OWNER, { sessionAccountId: OWNER })).profile.profileViews).toBe(4);
  });

  it('count at most 3 anonymous viewers of one network a day, whatever their browsers, and never limit signed-in viewers', async () => {
    await service.update(OWNER, OWNER, { username: 'Owner' });
    const from = (sourceIp: string, userAgent: string) => ({ sourceIp, userAgent });
    for (const agent of ['a', 'b', 'c', 'd', 'e']) await service.view(OWNER, from('198.51.100.7', agent));
    expect((await service.view(OWNER, { sessionAccountId: OWNER })).profile.profileViews).toBe(3);
    // one machine's IPv6 addresses share their /64
    for (const host of ['1', '2', '3', '4']) await service.view(OWNER, from(`2001:db8:0:1::${host}`, 'same'));
    expect((await service.view(OWNER, { sessionAccountId: OWNER })).profile.profileViews).toBe(6);
    await service.view(OWNER, from('203.0.113.9', 'a'));
    for (const account of ['0.0.7', '0.0.8']) await service.view(OWNER, { sessionAccountId: account, sourceIp: '198.51.100.7' });
    expect((await service.view(OWNER, { sessionAccountId: OWNER })).profile.profileViews).toBe(9);
    clock += DAY_MS;
    await service.view(OWNER, from('198.51.100.7', 'e'));
    expect((await service.view(OWNER, { sessionAccountId: OWNER })).profile.profileViews).toBe(10);
  });

  it('are not counted for an account that never saved a profile, and saving keeps the counter', async () => {
    expect((await service.view(OWNER, { sessionAccountId: OTHER })).profile).toMatchObject({ profileViews: 0, joinedAt: null, isPublic: true });
    await service.update(OWNER, OWNER, { bio: 'hello' });
    await service.view(OWNER, { sessionAccountId: OTHER });
    const saved = await service.update(OWNER, OWNER, { username: 'Renamed' });
    expect(saved.profile).toMatchObject({ profileViews: 1, bio: 'hello', username: 'Renamed' });
  });
});

describe('profile edits', () => {
  it('keep joinedAt from the first save and refuse other accounts and unowned avatars', async () => {
    const first = await service.update(OWNER, OWNER, { username: 'First' });
    clock += DAY_MS;
    const second = await service.update(OWNER, OWNER, { isPublic: false, avatarNftSerial: 1500 });
    expect(second.profile).toMatchObject({ joinedAt: first.profile.joinedAt, isPublic: false, avatarNftSerial: 1500, username: 'First' });
    expect(await failureStatus(service.update(OTHER, OWNER, { username: 'x' }))).toBe(403);
    expect(await failureAnswer(service.update(OWNER, OWNER, { avatarNftSerial: 300 }))).toEqual({ status: 400, message: 'NFT not found' });
    expect(await failureAnswer(service.update(OWNER, OWNER, { avatarNftSerial: 2999 }))).toEqual({ status: 400, message: 'NFT not found' });
    expect(await failureStatus(service.update(OWNER, OWNER, {}))).toBe(400);
    expect((await service.update(OWNER, OWNER, { avatarNftSerial: null })).profile.avatarNftSerial).toBeNull();
  });

  it('serve a private profile to its owner only', async () => {
    await service.update(OWNER, OWNER, { isPublic: false, bio: 'secret' });
    expect(await failureAnswer(service.view(OWNER, {}))).toEqual({ status: 404, message: 'Profile not found' });
    expect(await failureStatus(service.view(OWNER, { sessionAccountId: OTHER }))).toBe(404);
    expect((await service.view(OWNER, { sessionAccountId: OWNER })).profile.bio).toBe('secret');
  });
});

describe('public profiles', () => {
  it('list public profiles newest first with avatar, count, best rank and badges', async () => {
    await service.update(OWNER, OWNER, { username: 'Owner', bio: 'A bio that is long enough', avatarNftSerial: 1500 });
    clock += 1000;
    await service.update(OTHER, OTHER, { username: 'Other' });
    const { profiles, total } = await service.publicProfiles();
    expect(total).toBe(2);
    expect(profiles.map((p) => p.accountId)).toEqual([OTHER, OWNER]);
    expect(profiles[1]).toMatchObject({
      id: OWNER,
      selectedNft: { tokenId: TOKEN, serialNumber: 1500, rarityRank: 1500 },
      totalNfts: 2,
      bestRarityRank: 7,
      badges: [
        { id: 'tier-legendary', label: 'Legendary Holder' },
        { id: 'bio-complete', label: 'Bio Complete' },
        { id: 'first-tiger', label: 'First Tiger' },
      ],
    });
    expect(profiles[0]).toMatchObject({ selectedNft: { serialNumber: 300 }, badges: [{ label: 'Epic Holder' }, { label: 'First Tiger' }] });
  });

  it('fall back to the rarest held tiger when the avatar was sold, and to none without tigers', async () => {
    await service.update(OWNER, OWNER, { avatarNftSerial: 1500 });
    owners.set(1500, OTHER);
    expect((await service.publicProfiles()).profiles[0]?.selectedNft?.serialNumber).toBe(7);
    owners.delete(7);
    owners.delete(1500);
    expect((await service.publicProfiles()).profiles[0]).toMatchObject({ selectedNft: null, totalNfts: 0, bestRarityRank: null, badges: [] });
  });

  it('search usernames and account ids case-insensitively and drop private profiles at once', async () => {
    await service.update(OWNER, OWNER, { username: 'Tiger QUEEN' });
    await service.update(OTHER, OTHER, { username: 'Bob' });
    expect((await service.publicProfiles('queen')).profiles.map((p) => p.accountId)).toEqual([OWNER]);
    expect((await service.publicProfiles('0.0.100')).total).toBe(2);
    expect((await service.publicProfiles('1002')).profiles.map((p) => p.accountId)).toEqual([OTHER]);
    expect((await service.publicProfiles('  ')).total).toBe(2);
    await service.update(OWNER, OWNER, { isPublic: false });
    expect((await service.publicProfiles()).profiles.map((p) => p.accountId)).toEqual([OTHER]);
    expect((await service.publicProfiles('queen')).total).toBe(0);
  });

  it('a search that matches no one answers without the owner map, so a ledger that cannot be read yet does not fail it', async () => {
    const tableName = await store.newTable();
    const unreadable = createProfileService({
      store: createProfileRepo(doc, tableName),
      ledger,
      catalog,
      owners: () => Promise.reject(new Error('the owner map could not be read')),
      nftTokenId: TOKEN,
      now: () => clock,
    });
    await unreadable.update(OWNER, OWNER, { username: 'Tiger Queen', isPublic: false });
    expect(await unreadable.publicProfiles('queen')).toEqual({ success: true, profiles: [], total: 0 });
    await expect(unreadable.publicProfiles()).resolves.toMatchObject({ total: 0 });
  });
});
