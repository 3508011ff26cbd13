import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traitShares } from '../../src/features/tiger/tiger-view-rules';
import type { TigerViewAnswer } from '../../src/features/tiger/tiger-view-rules';
import { sandboxRarity } from '../../src/sandbox/collection/sandbox-rarity';
import { startTestServer, type TestServer } from '../support/local-server';
import { ALICE, BOB, MARKETPLACE, NFT_TOKEN, PAWS_TOKEN, call, ownedSerials, signAndExecute, signIn } from '../support/sandbox-client';

let server: TestServer;
const cookies: Record<string, string> = {};
let aliceSerials: number[] = [];
const view = (serial: number | string) => call<TigerViewAnswer>(server.origin, 'GET', `/api/collection/tiger/${serial}`);

beforeAll(async () => {
  server = await startTestServer();
  for (const account of [ALICE, BOB]) cookies[account] = await signIn(server.origin, account);
  aliceSerials = await ownedSerials(server.origin, ALICE);
}, 60_000);
afterAll(async () => {
  await server?.dispose();
});

async function list(serial: number, price: string): Promise<{ id: string }> {
  const prepared = await call<{ pendingListing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/prepare', {
    cookie: cookies[ALICE],
    body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: price },
  });
  const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
    cookie: cookies[ALICE],
    body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
  });
  const approval = await signAndExecute(server.origin, ALICE, allowance.json.transactionBytes);
  const completed = await call<{ listing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/complete', {
    cookie: cookies[ALICE],
    body: { pendingListing: prepared.json.pendingListing, approvalTransactionId: approval.transactionId },
  });
  expect(completed.status).toBe(200);
  return completed.json.listing;
}

describe('GET /api/collection/tiger/{serial}', () => {
  it('answers the tiger: catalog entry, rarity, each trait’s share, owner, kept 30 s', async () => {
    const serial = aliceSerials[0] as number;
    const answer = await view(serial);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('s-maxage=30');
    const rarity = sandboxRarity();
    const entry = rarity.rarityData[String(serial)];
    expect(answer.json).toMatchObject({
      success: true,
      tokenId: NFT_TOKEN,
      serial,
      name: `Wild Tiger #${serial}`,
      rarityRank: entry?.rarityRank,
      rarityScore: entry?.rarityScore,
      rankedCount: Object.keys(rarity.rarityData).length,
      totalSupply: 3333,
      owner: ALICE,
      ownerProfile: null,
      pawsListing: null,
      pawsSales: [],
    });
    expect(answer.json.traits).toEqual(traitShares(entry?.traits ?? [], rarity));
    expect(answer.json.traits.length).toBeGreaterThan(0);
    for (const trait of answer.json.traits) {
      expect(trait.count).toBeGreaterThan(0);
      expect(trait.share).toBeCloseTo(trait.count / answer.json.rankedCount, 10);
    }
  });

  it('says Not Minted above the minted serials', async () => {
    expect((await view(3330)).json).toMatchObject({ serial: 3330, owner: 'Not Minted', pawsListing: null });
  });

  it('links the owner’s public profile, shows the PAWS listing, then the sale and the new (private) owner', async () => {
    const serial = aliceSerials[1] as number;
    await call(server.origin, 'POST', '/api/profile', { cookie: cookies[ALICE], body: { accountId: ALICE, username: 'Stripe Queen', isPublic: true } });
    await call(server.origin, 'POST', '/api/profile', { cookie: cookies[BOB], body: { accountId: BOB, username: 'Quiet Bob', isPublic: false } });
    const listing = await list(serial, '42.5');
    const listed = await view(serial);
    expect(listed.json).toMatchObject({
      owner: ALICE,
      ownerProfile: { username: 'Stripe Queen' },
      pawsListing: { id: listing.id, sellerId: ALICE, serialNumber: serial, pawsPrice: '42.5', status: 'active' },
    });
    expect(listed.json.pawsListing).not.toHaveProperty('claim');

    const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/token-allowance/prepare', {
      cookie: cookies[BOB],
      body: { ownerAccountId: BOB, tokenId: PAWS_TOKEN, amount: '42.5', spenderAccountId: MARKETPLACE },
    });
    expect((await signAndExecute(server.origin, BOB, allowance.json.transactionBytes)).status).toBe('SUCCESS');
    const bought = await call(server.origin, 'POST', '/api/paws/buy/prepare', { cookie: cookies[BOB], body: { listingId: listing.id, buyerId: BOB } });
    expect(bought.status).toBe(200);

    const sold = await view(serial);
    expect(sold.json).toMatchObject({ owner: BOB, ownerProfile: null, pawsListing: null });
    expect(sold.json.pawsSales).toEqual([
      {
        kind: 'listing',
        pawsPrice: '42.5',
        soldAt: expect.any(String),
        sellerId: ALICE,
        buyerId: BOB,
        transactionId: expect.stringMatching(/^0\.0\.7000100@/),
      },
    ]);
  });

  it.each([['0'], ['3334'], ['abc'], ['1.5'], ['-3'], ['99999999999']])('refuses serial %s with a 400 JSON error', async (serial) => {
    const answer = await view(serial);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });
});
