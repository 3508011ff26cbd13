import { describe, expect, it } from 'vitest';
import {
  type PawsActivityItem,
  hbarListingRow,
  hbarSaleRow,
  kindsOf,
  mergeTimeline,
  pawsRow,
  rowKindOf,
  salesSince,
} from '../../../src/features/market-stats/activity';

function item(overrides: Partial<PawsActivityItem>): PawsActivityItem {
  return {
    id: 'LISTING#a#sale',
    kind: 'sale',
    at: '2030-01-01T10:00:00.000Z',
    tokenId: '0.0.7000333',
    serialNumber: 7,
    nftName: 'Wild Tiger #7',
    pawsAmount: '125.5',
    sellerId: '0.0.1001',
    buyerId: '0.0.1002',
    quantity: 1,
    transactionId: null,
    ...overrides,
  };
}

describe('activity timeline', () => {
  it('an accepted offer is a sale; offers made or cancelled are offers', () => {
    expect(rowKindOf('offer-accepted')).toBe('sale');
    expect(rowKindOf('offer-made')).toBe('offer');
    expect(kindsOf('sale')).toEqual(['sale', 'offer-accepted']);
    expect(kindsOf('listing')).toEqual(['listing']);
    expect(kindsOf('offer')).toEqual(['offer-made', 'offer-cancelled']);
  });

  it('rows of both markets share one shape and link to the tiger view', () => {
    expect(pawsRow(item({}))).toMatchObject({ market: 'paws', kind: 'sale', price: 125.5, currency: 'PAWS', serial: 7, name: 'Wild Tiger #7' });
    expect(pawsRow(item({ kind: 'offer-made', serialNumber: null, nftName: null }))).toMatchObject({ kind: 'offer', serial: null, name: 'Any Wild Tiger' });
    const sale = hbarSaleRow({
      salePrice: 99,
      saleDate: '2030-01-01T09:00:00.000Z',
      nftSerialId: 12,
      nftName: '',
      sellerAddress: '0.0.1',
      buyerAddress: '0.0.2',
    });
    expect(sale).toMatchObject({ market: 'hbar', kind: 'sale', currency: 'HBAR', name: 'Wild Tiger #12', buyerId: '0.0.2' });
    const listing = hbarListingRow({ marketplaceListingId: 5, serialId: 3, salePrice: 150, listingDate: '2030-01-01T08:00:00.000Z', sellerAddress: '0.0.9' });
    expect(listing).toMatchObject({ kind: 'listing', id: 'hbar:listing:5' });
  });

  const paws = [pawsRow(item({ id: 'p1', at: '2030-01-01T10:00:00.000Z' })), pawsRow(item({ id: 'p2', kind: 'listing', at: '2030-01-01T06:00:00.000Z' }))];
  const hbar = [
    hbarSaleRow({ salePrice: 1, saleDate: '2030-01-01T11:00:00.000Z', nftSerialId: 1, sellerAddress: null, buyerAddress: null }),
    hbarSaleRow({ salePrice: 2, saleDate: '2030-01-01T07:00:00.000Z', nftSerialId: 2, sellerAddress: null, buyerAddress: null }),
    hbarListingRow({ marketplaceListingId: 9, serialId: 3, salePrice: 3, listingDate: '2030-01-01T02:00:00.000Z', sellerAddress: null }),
  ];

  it('merges newest first; HBAR rows older than the loaded PAWS pages wait while more pages exist', () => {
    const open = mergeTimeline({ paws, pawsComplete: false, hbar, market: 'all', kind: 'all' });
    expect(open.map((row) => row.at.slice(11, 13))).toEqual(['11', '10', '07', '06']);
    const done = mergeTimeline({ paws, pawsComplete: true, hbar, market: 'all', kind: 'all' });
    expect(done.map((row) => row.at.slice(11, 13))).toEqual(['11', '10', '07', '06', '02']);
  });

  it('filters by market and kind', () => {
    expect(mergeTimeline({ paws, pawsComplete: false, hbar, market: 'hbar', kind: 'all' })).toHaveLength(3);
    expect(mergeTimeline({ paws, pawsComplete: false, hbar, market: 'paws', kind: 'all' })).toHaveLength(2);
    expect(mergeTimeline({ paws, pawsComplete: true, hbar, market: 'all', kind: 'listing' }).map((row) => row.id)).toEqual(['paws:p2', 'hbar:listing:9']);
    expect(mergeTimeline({ paws, pawsComplete: true, hbar, market: 'hbar', kind: 'sale' })).toHaveLength(2);
  });

  it('sales since the last-seen mark: none on a first visit', () => {
    const sales = [{ at: '2030-01-02T00:00:00.000Z' }, { at: '2030-01-01T00:00:00.000Z' }];
    expect(salesSince(sales, null)).toEqual([]);
    expect(salesSince(sales, '2030-01-01T00:00:00.000Z')).toEqual([{ at: '2030-01-02T00:00:00.000Z' }]);
  });
});
