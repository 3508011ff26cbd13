import { describe, expect, it } from 'vitest';
import { MARKET_EVENT_TYPES } from '@/features/market-events/market-event';
import { isBelow, listingWarnings, movesFloors } from '@/features/trait-floors/listing-context-rules';

const offer = (pawsAmount: string) => ({ pawsAmount });
const floor = (paws: string) => ({ paws });

describe('the warnings before a listing', () => {
  it('warns under the best standing offer that accepting it pays more', () => {
    const warnings = listingWarnings('80', { bestOffer: offer('100'), collectionFloor: floor('90') });
    expect(warnings).toEqual([
      { kind: 'under-offer', text: 'This price is under the best standing offer of 100 PAWS for this tiger: accepting the offer pays you more.' },
    ]);
  });

  it('says nothing at or above the best offer', () => {
    expect(listingWarnings('100', { bestOffer: offer('100'), collectionFloor: null })).toEqual([]);
    expect(listingWarnings('100.01', { bestOffer: offer('100'), collectionFloor: null })).toEqual([]);
  });

  it('compares exactly, whatever the decimals', () => {
    expect(listingWarnings('99.99', { bestOffer: offer('100'), collectionFloor: null })).toHaveLength(1);
    expect(listingWarnings('100', { bestOffer: offer('100.00000001'), collectionFloor: null })).toHaveLength(1);
    expect(isBelow('0.1', '0.10')).toBe(false);
    expect(isBelow('9', '10')).toBe(true);
  });

  it('warns under half the collection floor, not at half', () => {
    expect(listingWarnings('44.99', { bestOffer: null, collectionFloor: floor('90') })).toEqual([
      { kind: 'under-half-floor', text: 'This price is under half the collection floor of 90 PAWS.' },
    ]);
    expect(listingWarnings('45', { bestOffer: null, collectionFloor: floor('90') })).toEqual([]);
    expect(listingWarnings('45', { bestOffer: null, collectionFloor: floor('90.01') })).toHaveLength(1);
  });

  it('gives both warnings when both hold', () => {
    const kinds = listingWarnings('10', { bestOffer: offer('50'), collectionFloor: floor('100') }).map((warning) => warning.kind);
    expect(kinds).toEqual(['under-offer', 'under-half-floor']);
  });

  it('says nothing for a price that is no number, or with nothing to compare', () => {
    expect(listingWarnings('', { bestOffer: offer('50'), collectionFloor: floor('100') })).toEqual([]);
    expect(listingWarnings('abc', { bestOffer: offer('50'), collectionFloor: floor('100') })).toEqual([]);
    expect(listingWarnings('1', { bestOffer: null, collectionFloor: null })).toEqual([]);
  });
});

describe('the market events the floors and the listing context are read again on', () => {
  it('are every listing, sale and offer change, an offer expiring included; not a move, the figures or a watch alert', () => {
    expect(MARKET_EVENT_TYPES.filter(movesFloors)).toEqual([
      'listing-created',
      'listing-repriced',
      'listing-removed',
      'listing-invalidated',
      'listing-revalidated',
      'sale',
      'offer-made',
      'offer-accepted',
      'offer-cancelled',
      'offer-expired',
      'offer-unfunded',
      'offer-funded',
    ]);
  });
});
