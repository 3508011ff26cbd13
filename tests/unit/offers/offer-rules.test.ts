import { describe, expect, it } from 'vitest';
import {
  MAX_OFFER_DURATION_MS,
  MIN_OFFER_DURATION_MS,
  byBestOffer,
  expiryProblem,
  isLive,
  offerMatches,
  publicOffer,
  reservedUnits,
  type PawsOffer,
} from '../../../src/features/offers/offer-rules';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const traits = [
  { trait_type: 'Eye_Color', value: 'Blue' },
  { trait_type: 'Fur', value: 'Snow White' },
];
const collection = { kind: 'collection' as const, serialNumber: null, traitType: null, traitValue: null, minTier: null };

describe('offer rules', () => {
  it('an item offer matches its tiger only', () => {
    const item = { ...collection, kind: 'item' as const, serialNumber: 7 };
    expect(offerMatches(item, 7, undefined)).toBe(true);
    expect(offerMatches(item, 8, { rarityRank: 1, traits })).toBe(false);
  });

  it('a collection offer matches any tiger, a trait value (as rarity compares them) or a minimum tier', () => {
    expect(offerMatches(collection, 3, undefined)).toBe(true);
    const byTrait = { ...collection, traitType: 'eye color', traitValue: 'BLUE' };
    expect(offerMatches(byTrait, 3, { rarityRank: 3000, traits })).toBe(true);
    expect(offerMatches({ ...byTrait, traitValue: 'Green' }, 3, { rarityRank: 3000, traits })).toBe(false);
    const epic = { ...collection, minTier: 'Epic' as const };
    expect(offerMatches(epic, 3, { rarityRank: 100, traits })).toBe(true);
    expect(offerMatches(epic, 3, { rarityRank: 500, traits })).toBe(true);
    expect(offerMatches(epic, 3, { rarityRank: 501, traits })).toBe(false);
    expect(offerMatches(epic, 3, undefined)).toBe(false);
    expect(offerMatches({ ...epic, traitType: 'Fur', traitValue: 'snow_white' }, 3, { rarityRank: 20, traits })).toBe(true);
    expect(offerMatches({ ...collection, minTier: 'Common' as const }, 3, { rarityRank: 3300, traits })).toBe(true);
  });

  it('an expiry is at least 10 minutes and at most 30 days ahead', () => {
    expect(expiryProblem(new Date(NOW + MIN_OFFER_DURATION_MS).toISOString(), NOW)).toBeUndefined();
    expect(expiryProblem(new Date(NOW + MAX_OFFER_DURATION_MS).toISOString(), NOW)).toBeUndefined();
    expect(expiryProblem(new Date(NOW + MIN_OFFER_DURATION_MS - 1).toISOString(), NOW)).toMatch(/10 minutes/);
    expect(expiryProblem(new Date(NOW + MAX_OFFER_DURATION_MS + 1).toISOString(), NOW)).toMatch(/30 days/);
    expect(expiryProblem('soon', NOW)).toMatch(/date/);
  });

  it('an offer is live while open, unexpired and with a unit left; it reserves its open and in-flight units', () => {
    const offer = { status: 'open' as const, expiresAt: new Date(NOW + 1_000).toISOString(), remaining: 1 };
    expect(isLive(offer, NOW)).toBe(true);
    expect(isLive(offer, NOW + 1_000)).toBe(false);
    expect(isLive({ ...offer, remaining: 0 }, NOW)).toBe(false);
    expect(isLive({ ...offer, status: 'cancelled' }, NOW)).toBe(false);
    expect(reservedUnits({ amountBaseUnits: '2500000', remaining: 2, inFlight: 1 })).toBe(7_500_000n);
  });

  it('ranks offers by amount, then age; the public view hides claims and base units', () => {
    const offers = [
      { id: 'a', amountBaseUnits: '5', createdAt: '2030-01-01T00:00:02Z' },
      { id: 'b', amountBaseUnits: '10000000000000000000', createdAt: '2030-01-01T00:00:03Z' },
      { id: 'c', amountBaseUnits: '5', createdAt: '2030-01-01T00:00:01Z' },
    ];
    expect([...offers].sort(byBestOffer).map((offer) => offer.id)).toEqual(['b', 'c', 'a']);
    const view = publicOffer(
      {
        fills: { 9: { sellerId: '0.0.5', transactionId: 't', filledAt: '2030-01-01T00:00:00Z' } },
        claims: { 8: { claimId: 'c', sellerId: '0.0.6', transactionId: 'u', claimedAt: '' } },
        amountBaseUnits: '1',
        inFlight: 1,
      } as unknown as PawsOffer,
      true,
    );
    expect(view).toEqual({ funded: true, fills: [{ serialNumber: 9, sellerId: '0.0.5', transactionId: 't', filledAt: '2030-01-01T00:00:00Z' }] });
  });
});
