import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionEntry, CollectionResponse } from '../../src/features/collection/collection-types';
import { tigerTraits } from '../../src/sandbox/collection/metadata';
import { sandboxRarity } from '../../src/sandbox/collection/sandbox-rarity';
import { startTestServer, type TestServer } from '../support/local-server';
import { ALICE, DAVE, NFT_TOKEN, call, nftOnLedger, ownedSerials } from '../support/sandbox-client';

type Entry = CollectionEntry;
type Collection = CollectionResponse;
interface MarketListing {
  serialId: number;
  salePrice: number;
  isAvailableForPurchase: boolean;
}
interface MarketSale {
  nftSerialId: number;
  salePrice: number;
  saleDate: string;
  buyerAddress: string;
}

let server: TestServer;
const collection = (query = '', token = NFT_TOKEN) => call<Collection>(server.origin, 'GET', `/api/collection/complete/${token}${query ? `?${query}` : ''}`);
const error = (answer: { json: unknown }) => (answer.json as { error: string }).error;
const serialsOf = (answer: { json: Collection }) => answer.json.collectionData.map((entry) => entry.serialId);

/** Every page of a view, concatenated. */
async function allPages(query: string): Promise<Entry[]> {
  const first = await collection(`${query}&limit=100&page=1`);
  const rest = await Promise.all(Array.from({ length: first.json.totalPages - 1 }, (_, index) => collection(`${query}&limit=100&page=${index + 2}`)));
  return [first, ...rest].flatMap((answer) => answer.json.collectionData);
}

let listings: MarketListing[];

beforeAll(async () => {
  server = await startTestServer();
  // Open the sandbox market (it seeds its listings and sales on first use), then wait until the
  // collection index has picked the listings up.
  const market = await call<{ marketListings: MarketListing[] }>(server.origin, 'GET', `/api/market/listings?token=${NFT_TOKEN}&limit=1000`);
  listings = market.json.marketListings.filter((listing) => listing.isAvailableForPurchase);
  const deadline = Date.now() + 30_000;
  while ((await collection()).json.listedCount !== listings.length && Date.now() < deadline) await new Promise((done) => setTimeout(done, 250));
});

afterAll(async () => {
  await server?.dispose();
});

describe('GET /api/collection/complete/{tokenId}', () => {
  it('sends a page with its length (not chunked), the same bytes to every reader, and the length alone to HEAD', async () => {
    const url = `${server.origin}/api/collection/complete/${NFT_TOKEN}?sort=rarity`;
    const [first, second] = await Promise.all([fetch(url), fetch(url)]);
    const [bytes, again] = await Promise.all([first, second].map(async (response) => Buffer.from(await response.arrayBuffer())));
    for (const response of [first, second]) {
      expect(response.headers.get('transfer-encoding')).toBeNull();
      expect(Number(response.headers.get('content-length'))).toBe(bytes?.length);
    }
    expect(again?.equals(bytes as Buffer)).toBe(true);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(bytes?.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers the first page of 44 with the collection response of spec 001 §3', async () => {
    const answer = await collection();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('s-maxage=30');
    expect(answer.json).toMatchObject({
      success: true,
      totalSupply: 3333,
      minted: 3328,
      totalPages: 76,
      startSerial: 1,
      endSerial: 44,
      total: 3333,
      page: 1,
      limit: 44,
    });
    expect(serialsOf(answer)).toEqual(Array.from({ length: 44 }, (_, index) => index + 1));
    const twelve = answer.json.collectionData[11] as Entry;
    const rarity = sandboxRarity().rarityData['12']!;
    expect(twelve).toMatchObject({
      tokenId: NFT_TOKEN,
      serialId: 12,
      serialNumber: 12,
      name: 'Wild Tiger #12',
      nftName: 'Wild Tiger #12',
      rarityRank: rarity.rarityRank,
      rarityPct: rarity.rarityPct,
      rarityScore: rarity.rarityScore,
      traits: rarity.traits,
      owner: (await nftOnLedger(server.origin, 12)).owner,
    });
    // As on mainnet, the index knows a tiger's image only from the market's records (#12 has none);
    // its card shows the thumbnail by serial (/img/12/…), from the metadata read through IPFS.
    expect(twelve.image).toBeNull();
    expect(twelve.nftImage).toBe(twelve.image);
  });

  it('has as many listed tigers as the market has available listings, each with its price', async () => {
    expect(listings.length).toBeGreaterThan(0);
    const answer = await collection('sort=price-low');
    expect(answer.json.listedCount).toBe(listings.length);
    const listed = answer.json.collectionData.filter((entry) => entry.currentListing);
    expect(listed).toHaveLength(listings.length);
    for (const entry of listed) expect(entry.currentListing?.price).toBe(listings.find((listing) => listing.serialId === entry.serialId)?.salePrice);
  });

  it("shows each tiger's most recent sale from the market activity", async () => {
    const activity = await call<{ marketActivity: MarketSale[] }>(server.origin, 'GET', `/api/market/activity?token=${NFT_TOKEN}&amount=100`);
    const sale = activity.json.marketActivity[0]!;
    const answer = await collection(`search=%23${sale.nftSerialId}`);
    expect(answer.json.collectionData[0]?.lastSale).toEqual({ price: sale.salePrice, date: sale.saleDate, buyer: sale.buyerAddress });
  });

  it('sorts by serial both ways, by rarity (rank 1 first) and by price with unlisted tigers last', async () => {
    expect((await collection('sort=serial-desc')).json).toMatchObject({ startSerial: 3333, endSerial: 3290 });
    expect(serialsOf(await collection('sort=serial-desc&page=76'))).toEqual(Array.from({ length: 33 }, (_, index) => 33 - index));

    const rarity = await collection('sort=rarity');
    const ranks = rarity.json.collectionData.map((entry) => entry.rarityRank as number);
    expect(ranks[0]).toBe(1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    const prices = listings.map((listing) => listing.salePrice);
    const low = (await collection('sort=price-low')).json.collectionData.map((entry) => entry.currentListing?.price ?? null);
    expect(low.slice(0, prices.length)).toEqual([...prices].sort((a, b) => a - b));
    expect(low.slice(prices.length).every((price) => price === null)).toBe(true);
    const high = (await collection('sort=price-high')).json.collectionData.map((entry) => entry.currentListing?.price ?? null);
    expect(high.slice(0, prices.length)).toEqual([...prices].sort((a, b) => b - a));
    const lastPage = await collection('sort=price-high&page=76');
    expect(lastPage.json.collectionData.every((entry) => entry.currentListing === null)).toBe(true);
  });

  it("finds serial 12 alone for '#12', and first for '12'", async () => {
    const exact = await collection('search=%2312');
    expect(serialsOf(exact)).toEqual([12]);
    expect(exact.json).toMatchObject({ total: 1, totalPages: 1, startSerial: 12, endSerial: 12 });
    const loose = await collection('search=12');
    expect(serialsOf(loose)[0]).toBe(12);
    expect(loose.json.collectionData.every((entry) => entry.name.includes('12'))).toBe(true);
    expect((await collection('search=%234000')).json).toMatchObject({ total: 0, collectionData: [], startSerial: null });
  });

  it('finds trait values case-insensitively and an account’s tigers by its id', async () => {
    const golden = await allPages('search=GOLDEN');
    const expected = Array.from({ length: 3333 }, (_, index) => index + 1).filter((serial) =>
      Object.values(tigerTraits(serial)).some((value) => value?.toLowerCase().includes('golden')),
    );
    expect(golden.map((entry) => entry.serialId)).toEqual(expected);

    const daves = await allPages(`search=${DAVE}`);
    expect(daves.map((entry) => entry.serialId).sort((a, b) => a - b)).toEqual((await ownedSerials(server.origin, DAVE)).sort((a, b) => a - b));
  });

  it('filters by traits (OR within a type, AND across types) with counts computed independently from the sandbox metadata', async () => {
    const serials = Array.from({ length: 3333 }, (_, index) => index + 1);
    const matches = serials.filter((serial) => {
      const traits = tigerTraits(serial);
      return (traits.Fur === 'Golden' || traits.Fur === 'Ghost') && traits.Eye_Color === 'Blue';
    });
    const answer = await collection(`traits=${encodeURIComponent('Fur:Golden,Fur:Ghost,Eye_Color:Blue')}`);
    expect(answer.json.total).toBe(matches.length);
    expect(serialsOf(answer)).toEqual(matches.slice(0, 44));

    // A value's count assumes the other types' filters only: Fur values among blue-eyed tigers...
    const blueEyed = serials.filter((serial) => tigerTraits(serial).Eye_Color === 'Blue');
    expect(answer.json.traitCounts.Fur?.Golden).toBe(blueEyed.filter((serial) => tigerTraits(serial).Fur === 'Golden').length);
    expect(answer.json.traitCounts.Fur?.Orange).toBe(blueEyed.filter((serial) => tigerTraits(serial).Fur === 'Orange').length);
    // ...Eye colours among golden or ghost tigers, other types among the full matches.
    const goldenOrGhost = serials.filter((serial) => ['Golden', 'Ghost'].includes(tigerTraits(serial).Fur ?? ''));
    expect(answer.json.traitCounts.Eye_Color?.Green).toBe(goldenOrGhost.filter((serial) => tigerTraits(serial).Eye_Color === 'Green').length);
    expect(answer.json.traitCounts.Mouth?.Roar).toBe(matches.filter((serial) => tigerTraits(serial).Mouth === 'Roar').length);

    const unfiltered = await collection();
    expect(unfiltered.json.traitCounts.Fur?.Golden).toBe(serials.filter((serial) => tigerTraits(serial).Fur === 'Golden').length);
    expect((await collection(`traits=${encodeURIComponent('eye color:BLUE')}`)).json.total).toBe(blueEyed.length);
  });

  it("shows 'Not Minted' as the owner of serials above 3328", async () => {
    const last = await collection('page=76');
    expect(last.json).toMatchObject({ startSerial: 3301, endSerial: 3333 });
    const owners = last.json.collectionData.map((entry) => [entry.serialId, entry.owner] as const);
    expect(owners.filter(([serial]) => serial > 3328).every(([, owner]) => owner === 'Not Minted')).toBe(true);
    expect(owners.filter(([serial]) => serial <= 3328).every(([, owner]) => /^0\.0\.\d+$/.test(owner))).toBe(true);
  });

  it('answers unknown trait types, object-property names included, with no matches rather than an error', async () => {
    for (const traits of ['constructor:x', '__proto__:y', 'Wings:Gold']) {
      const answer = await collection(`traits=${encodeURIComponent(traits)}`);
      expect(answer.status, traits).toBe(200);
      expect(answer.json.total).toBe(0);
    }
  });

  it('treats empty parameters as absent', async () => {
    expect((await collection('page=&limit=&sort=&search=&traits=')).json).toMatchObject({ page: 1, limit: 44, total: 3333 });
  });

  it.each([
    ['page=0', "Invalid query 'page': must be 1 or more"],
    ['page=abc', "Invalid query 'page': must be a whole number"],
    ['page=1.5', "Invalid query 'page': must be a whole number"],
    ['page=10001', "Invalid query 'page': must be at most 10000"],
    ['limit=0', "Invalid query 'limit': must be 1 or more"],
    ['limit=101', "Invalid query 'limit': must be at most 100"],
    ['sort=cheapest', "Invalid query 'sort': must be one of serial-asc, serial-desc, rarity, price-low, price-high"],
    [`search=${'a'.repeat(101)}`, "Invalid query 'search': must be at most 100 characters"],
    ['traits=Fur', "Invalid query 'traits': 'Fur' is not a Type:Value pair"],
    ['traits=%3AGolden', "Invalid query 'traits': every pair needs a trait type and a value"],
    ['traits=Fur%3AGolden%3AShiny', "Invalid query 'traits': a value contains ':'"],
    [`traits=${'Fur%3AGolden%2C'.repeat(100)}`, "Invalid query 'traits': must be at most 1000 characters"],
  ])('refuses %s with a clear 400', async (query, message) => {
    const answer = await collection(query);
    expect(answer.status).toBe(400);
    expect(error(answer)).toContain(message);
  });

  it('answers 404 for another token and 400 for a malformed one', async () => {
    const other = await collection('', '0.0.1234');
    expect(other.status).toBe(404);
    expect(error(other)).toBe('Collection 0.0.1234 is not known here');
    expect((await collection('', 'tigers')).status).toBe(400);
  });
});

describe('GET /api/collection/owner/{tokenId}/{serial}', () => {
  const owner = (serial: string | number, token = NFT_TOKEN) =>
    call<{ serial: number; owner: string }>(server.origin, 'GET', `/api/collection/owner/${token}/${serial}`);

  it('answers the ledger owner of a minted serial', async () => {
    const answer = await owner(12);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ serial: 12, owner: (await nftOnLedger(server.origin, 12)).owner });
    expect(answer.headers.get('cache-control')).toContain('max-age=300');
    const alices = await ownedSerials(server.origin, ALICE);
    expect((await owner(alices[0]!)).json.owner).toBe(ALICE);
  });

  it("answers 'Not Minted' above 3328", async () => {
    expect((await owner(3330)).json).toEqual({ serial: 3330, owner: 'Not Minted' });
    expect((await owner(3329)).json.owner).toBe('Not Minted');
    expect((await owner(3328)).json.owner).toMatch(/^0\.0\.\d+$/);
  });

  it('refuses bad serials with 400 and other tokens with 404', async () => {
    expect((await owner(0)).status).toBe(400);
    expect((await owner('abc')).status).toBe(400);
    expect((await owner(12, '0.0.42')).status).toBe(404);
  });
});
