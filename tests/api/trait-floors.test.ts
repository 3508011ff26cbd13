/**
 * Trait floors and listing with market context (issue 58 items 3-4) through the API on the sandbox
 * network: each value's floor is the lowest price of the tigers with it listed on either market (SentX's
 * HBAR listings at the rate the answer names), a new listing under a floor moves it at once, and the
 * listing context names the best standing offer, the floors and the last sale.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseTraitText } from '../../src/features/tiger/rarity';
import type { ListingContextAnswer } from '../../src/features/trait-floors/listing-context-rules';
import { type TraitFloorsAnswer, traitValueFloor } from '../../src/features/trait-floors/trait-floor-rules';
import { sandboxRarity } from '../../src/sandbox/collection/sandbox-rarity';
import { sandboxSuite } from '../support/api-suite';
import { approvePawsSpend, buyListing, listForPaws } from '../support/paws-trades';
import { ALICE, BOB, CAROL, NFT_TOKEN, call, ownedSerials } from '../support/sandbox-client';

const suite = sandboxSuite({ holders: [ALICE, BOB, CAROL] });
const rarity = sandboxRarity().rarityData;
let aliceSerials: number[] = [];
let carolSerials: number[] = [];

const floors = () => call<TraitFloorsAnswer>(suite.origin, 'GET', '/api/collection/trait-floors');
const context = (query: string) => call<ListingContextAnswer & { code?: string }>(suite.origin, 'GET', `/api/paws/listing-context?${query}`);

interface Listed {
  serial: number;
  hundredths: number;
}

/** Every tiger listed now, as the markets' own routes show them, priced in hundredths of a PAWS (HBAR at `pawsPerHbar`). */
async function listedNow(pawsPerHbar: number | null): Promise<Listed[]> {
  const [paws, hbar] = await Promise.all([
    call<{ listings: { serialNumber: number; pawsPrice: string }[] }>(suite.origin, 'GET', '/api/paws/listings?limit=100'),
    call<{ marketListings: { serialId: number; salePrice: number; isAvailableForPurchase: boolean }[] }>(
      suite.origin,
      'GET',
      '/api/market/listings?sortBy=price&sortDirection=ASC&limit=1000',
    ),
  ]);
  const listed = paws.json.listings.map((listing) => ({ serial: listing.serialNumber, hundredths: Math.round(Number(listing.pawsPrice) * 100) }));
  if (pawsPerHbar !== null) {
    for (const listing of hbar.json.marketListings.filter((entry) => entry.isAvailableForPurchase)) {
      listed.push({ serial: listing.serialId, hundredths: Math.round(listing.salePrice * pawsPerHbar * 100) });
    }
  }
  return listed;
}

const hasTrait = (serial: number, type: string, value: string) =>
  (rarity[String(serial)]?.traits ?? []).some(
    (trait) => normaliseTraitText(trait.trait_type) === normaliseTraitText(type) && normaliseTraitText(trait.value) === normaliseTraitText(value),
  );

beforeAll(async () => {
  aliceSerials = await ownedSerials(suite.origin, ALICE);
  carolSerials = await ownedSerials(suite.origin, CAROL);
});

describe('GET /api/collection/trait-floors', () => {
  it('gives each trait value the minimum listed price of the tigers with it, across both markets, with the counts', async () => {
    await listForPaws(suite.holder(ALICE), aliceSerials[0] as number, '777.77');
    const answer = await floors();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('s-maxage=15');
    const { rate } = answer.json;
    const listed = await listedNow(rate?.pawsPerHbar ?? null);
    expect(listed.length).toBeGreaterThan(1);
    // The sandbox's SentX lists tigers and both prices are known: their HBAR prices are converted, and the answer says at what rate.
    expect(answer.json.hbarConverted).toBe(true);
    expect(rate?.pawsPerHbar).toBeCloseTo((rate?.hbarUsd ?? 0) / (rate?.pawsUsd ?? 1), 10);
    expect(answer.json.listed).toBe(new Set(listed.map((entry) => entry.serial)).size);
    let valuesWithListings = 0;
    for (const [type, values] of Object.entries(answer.json.traits)) {
      for (const [value, floor] of Object.entries(values)) {
        const withIt = listed.filter((entry) => hasTrait(entry.serial, type, value));
        const serials = new Set(withIt.map((entry) => entry.serial));
        expect(floor.count, `${type}: ${value}`).toBe(Object.keys(rarity).filter((serial) => hasTrait(Number(serial), type, value)).length);
        expect(floor.listed, `${type}: ${value}`).toBe(serials.size);
        if (!withIt.length) {
          expect(floor.floor).toBeNull();
          continue;
        }
        valuesWithListings++;
        const lowest = Math.min(...withIt.map((entry) => entry.hundredths));
        expect(Math.round(Number(floor.floor?.paws) * 100), `${type}: ${value}`).toBe(lowest);
      }
    }
    expect(valuesWithListings).toBeGreaterThan(0);
    expect(Math.round(Number(answer.json.collectionFloor?.paws) * 100)).toBe(Math.min(...listed.map((entry) => entry.hundredths)));
  });

  it('moves a trait’s floor at once when a new listing comes under it', async () => {
    const serial = aliceSerials[1] as number;
    const trait = rarity[String(serial)]?.traits[0];
    if (!trait) throw new Error('the tiger has no traits');
    const before = traitValueFloor((await floors()).json, trait.trait_type, trait.value);
    const under = before?.floor ? (Number(before.floor.paws) / 2).toFixed(2) : '5';
    await listForPaws(suite.holder(ALICE), serial, under);
    const after = traitValueFloor((await floors()).json, trait.trait_type, trait.value);
    expect(after?.floor).toEqual({ paws: String(Number(under)), market: 'paws', serial });
    expect(after?.listed).toBe((before?.listed ?? 0) + 1);
  });
});

describe('GET /api/paws/listing-context', () => {
  it('names the best standing offer, the floors, the estimate and the last sale of each tiger, in one read', async () => {
    const [offered, sold] = [carolSerials[0] as number, aliceSerials[2] as number];
    const listing = await listForPaws(suite.holder(ALICE), sold, '12.5');
    await approvePawsSpend(suite.holder(BOB), '300');
    expect((await buyListing(suite.holder(BOB), listing.id)).status).toBe(200);
    const offer = await call<{ offer: { id: string } }>(suite.origin, 'POST', '/api/paws/offers', {
      cookie: suite.holder(BOB).cookie,
      body: {
        offerId: crypto.randomUUID(),
        buyerId: BOB,
        tokenId: NFT_TOKEN,
        kind: 'item',
        serialNumber: offered,
        pawsAmount: '250',
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    });
    expect(offer.status, JSON.stringify(offer.json)).toBe(200);

    const answer = await context(`serials=${offered},${sold}`);
    expect(answer.status).toBe(200);
    const trait = await floors();
    expect(answer.json.collectionFloor).toEqual(trait.json.collectionFloor);
    expect(answer.json.tigers[offered]?.bestOffer).toEqual({ offerId: offer.json.offer.id, kind: 'item', pawsAmount: '250' });
    expect(answer.json.tigers[sold]?.lastSale).toMatchObject({ price: '12.5', currency: 'PAWS' });
    expect(answer.json.tigers[sold]?.bestOffer).toBeNull();
    for (const serial of [offered, sold]) {
      const entry = answer.json.tigers[serial];
      expect(entry?.estimate?.method).toMatch(/^Estimated at the (floor of its trait|collection floor)/);
      const rarest = entry?.rarestTrait;
      expect(rarest).not.toBeNull();
      expect(rarest?.floor ?? null).toEqual(traitValueFloor(trait.json, rarest?.trait.trait_type ?? '', rarest?.trait.value ?? '')?.floor ?? null);
    }
  });

  it('never names the seller’s own offer as the best offer that would take their tiger', async () => {
    const serial = carolSerials[1] as number;
    const carol = suite.holder(CAROL);
    const allowanceTransactionId = await approvePawsSpend(carol, '260');
    const own = await call<{ offer: { id: string } }>(suite.origin, 'POST', '/api/paws/offers', {
      cookie: carol.cookie,
      body: {
        offerId: crypto.randomUUID(),
        buyerId: CAROL,
        tokenId: NFT_TOKEN,
        kind: 'collection',
        pawsAmount: '260',
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        allowanceTransactionId,
      },
    });
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    // Carol's collection offer would take any tiger, her own among them: to anyone else it is this tiger's best offer…
    expect((await context(`serials=${serial}`)).json.tigers[serial]?.bestOffer).toEqual({ offerId: own.json.offer.id, kind: 'collection', pawsAmount: '260' });
    // …but she cannot accept it herself, so her listing dialog names none.
    const listing = await context(`serials=${serial}&seller=${CAROL}`);
    expect(listing.status).toBe(200);
    expect(listing.json.tigers[serial]?.bestOffer).toBeNull();
    expect((await context(`serials=${serial}&seller=not-an-account`)).status).toBe(400);
  });

  it('answers 400 with a code for bad or too many serials', async () => {
    for (const query of ['', 'serials=', 'serials=abc', 'serials=1,,2', 'serials=0', `serials=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`]) {
      const answer = await context(query);
      expect(answer.status, query).toBe(400);
      expect(answer.json, query).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect((await context(`serials=${Array.from({ length: 50 }, (_, i) => i + 1).join(',')}`)).status).toBe(200);
  });
});
