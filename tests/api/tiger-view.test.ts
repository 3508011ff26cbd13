import { beforeAll, describe, expect, it } from 'vitest';
import { traitShares } from '../../src/features/tiger-view/tiger-view-rules';
import type { TigerViewAnswer } from '../../src/features/tiger-view/tiger-view-rules';
import { sandboxRarity } from '../../src/sandbox/collection/sandbox-rarity';
import { sandboxSuite } from '../support/api-suite';
import { approvePawsSpend, buyListing, listForPaws } from '../support/paws-trades';
import { ALICE, BOB, NFT_TOKEN, call, ownedSerials } from '../support/sandbox-client';

const suite = sandboxSuite({ holders: [ALICE, BOB] });
let aliceSerials: number[] = [];
const view = (serial: number | string) => call<TigerViewAnswer>(suite.origin, 'GET', `/api/collection/tiger/${serial}`);

beforeAll(async () => {
  aliceSerials = await ownedSerials(suite.origin, ALICE);
});

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
    await call(suite.origin, 'POST', '/api/profile', {
      cookie: suite.holder(ALICE).cookie,
      body: { accountId: ALICE, username: 'Stripe Queen', isPublic: true },
    });
    await call(suite.origin, 'POST', '/api/profile', { cookie: suite.holder(BOB).cookie, body: { accountId: BOB, username: 'Quiet Bob', isPublic: false } });
    const listing = await listForPaws(suite.holder(ALICE), serial, '42.5');
    const listed = await view(serial);
    expect(listed.json).toMatchObject({
      owner: ALICE,
      ownerProfile: { username: 'Stripe Queen' },
      pawsListing: { id: listing.id, sellerId: ALICE, serialNumber: serial, pawsPrice: '42.5', status: 'active' },
    });
    expect(listed.json.pawsListing).not.toHaveProperty('claim');

    await approvePawsSpend(suite.holder(BOB), '42.5');
    expect((await buyListing(suite.holder(BOB), listing.id)).status).toBe(200);

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
