import { describe, expect, it } from 'vitest';
import { resolveImageUrl } from '@/features/tiger/tiger-service';
import { dailyStats, hbarToTinybars, lastDays, parseHbar, priceMatches, sortListings } from '@/features/hbar-market/market-rules';
import { marketCommission } from '@/sandbox/hbar-market/sandbox-market-transactions';

describe('HBAR prices', () => {
  it('parses typed prices to tinybars and refuses malformed or too precise ones', () => {
    expect(parseHbar('150')).toBe(15_000_000_000n);
    expect(parseHbar('99.5')).toBe(9_950_000_000n);
    expect(parseHbar('0.00000001')).toBe(1n);
    for (const bad of ['', 'abc', '-5', '1e3', '0.000000001', '1,5']) expect(parseHbar(bad)).toBeUndefined();
  });

  it('matches a typed price against the listing price exactly', () => {
    expect(hbarToTinybars(99.5)).toBe(9_950_000_000n);
    expect(hbarToTinybars(0.1 + 0.2)).toBe(30_000_000n);
    expect(priceMatches('120', 120)).toBe(true);
    expect(priceMatches('120.0', 120)).toBe(true);
    expect(priceMatches('119.99999999', 120)).toBe(false);
    expect(priceMatches('121', 120)).toBe(false);
    expect(priceMatches('twelve', 120)).toBe(false);
  });

  it('keeps a 2 % market commission out of the price', () => {
    expect(marketCommission(15_000_000_000n)).toBe(300_000_000n);
    expect(marketCommission(49n)).toBe(0n);
  });
});

describe('listing order', () => {
  const listings = [
    { serialId: 3, salePrice: 200, listingDate: '2026-10-02T00:00:00.000Z' },
    { serialId: 1, salePrice: 50, listingDate: '2026-10-01T00:00:00.000Z' },
    { serialId: 2, salePrice: 200, listingDate: '2026-10-03T00:00:00.000Z' },
  ];
  const serials = (sorted: { serialId: number }[]) => sorted.map((listing) => listing.serialId);

  it('sorts newest, price-low and price-high, ties by serial', () => {
    expect(serials(sortListings(listings, 'listingDate', 'DESC'))).toEqual([2, 3, 1]);
    expect(serials(sortListings(listings, 'listingDate', 'ASC'))).toEqual([1, 3, 2]);
    expect(serials(sortListings(listings, 'price', 'ASC'))).toEqual([1, 2, 3]);
    expect(serials(sortListings(listings, 'price', 'DESC'))).toEqual([2, 3, 1]);
  });

  it('does not reorder its input', () => {
    sortListings(listings, 'price', 'ASC');
    expect(serials(listings)).toEqual([3, 1, 2]);
  });
});

describe('daily stats', () => {
  it('gives the UTC dates of the last N days, today included', () => {
    expect(lastDays(30, Date.parse('2026-11-05T23:59:00Z'))).toEqual({ startDate: '2026-10-07', endDate: '2026-11-05' });
    expect(lastDays(1, Date.parse('2026-11-05T00:00:00Z'))).toEqual({ startDate: '2026-11-05', endDate: '2026-11-05' });
  });

  it('sums each day’s sales and counts the listings open at its end with their floor', () => {
    const rows = dailyStats({
      startDate: '2026-10-01',
      endDate: '2026-10-03',
      sales: [
        { salePrice: 100, saleDate: '2026-10-01T05:00:00.000Z' },
        { salePrice: 50.5, saleDate: '2026-10-01T23:59:59.999Z' },
        { salePrice: 300, saleDate: '2026-10-03T00:00:00.000Z' },
        { salePrice: 999, saleDate: '2026-09-30T23:59:59.999Z' },
      ],
      listings: [
        { salePrice: 80, listingDate: '2026-09-20T00:00:00.000Z', closedAt: null },
        { salePrice: 40, listingDate: '2026-10-02T10:00:00.000Z', closedAt: '2026-10-03T08:00:00.000Z' },
        { salePrice: 10, listingDate: '2026-10-04T00:00:00.000Z', closedAt: null },
      ],
    });
    expect(rows).toEqual([
      { datetime: '2026-10-01T00:00:00.000Z', volume: 150.5, floor: 80, avgSale: 75.25, sales: 2, listings: 1 },
      { datetime: '2026-10-02T00:00:00.000Z', volume: 0, floor: 40, avgSale: 0, sales: 0, listings: 2 },
      { datetime: '2026-10-03T00:00:00.000Z', volume: 300, floor: 80, avgSale: 300, sales: 1, listings: 1 },
    ]);
  });

  it('has a null floor on a day with nothing listed', () => {
    expect(dailyStats({ startDate: '2026-10-01', endDate: '2026-10-01', sales: [], listings: [] })).toEqual([
      { datetime: '2026-10-01T00:00:00.000Z', volume: 0, floor: null, avgSale: 0, sales: 0, listings: 0 },
    ]);
  });
});

describe('NFT image URLs', () => {
  it('serves IPFS images through the given gateway and keeps http(s) ones', () => {
    expect(resolveImageUrl('ipfs://bafyimages/images/7.svg', '/sandbox/ipfs/')).toBe('/sandbox/ipfs/bafyimages/images/7.svg');
    expect(resolveImageUrl('ipfs://ipfs/bafyimages/7.png', 'https://ipfs.io/ipfs/')).toBe('https://ipfs.io/ipfs/bafyimages/7.png');
    expect(resolveImageUrl('https://cdn.example/7.png', '/sandbox/ipfs/')).toBe('https://cdn.example/7.png');
    expect(resolveImageUrl('', '/sandbox/ipfs/')).toBeUndefined();
    expect(resolveImageUrl('ar://xyz', '/sandbox/ipfs/')).toBeUndefined();
  });
});
