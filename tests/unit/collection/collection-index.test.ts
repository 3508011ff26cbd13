import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type IndexQuery, buildCollectionIndex, buildStaticIndex, queryCollection } from '@/features/collection/collection-index';
import { type SortKey, type TraitSelection, parseSearch } from '@/features/collection/collection-rules';
import { sandboxRarity } from '@/sandbox/collection/sandbox-rarity';
import type { ListingRecord, SaleRecord } from '@/features/hbar-market/market-port';
import { computeRarity, normaliseTraitText } from '@/features/tiger/rarity';

const TOKEN = '0.0.7000333';

/** Twelve tigers, ten minted; serials 1-4 Golden, 5-8 Orange, 9-12 Ghost; eyes alternate Blue/Green; serial 3 has a hat. */
function smallCollection() {
  const attributes = (serial: number) => [
    { trait_type: 'Fur', value: serial <= 4 ? 'Golden' : serial <= 8 ? 'Orange' : 'Ghost' },
    { trait_type: 'Eye_Color', value: serial % 2 ? 'Blue' : 'Green' },
    ...(serial === 3 ? [{ trait_type: 'Headwear', value: 'Safari Hat' }] : []),
  ];
  return computeRarity(Array.from({ length: 12 }, (_, index) => ({ serial: index + 1, attributes: attributes(index + 1) })));
}

function listing(serial: number, price: number, extra: Partial<ListingRecord> = {}): ListingRecord {
  return {
    marketplaceListingId: 1000 + serial,
    serialId: serial,
    sellerAddress: `0.0.${8000 + serial}`,
    salePrice: price,
    listingDate: '2026-01-01T00:00:00.000Z',
    nftName: `Wild Tiger #${serial}`,
    nftImage: '',
    isAvailableForPurchase: true,
    ...extra,
  };
}

function sale(serial: number, price: number, date: string, buyer = '0.0.9'): SaleRecord {
  return {
    saletype: 'Sale',
    salePrice: price,
    saleDate: date,
    buyerAddress: buyer,
    sellerAddress: '0.0.8',
    nftTokenAddress: TOKEN,
    nftSerialId: serial,
    nftName: `Wild Tiger #${serial}`,
    nftImage: '',
    nftMetadata: '',
  };
}

const owners = new Map(Array.from({ length: 10 }, (_, index) => [index + 1, index < 5 ? '0.0.100' : '0.0.200']));

function smallIndex(options: { owners?: Map<number, string> | null; listings?: ListingRecord[]; sales?: SaleRecord[] } = {}) {
  const base = buildStaticIndex({
    totalSupply: 12,
    rarity: smallCollection(),
    display: (serial) => (serial === 7 ? { name: 'Stripes', image: 'ipfs://cid/7.png' } : undefined),
  });
  return buildCollectionIndex(
    base,
    {
      owners: options.owners === undefined ? owners : options.owners,
      listings: options.listings ?? [listing(5, 300), listing(2, 120), listing(9, 120), listing(11, 50)],
      sales: options.sales ?? [],
    },
    { tokenId: TOKEN, minted: 10, now: 0 },
  );
}

const query = (overrides: Partial<Omit<IndexQuery, 'search'>> & { search?: string } = {}): IndexQuery => ({
  page: 1,
  limit: 44,
  sort: 'serial-asc',
  traits: {},
  ...overrides,
  search: parseSearch(overrides.search ?? ''),
});
const serials = (index: ReturnType<typeof smallIndex>, q: IndexQuery) => queryCollection(index, q).entries.map((entry) => entry.serialId);

describe('collection index: entries', () => {
  it('holds every serial with both spellings of each field, names and images', () => {
    const index = smallIndex();
    const [first] = queryCollection(index, query({ limit: 1 })).entries;
    expect(first).toMatchObject({
      tokenId: TOKEN,
      serialId: 1,
      serialNumber: 1,
      name: 'Wild Tiger #1',
      nftName: 'Wild Tiger #1',
      image: null,
      owner: '0.0.100',
    });
    expect(index.entries[6]).toMatchObject({ name: 'Stripes', image: 'ipfs://cid/7.png', nftImage: 'ipfs://cid/7.png' });
    expect(index.entries[2]?.traits).toEqual([
      { trait_type: 'Fur', value: 'Golden' },
      { trait_type: 'Eye_Color', value: 'Blue' },
      { trait_type: 'Headwear', value: 'Safari Hat' },
    ]);
  });

  it("says 'Not Minted' above the minted serials and '0.0.unknown' when owners are unknown", () => {
    expect(
      smallIndex()
        .entries.map((entry) => entry.owner)
        .slice(9),
    ).toEqual(['0.0.200', 'Not Minted', 'Not Minted']);
    expect(
      smallIndex({ owners: null })
        .entries.map((entry) => entry.owner)
        .slice(8),
    ).toEqual(['0.0.unknown', '0.0.unknown', 'Not Minted', 'Not Minted']);
    expect(smallIndex({ owners: new Map([[1, '0.0.5']]) }).entries[1]?.owner).toBe('0.0.unknown');
  });

  it('keeps the cheapest available listing per serial and ignores unavailable ones', () => {
    const index = smallIndex({ listings: [listing(2, 120), listing(2, 90, { marketplaceListingId: 7 }), listing(4, 10, { isAvailableForPurchase: false })] });
    expect(index.entries[1]?.currentListing).toEqual({
      price: 90,
      listingDate: '2026-01-01T00:00:00.000Z',
      marketplaceListingId: 7,
      sellerAddress: '0.0.8002',
    });
    expect(index.entries[3]?.currentListing).toBeNull();
    expect(index.listedCount).toBe(1);
  });

  it('keeps the most recent sale per serial', () => {
    const index = smallIndex({
      sales: [sale(3, 10, '2026-01-01T00:00:00Z'), sale(3, 30, '2026-03-01T00:00:00Z', '0.0.77'), sale(3, 20, '2026-02-01T00:00:00Z')],
    });
    expect(index.entries[2]?.lastSale).toEqual({ price: 30, date: '2026-03-01T00:00:00Z', buyer: '0.0.77' });
    expect(index.entries[3]?.lastSale).toBeNull();
  });
});

describe('collection index: odd trait names', () => {
  it("counts and filters traits called '__proto__' or 'constructor' like any other", () => {
    const rarity = computeRarity(
      [1, 2, 3].map((serial) => ({
        serial,
        attributes: [
          { trait_type: '__proto__', value: serial === 1 ? 'constructor' : 'toString' },
          { trait_type: 'constructor', value: 'x' },
        ],
      })),
    );
    const index = buildCollectionIndex(buildStaticIndex({ totalSupply: 3, rarity }), { owners: null, listings: [], sales: [] }, { tokenId: TOKEN, minted: 3 });
    const page = queryCollection(index, query({ traits: JSON.parse('{"__proto__":["toString"]}') as TraitSelection }));
    expect(page.entries.map((entry) => entry.serialId)).toEqual([2, 3]);
    expect(Object.entries(page.traitCounts)).toEqual([
      ['__proto__', { constructor: 1, toString: 2 }],
      ['constructor', { x: 2 }],
    ]);
  });
});

describe('collection index: sorts', () => {
  const index = smallIndex();
  it('orders by serial both ways', () => {
    expect(serials(index, query())).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(serials(index, query({ sort: 'serial-desc' }))).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
  it('orders by rank, rarest first, ties by serial', () => {
    const ranks = queryCollection(index, query({ sort: 'rarity' })).entries.map((entry) => [entry.rarityRank, entry.serialId] as const);
    expect(ranks[0]).toEqual([1, 3]);
    const sorted = [...ranks].sort((a, b) => (a[0] as number) - (b[0] as number) || a[1] - b[1]);
    expect(ranks).toEqual(sorted);
  });
  it('orders listed tigers by price (ties by serial) and puts unlisted ones last, by serial', () => {
    expect(serials(index, query({ sort: 'price-low' }))).toEqual([11, 2, 9, 5, 1, 3, 4, 6, 7, 8, 10, 12]);
    expect(serials(index, query({ sort: 'price-high' }))).toEqual([5, 2, 9, 11, 1, 3, 4, 6, 7, 8, 10, 12]);
  });
});

describe('collection index: search', () => {
  const index = smallIndex();
  it("finds exactly serial 12 for '#12' and nothing for a serial that does not exist", () => {
    expect(serials(index, query({ search: '#12' }))).toEqual([12]);
    expect(serials(index, query({ search: '#13' }))).toEqual([]);
  });
  it('pins the serial of a bare number first, then the other names containing it', () => {
    expect(serials(index, query({ search: '1' }))).toEqual([1, 10, 11, 12]);
    expect(serials(index, query({ search: '1', sort: 'serial-desc' }))).toEqual([1, 12, 11, 10]);
    expect(serials(index, query({ search: '11' }))).toEqual([11]);
  });
  it('matches names and trait values case-insensitively', () => {
    expect(serials(index, query({ search: 'stripes' }))).toEqual([7]);
    expect(serials(index, query({ search: 'GOLD' }))).toEqual([1, 2, 3, 4]);
    expect(serials(index, query({ search: 'safari' }))).toEqual([3]);
  });
  it("finds an owner's tigers by account id", () => {
    expect(serials(index, query({ search: '0.0.200' }))).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('collection index: trait filters and counts', () => {
  const index = smallIndex();
  it('ORs values of one type and ANDs types, case- and underscore-insensitively', () => {
    expect(serials(index, query({ traits: { Fur: ['Golden', 'Ghost'] } }))).toEqual([1, 2, 3, 4, 9, 10, 11, 12]);
    expect(serials(index, query({ traits: { Fur: ['Golden', 'Ghost'], Eye_Color: ['Blue'] } }))).toEqual([1, 3, 9, 11]);
    expect(serials(index, query({ traits: { fur: ['golden'], 'Eye Color': ['GREEN'] } }))).toEqual([2, 4]);
  });
  it('matches nothing for an unknown type or value', () => {
    expect(queryCollection(index, query({ traits: { Wings: ['Yes'] } })).total).toBe(0);
    expect(queryCollection(index, query({ traits: { Fur: ['Plaid'] } })).total).toBe(0);
  });
  it('counts each value against the other active filters and the search', () => {
    const page = queryCollection(index, query({ traits: { Fur: ['Golden'], Eye_Color: ['Blue'] } }));
    expect(page.total).toBe(2);
    expect(page.traitCounts).toEqual({
      Fur: { Ghost: 2, Golden: 2, Orange: 2 },
      Eye_Color: { Blue: 2, Green: 2 },
      Headwear: { 'Safari Hat': 1 },
    });
    expect(queryCollection(index, query({ search: 'golden' })).traitCounts.Eye_Color).toEqual({ Blue: 2, Green: 2 });
  });
  it('pages the matches and names the first and last serial of the page', () => {
    const page = queryCollection(index, query({ limit: 5, page: 2 }));
    expect(page.entries.map((entry) => entry.serialId)).toEqual([6, 7, 8, 9, 10]);
    expect(page).toMatchObject({ total: 12, totalPages: 3, startSerial: 6, endSerial: 10 });
    expect(queryCollection(index, query({ limit: 5, page: 4 }))).toMatchObject({ entries: [], startSerial: null, endSerial: null, totalPages: 3 });
  });
});

describe('collection index over the sandbox collection (3,333 tigers)', () => {
  const rarity = sandboxRarity();
  const base = buildStaticIndex({ totalSupply: 3333, rarity });
  const index = buildCollectionIndex(base, { owners: null, listings: [listing(12, 40), listing(3000, 5)], sales: [] }, { tokenId: TOKEN, minted: 3328 });
  const types = Object.keys(queryCollection(index, query({ limit: 1 })).traitCounts);
  const valuesOf = (type: string) => Object.keys(queryCollection(index, query({ limit: 1 })).traitCounts[type] ?? {});

  /** A brute-force reading of the same rules, straight from the rarity dataset. */
  function bruteForce(selection: TraitSelection, search: string, skipType?: string) {
    const text = search.toLowerCase();
    return Array.from({ length: 3333 }, (_, i) => i + 1).filter((serial) => {
      const traits = rarity.rarityData[String(serial)]?.traits ?? [];
      if (text && !`wild tiger #${serial}`.includes(text) && !traits.some((trait) => trait.value.toLowerCase().includes(text))) return false;
      return Object.entries(selection).every(([type, values]) => {
        if (type === skipType) return true;
        const mine = traits.find((trait) => normaliseTraitText(trait.trait_type) === normaliseTraitText(type));
        return mine !== undefined && values.some((value) => normaliseTraitText(value) === normaliseTraitText(mine.value));
      });
    });
  }

  it('answers 76 pages of 44 and rank 1 first by rarity', () => {
    const page = queryCollection(index, query());
    expect(page).toMatchObject({ total: 3333, totalPages: 76, startSerial: 1, endSerial: 44 });
    expect(queryCollection(index, query({ page: 76 }))).toMatchObject({ startSerial: 3301, endSerial: 3333 });
    expect(queryCollection(index, query({ sort: 'rarity' })).entries[0]?.rarityRank).toBe(1);
    expect(serials(index, query({ sort: 'price-low', limit: 3 }))).toEqual([3000, 12, 1]);
  });

  it('matches a brute-force reading for any filters, search and sort (totals, members and facet counts)', () => {
    const selectionArb = fc
      .subarray(types, { maxLength: 3 })
      .chain((picked) =>
        fc
          .tuple(...picked.map((type) => fc.subarray(valuesOf(type), { minLength: 1, maxLength: 3 })))
          .map((values) => Object.fromEntries(picked.map((type, i) => [type, values[i] as string[]]))),
      );
    fc.assert(
      fc.property(
        selectionArb,
        fc.constantFrom('', 'gold', 'crown', '1', 'tiger #33'),
        fc.constantFrom<SortKey>('serial-asc', 'serial-desc', 'rarity'),
        (selection, search, sort) => {
          const page = queryCollection(index, query({ traits: selection, search: search, sort, limit: 3333 }));
          const expected = bruteForce(selection, search);
          expect(page.total).toBe(expected.length);
          expect([...page.entries.map((entry) => entry.serialId)].sort((a, b) => a - b)).toEqual(expected);
          for (const type of types) {
            const others = bruteForce(selection, search, type);
            for (const value of valuesOf(type)) {
              const count = others.filter((serial) =>
                (rarity.rarityData[String(serial)]?.traits ?? []).some((trait) => trait.trait_type === type && trait.value === value),
              ).length;
              expect(page.traitCounts[type]?.[value], `${type}:${value}`).toBe(count);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
