import { describe, expect, it } from 'vitest';
import {
  type BrowsableListing,
  DEFAULT_PAWS_VIEW,
  filterListings,
  listingTraitCounts,
  pawsViewFromQuery,
  pawsViewToApiQuery,
  pawsViewToQuery,
  sortListings,
  sweepPick,
} from '../../../src/features/paws-market/listings-view-rules';

const listing = (serialNumber: number, price: string, rarityRank: number | null, createdAt: string, traits: [string, string][]): BrowsableListing => ({
  serialNumber,
  priceBaseUnits: price,
  rarityRank,
  createdAt,
  traits: traits.map(([trait_type, value]) => ({ trait_type, value })),
});

const A = listing(10, '500', 40, '2026-11-20T10:00:00.000Z', [
  ['Fur', 'Golden'],
  ['Eyes', 'Blue'],
]);
const B = listing(11, '20000000000000000000', null, '2026-11-22T10:00:00.000Z', [
  ['Fur', 'Snow'],
  ['Eyes', 'Blue'],
]);
const C = listing(12, '90', 3, '2026-11-21T10:00:00.000Z', [
  ['Fur', 'Golden'],
  ['Eyes', 'Green'],
]);
const D = listing(9, '90', 700, '2026-11-21T10:00:00.000Z', [['Fur', 'Snow']]);
const ALL = [A, B, C, D];
const serials = (listings: readonly BrowsableListing[]) => listings.map((entry) => entry.serialNumber);

describe('PAWS listings: sorting', () => {
  it('newest first, ties by the lower serial', () => {
    expect(serials(sortListings(ALL, 'newest'))).toEqual([11, 9, 12, 10]);
  });
  it('by price as exact integers (beyond float precision), both ways', () => {
    expect(serials(sortListings(ALL, 'price-low'))).toEqual([9, 12, 10, 11]);
    expect(serials(sortListings(ALL, 'price-high'))).toEqual([11, 10, 9, 12]);
  });
  it('rarest first, unranked last', () => {
    expect(serials(sortListings(ALL, 'rarity'))).toEqual([12, 10, 9, 11]);
  });
  it('does not reorder its input', () => {
    sortListings(ALL, 'rarity');
    expect(serials(ALL)).toEqual([10, 11, 12, 9]);
  });
});

describe('PAWS listings: trait filters and counts', () => {
  it('ORs values of one type and ANDs types', () => {
    expect(serials(filterListings(ALL, { Fur: ['Golden', 'Snow'] }))).toEqual([10, 11, 12, 9]);
    expect(serials(filterListings(ALL, { Fur: ['Golden'], Eyes: ['Blue'] }))).toEqual([10]);
    expect(filterListings(ALL, { Fur: ['Purple'] })).toEqual([]);
  });
  it('counts every value of the listed tigers, alphabetically, without filters', () => {
    expect(listingTraitCounts(ALL, {})).toEqual({ Eyes: { Blue: 2, Green: 1 }, Fur: { Golden: 2, Snow: 2 } });
  });
  it('counts each value given the other types’ filters, and keeps a chosen value at 0', () => {
    expect(listingTraitCounts(ALL, { Fur: ['Golden'] })).toEqual({ Eyes: { Blue: 1, Green: 1 }, Fur: { Golden: 2, Snow: 2 } });
    expect(listingTraitCounts(ALL, { Eyes: ['Green'], Hat: ['Crown'] })).toEqual({
      Eyes: { Blue: 0, Green: 0 },
      Fur: { Golden: 0, Snow: 0 },
      Hat: { Crown: 0 },
    });
  });
});

describe('PAWS listings: the view in the URL', () => {
  it('round-trips sort, traits and page, leaving defaults out and keeping other parameters', () => {
    const view = { sort: 'price-low' as const, page: 3, traits: { Fur: ['Golden', 'Snow'], 'Eye:Color': ['Blue, light'] } };
    const query = pawsViewToQuery(view, 'tiger=12&page=9');
    expect(new URLSearchParams(query).get('tiger')).toBe('12');
    expect(pawsViewFromQuery(query)).toEqual(view);
    expect(pawsViewToQuery(DEFAULT_PAWS_VIEW, 'sort=rarity&page=2')).toBe('');
  });
  it('falls back to the default for anything unreadable', () => {
    expect(pawsViewFromQuery('sort=cheapest&page=-1&traits=Fur')).toEqual(DEFAULT_PAWS_VIEW);
    expect(pawsViewFromQuery('page=1.5')).toEqual(DEFAULT_PAWS_VIEW);
  });
  it('always sends page, limit and sort to the API', () => {
    expect(pawsViewToApiQuery(DEFAULT_PAWS_VIEW, 20)).toBe('page=1&limit=20&sort=newest');
    expect(new URLSearchParams(pawsViewToApiQuery({ sort: 'rarity', page: 2, traits: { Fur: ['Golden'] } }, 20)).get('traits')).toBe('Fur:Golden');
  });
});

describe('sweeping the floor', () => {
  const sold = (serial: number, price: string, rank: number | null, seller: string, fur = 'Golden') => ({
    ...listing(serial, price, rank, '2026-11-20T10:00:00.000Z', [['Fur', fur]]),
    sellerId: seller,
  });
  const floor = [
    sold(5, '300', 3000, '0.0.1'),
    sold(6, '100', 2000, '0.0.2'),
    sold(7, '100', 10, '0.0.1'),
    sold(8, '200', 3100, '0.0.9', 'Black'),
    sold(9, '50', 3200, '0.0.9'),
  ];

  const serials = (request: Parameters<typeof sweepPick>[1]) => sweepPick(floor, request).picked.map((entry) => entry.serialNumber);

  it('takes the N cheapest (the lower serial first on a tie), leaving out the buyer’s own', () => {
    expect(serials({ count: 3, traits: {} })).toEqual([9, 6, 7]);
    expect(serials({ count: 3, traits: {}, buyerId: '0.0.9' })).toEqual([6, 7, 5]);
    expect(sweepPick(floor, { count: 3, traits: {} }).short).toBeNull();
  });

  it('keeps within a trait filter, a tier and a maximum total, and says why it took fewer than asked', () => {
    expect(serials({ count: 10, traits: { Fur: ['Black'] } })).toEqual([8]);
    expect(serials({ count: 10, traits: {}, tier: 'Legendary' })).toEqual([7]);
    expect(serials({ count: 10, traits: {}, maxTotal: 260n })).toEqual([9, 6, 7]);
    expect(serials({ count: 10, traits: {}, maxTotal: 249n })).toEqual([9, 6]);
    expect(sweepPick(floor, { count: 10, traits: {}, maxTotal: 249n }).short).toBe('max-total');
    expect(sweepPick(floor, { count: 10, traits: { Fur: ['Black'] } }).short).toBe('too-few');
    expect(sweepPick(floor, { count: 10, traits: { Fur: ['Pink'] } })).toEqual({ picked: [], short: 'too-few' });
  });
});

describe('what the cart says of a sweep', () => {
  it('keeps the cart when nothing matches, and says why it added fewer than asked', async () => {
    const { sweepText } = await import('../../../src/features/paws-cart/cart-client');
    expect(sweepText(5, 0, 'too-few')).toBe('No live listings match: the cart was left as it was.');
    expect(sweepText(5, 0, 'max-total')).toBe('Even the cheapest matching listing passes your maximum total: the cart was left as it was.');
    expect(sweepText(5, 3, 'max-total')).toBe('Added 3 of the 5 you asked for: the next cheapest would pass your maximum total.');
    expect(sweepText(5, 2, 'too-few')).toBe('Added 2 of the 5 you asked for: no more live listings match the filter.');
    expect(sweepText(5, 5, null)).toBeNull();
  });
});
