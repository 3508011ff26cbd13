import { describe, expect, it } from 'vitest';
import { pickHbarListed, pickLatestSales, pickPawsListings, rarestListed } from '../../../src/features/landing/landing-tigers';

describe('landing tiger strip', () => {
  it('reads PAWS listings and HBAR-listed tigers, skipping malformed entries', () => {
    expect(
      pickPawsListings({
        listings: [
          { serialNumber: 7, nftName: 'Wild Tiger #7', nftImage: 'ipfs://cid/7.png', rarityRank: 12, pawsPrice: '1250.5' },
          { serialNumber: 'x', pawsPrice: '1' },
          { serialNumber: 8, pawsPrice: '0' },
        ],
      }),
    ).toEqual([{ serial: 7, name: 'Wild Tiger #7', image: 'ipfs://cid/7.png', rank: 12, price: '1,250.5 PAWS' }]);
    expect(
      pickHbarListed({
        collectionData: [
          { serialId: 3, name: 'Wild Tiger #3', image: null, rarityRank: 4, currentListing: { price: 420 } },
          { serialId: 4, name: 'Wild Tiger #4', image: null, rarityRank: 1, currentListing: null },
        ],
      }),
    ).toEqual([{ serial: 3, name: 'Wild Tiger #3', image: null, rank: 4, price: '420 HBAR' }]);
    expect(pickPawsListings(null)).toEqual([]);
    expect(pickHbarListed({ collectionData: 'nope' })).toEqual([]);
  });

  it('keeps the rarest listed of both markets, one card per tiger, unranked last', () => {
    const tiger = (serial: number, rank: number | null, price: string) => ({ serial, name: `#${serial}`, image: null, rank, price });
    const picked = rarestListed([tiger(1, null, '5 PAWS'), tiger(2, 30, '9 HBAR'), tiger(3, 2, '1 PAWS'), tiger(2, 30, '8 PAWS'), tiger(4, 9, '3 HBAR')], 3);
    expect(picked.map((entry) => entry.serial)).toEqual([3, 4, 2]);
    expect(rarestListed([tiger(1, null, '5 PAWS'), tiger(5, 100, '1 HBAR')]).map((entry) => entry.serial)).toEqual([5, 1]);
  });

  it('orders the latest sales newest first, one per tiger', () => {
    const sale = (nftSerialId: number, saleDate: string, salePrice = 100) => ({
      nftSerialId,
      saleDate,
      salePrice,
      nftName: `Wild Tiger #${nftSerialId}`,
      nftImage: '',
    });
    const sales = pickLatestSales(
      {
        marketActivity: [sale(1, '2026-11-20T10:00:00Z'), sale(2, '2026-11-23T10:00:00Z', 250.75), sale(1, '2026-11-22T10:00:00Z'), sale(3, 'not a date')],
      },
      5,
    );
    expect(sales.map((entry) => [entry.serial, entry.price, entry.soldAt])).toEqual([
      [2, '250.75 HBAR', '2026-11-23T10:00:00Z'],
      [1, '100 HBAR', '2026-11-22T10:00:00Z'],
    ]);
  });
});
