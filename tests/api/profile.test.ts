import { AccountId, NftId, TokenId, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OwnedNft } from '../../src/features/accounts/account-types';
import type { Profile, PublicProfile } from '../../src/features/profile/profile-types';
import { sandboxSuite } from '../support/api-suite';
import { ALICE, BOB, CAROL, DAVE, NFT_TOKEN, call, ownedSerials, signAndExecute } from '../support/sandbox-client';

const suite = sandboxSuite({ holders: [ALICE, BOB, CAROL, DAVE] });
let aliceSerials: number[] = [];
let bobSerials: number[] = [];

beforeAll(async () => {
  aliceSerials = await ownedSerials(suite.origin, ALICE);
  bobSerials = await ownedSerials(suite.origin, BOB);
});

function save(accountId: string, body: Record<string, unknown>, cookie: string | undefined = suite.holder(accountId).cookie) {
  return call<{ success: boolean; profile: Profile; error?: string }>(suite.origin, 'POST', '/api/profile', {
    body: { accountId, ...body },
    ...(cookie ? { cookie } : {}),
  });
}

/** A read of a profile; `viewerAddress` is what CloudFront would report as the viewer's address. */
function read(accountId: string, options: { cookie?: string; userAgent?: string; viewerAddress?: string } = {}) {
  return call<{ success: boolean; profile: Profile; error?: string }>(suite.origin, 'GET', `/api/profile/${accountId}`, {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    headers: {
      'user-agent': options.userAgent ?? 'profile-tests',
      ...(options.viewerAddress ? { 'cloudfront-viewer-address': options.viewerAddress } : {}),
    },
  });
}

/** Moves a tiger on the sandbox ledger, signed by its owner, and waits for consensus. */
async function transferTiger(serial: number, from: string, to: string): Promise<void> {
  const transfer = new TransferTransaction()
    .addNftTransfer(new NftId(TokenId.fromString(NFT_TOKEN), serial), from, to)
    .setTransactionId(TransactionId.generate(from))
    .setNodeAccountIds([AccountId.fromString('0.0.3')])
    .freeze();
  expect((await signAndExecute(suite.origin, from, Buffer.from(transfer.toBytes()).toString('base64'))).status).toBe('SUCCESS');
}

/** The owner's own read: never counted as a view. */
async function ownRead(accountId: string): Promise<Profile> {
  const answer = await read(accountId, { cookie: suite.holder(accountId).cookie });
  expect(answer.status).toBe(200);
  return answer.json.profile;
}

async function publicList(search?: string) {
  const query = search === undefined ? '' : `?search=${encodeURIComponent(search)}`;
  return call<{ success: boolean; profiles: PublicProfile[]; total: number; error?: string }>(suite.origin, 'GET', `/api/public-profiles${query}`);
}

describe('profile', () => {
  it('gives an account that never saved a profile the defaults', async () => {
    const answer = await read(DAVE);
    expect(answer).toMatchObject({ status: 200, json: { success: true } });
    expect(answer.json.profile).toEqual({
      accountId: DAVE,
      username: null,
      bio: null,
      twitterHandle: null,
      isPublic: true,
      pnlPublic: false,
      avatarNftSerial: null,
      profileViews: 0,
      joinedAt: null,
    });
    expect((await publicList()).json.profiles.map((p) => p.accountId)).not.toContain(DAVE);
  });

  it('lets the signed-in holder edit their own profile, storing text as given and the handle without @', async () => {
    const bio = '<script>alert("roar")</script> Guardian of the den & friend of all tigers';
    const answer = await save(ALICE, { username: 'Alice the Tiger', bio, twitterHandle: '@alice_tiger', isPublic: true });
    expect(answer.status).toBe(200);
    expect(answer.json.profile).toMatchObject({
      accountId: ALICE,
      username: 'Alice the Tiger',
      bio,
      twitterHandle: 'alice_tiger',
      isPublic: true,
      profileViews: 0,
    });
    expect(Date.parse(answer.json.profile.joinedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const stored = await ownRead(ALICE);
    expect(stored).toEqual(answer.json.profile);

    const partial = await save(ALICE, { twitterHandle: 'AliceRoars' });
    expect(partial.json.profile).toMatchObject({ username: 'Alice the Tiger', bio, twitterHandle: 'AliceRoars', joinedAt: stored.joinedAt });
  });

  it('keeps every field of concurrent edits (conditional writes with retries)', async () => {
    const answers = await Promise.all([
      save(CAROL, { username: 'Carol' }),
      save(CAROL, { bio: 'Carol keeps three tigers.' }),
      save(CAROL, { twitterHandle: 'carol_c' }),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await ownRead(CAROL)).toMatchObject({ username: 'Carol', bio: 'Carol keeps three tigers.', twitterHandle: 'carol_c' });
  });

  it('answers 401 without a session and 403 for another account, changing nothing', async () => {
    const before = await ownRead(ALICE);
    expect((await save(ALICE, { username: 'Intruder' }, '')).status).toBe(401);
    const foreign = await save(ALICE, { username: 'Intruder' }, suite.holder(BOB).cookie);
    expect(foreign).toMatchObject({ status: 403, json: { error: 'You can only edit your own profile' } });
    const foreignAvatar = await save(ALICE, { avatarNftSerial: bobSerials[0] }, suite.holder(BOB).cookie);
    expect(foreignAvatar.status).toBe(403);
    expect(await ownRead(ALICE)).toEqual(before);
  });

  it('sets an avatar the account owns on the ledger and refuses any other', async () => {
    const serial = aliceSerials[0] as number;
    const set = await save(ALICE, { avatarNftSerial: serial });
    expect(set).toMatchObject({ status: 200, json: { profile: { avatarNftSerial: serial, username: 'Alice the Tiger' } } });
    for (const other of [bobSerials[0] as number, 3333, 999_999]) {
      const refused = await save(ALICE, { avatarNftSerial: other });
      expect(refused, `serial ${other}`).toMatchObject({ status: 400, json: { error: 'NFT not found' } });
    }
    expect((await ownRead(ALICE)).avatarNftSerial).toBe(serial);
  });

  it('validates lengths, the handle and types with clear errors, and changes nothing', async () => {
    const before = await ownRead(ALICE);
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'x'.repeat(33) }, "Invalid body 'username': Username must be 32 characters or fewer"],
      [{ username: 'tab\there' }, "Invalid body 'username': Username cannot contain control characters"],
      [{ bio: 'b'.repeat(281) }, "Invalid body 'bio': Bio must be 280 characters or fewer"],
      [
        { twitterHandle: 'not a handle' },
        "Invalid body 'twitterHandle': Twitter handle must be 1-15 letters, numbers or underscores (a leading @ is optional)",
      ],
      [
        { twitterHandle: '@sixteen_chars_xx' },
        "Invalid body 'twitterHandle': Twitter handle must be 1-15 letters, numbers or underscores (a leading @ is optional)",
      ],
      [{ twitterHandle: '@@double' }, "Invalid body 'twitterHandle': Twitter handle must be 1-15 letters, numbers or underscores (a leading @ is optional)"],
      [{ isPublic: 'yes' }, "Invalid body 'isPublic': isPublic must be true or false"],
      [{ avatarNftSerial: 0 }, "Invalid body 'avatarNftSerial': must be 1 or more"],
      [{}, 'Nothing to update: send username, bio, twitterHandle, isPublic, pnlPublic or avatarNftSerial'],
    ];
    for (const [body, error] of cases) {
      const answer = await save(ALICE, body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, json: { error } });
    }
    expect((await save('0.0.x', { username: 'a' }, suite.holder(ALICE).cookie)).status).toBe(400);
    expect(await ownRead(ALICE)).toEqual(before);
    // the limits themselves are accepted
    const atLimit = await save(DAVE, { username: 'u'.repeat(32), bio: 'b'.repeat(280), twitterHandle: 'fifteen_chars_x' });
    expect(atLimit).toMatchObject({ status: 200, json: { profile: { twitterHandle: 'fifteen_chars_x' } } });
    const cleared = await save(DAVE, { username: '', bio: '   ', twitterHandle: '' });
    expect(cleared.json.profile).toMatchObject({ username: null, bio: null, twitterHandle: null });
  });

  it('never lists a private profile nor serves its details to others, and hides it at once', async () => {
    await save(BOB, { username: 'Bob the Bold', bio: 'Mythic tiger keeper since day one.', isPublic: false });
    for (const cookie of [undefined, suite.holder(ALICE).cookie]) {
      const answer = await read(BOB, cookie ? { cookie } : {});
      expect(answer).toMatchObject({ status: 404, json: { error: 'Profile not found' } });
    }
    expect(await ownRead(BOB)).toMatchObject({ username: 'Bob the Bold', isPublic: false });
    expect((await publicList()).json.profiles.map((p) => p.accountId)).not.toContain(BOB);

    await save(BOB, { isPublic: true });
    expect((await read(BOB)).json.profile).toMatchObject({ username: 'Bob the Bold', isPublic: true });
    expect((await publicList()).json.profiles.map((p) => p.accountId)).toContain(BOB);

    await save(BOB, { isPublic: false });
    expect((await publicList()).json.profiles.map((p) => p.accountId)).not.toContain(BOB);
    expect((await publicList('bob')).json.profiles).toEqual([]);
    expect((await read(BOB, { cookie: suite.holder(CAROL).cookie })).status).toBe(404);
  });

  it('names the accounts a page shows by their public profiles only, and refuses a malformed list', async () => {
    await save(CAROL, { username: 'Carol Stripes', isPublic: true });
    await save(BOB, { username: 'Bob the Hidden', isPublic: false });
    const names = (ids: string) =>
      call<{ success: boolean; names: Record<string, string>; code?: string }>(suite.origin, 'GET', `/api/profile-names?ids=${ids}`);
    const answer = await names(`${CAROL},${BOB},${DAVE},${CAROL}`);
    expect(answer).toMatchObject({ status: 200, json: { success: true, names: { [CAROL]: 'Carol Stripes' } } });
    expect(Object.keys(answer.json.names)).toEqual([CAROL]);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=15');

    const many = Array.from({ length: 101 }, (_, index) => `0.0.${9_000_000 + index}`).join(',');
    for (const bad of ['', 'alice', `${CAROL},`, many]) {
      const refused = await names(bad);
      expect(refused.status, bad.slice(0, 20)).toBe(400);
      expect(refused.json.code).toBe('INVALID_REQUEST');
    }
  });

  it('counts a view once per viewer per day and never the owner’s own', async () => {
    const start = (await ownRead(ALICE)).profileViews;
    await ownRead(ALICE);
    expect((await ownRead(ALICE)).profileViews).toBe(start);

    const first = await read(ALICE, { cookie: suite.holder(BOB).cookie });
    expect(first.json.profile.profileViews).toBe(start + 1);
    expect((await read(ALICE, { cookie: suite.holder(BOB).cookie })).json.profile.profileViews).toBe(start + 1);
    await read(ALICE, { cookie: suite.holder(CAROL).cookie });
    await read(ALICE, { userAgent: 'visitor-one' });
    await read(ALICE, { userAgent: 'visitor-one' });
    await read(ALICE, { userAgent: 'visitor-two' });
    expect((await ownRead(ALICE)).profileViews).toBe(start + 4);

    const racing = await Promise.all(Array.from({ length: 8 }, () => read(ALICE, { userAgent: 'visitor-three' })));
    expect(racing.every((answer) => answer.status === 200)).toBe(true);
    expect((await ownRead(ALICE)).profileViews).toBe(start + 5);
  });

  it('limits anonymous views to 3 per network address a day, whatever the browser, counting each address as CloudFront reports it', async () => {
    const start = (await ownRead(ALICE)).profileViews;
    for (const agent of ['one', 'two', 'three', 'four', 'five']) await read(ALICE, { userAgent: `machine-${agent}`, viewerAddress: '203.0.113.50:40001' });
    expect((await ownRead(ALICE)).profileViews).toBe(start + 3);
    // another port of the same address is the same viewer network; one machine's IPv6 addresses share their /64
    await read(ALICE, { userAgent: 'machine-six', viewerAddress: '203.0.113.50:40002' });
    for (const host of ['1', '2', '3', '4']) await read(ALICE, { userAgent: 'v6', viewerAddress: `2001:db8:7:1::${host}:443` });
    expect((await ownRead(ALICE)).profileViews).toBe(start + 6);
    await read(ALICE, { userAgent: 'machine-one', viewerAddress: '198.51.100.20:5000' });
    expect((await ownRead(ALICE)).profileViews).toBe(start + 7);
  });

  it('lists public profiles with their avatar, tiger count and badges, and searches them', async () => {
    const list = await publicList();
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toContain('s-maxage=15');
    const alice = list.json.profiles.find((p) => p.accountId === ALICE);
    expect(alice).toMatchObject({
      id: ALICE,
      username: 'Alice the Tiger',
      twitterHandle: 'AliceRoars',
      isPublic: true,
      totalNfts: aliceSerials.length,
      selectedNft: { tokenId: NFT_TOKEN, serialNumber: aliceSerials[0] },
    });
    expect(aliceSerials.length).toBe(32);
    expect(alice?.bestRarityRank).toBeLessThanOrEqual(100);
    expect(alice?.badges.map((badge) => badge.label)).toEqual(['Legendary Holder', 'Bio Complete', 'Tiger King']);
    expect(list.json.total).toBe(list.json.profiles.length);
    for (const profile of list.json.profiles) expect(profile.isPublic).toBe(true);

    for (const search of ['alice THE', '7001001', '0.0.70010']) {
      const found = await publicList(search);
      expect(
        found.json.profiles.map((p) => p.accountId),
        search,
      ).toContain(ALICE);
    }
    const carolOnly = await publicList('CAROL');
    expect(carolOnly.json.profiles.map((p) => p.accountId)).toEqual([CAROL]);
    expect(carolOnly.json.total).toBe(1);
    expect((await publicList('no such tiger')).json).toMatchObject({ profiles: [], total: 0 });
    expect((await publicList('x'.repeat(65))).json.error).toBe("Invalid query 'search': Search must be 64 characters or fewer");
  });

  it('counts and badges follow the ledger, not the copy of a past sync: a borrowed top-10 tiger given back leaves no Legendary Holder', async () => {
    const bobs = await call<{ nfts: OwnedNft[] }>(suite.origin, 'GET', `/api/profile/${BOB}/nfts`);
    const top = [...bobs.json.nfts].sort((a, b) => (a.rarityRank ?? Infinity) - (b.rarityRank ?? Infinity))[0] as OwnedNft;
    expect(top.rarityRank).toBeLessThanOrEqual(10);
    await save(DAVE, { username: 'Dave the Borrower', isPublic: true });

    await transferTiger(top.serialNumber, BOB, DAVE);
    const synced = await call<{ count: number }>(suite.origin, 'POST', `/api/profile/${DAVE}/sync-nfts`, { cookie: suite.holder(DAVE).cookie });
    expect(synced).toMatchObject({ status: 200, json: { count: 1 } });
    await transferTiger(top.serialNumber, DAVE, BOB);

    const dave = (await publicList('Dave the Borrower')).json.profiles[0];
    expect(dave).toMatchObject({ accountId: DAVE, totalNfts: 0, bestRarityRank: null, selectedNft: null });
    expect(dave?.badges.map((badge) => badge.label)).not.toContain('Legendary Holder');
  });
});
