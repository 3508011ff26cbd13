import { describe, expect, it } from 'vitest';
import { MAX_OFFER_DURATION_MS, MIN_OFFER_DURATION_MS, expiryProblem } from '@/features/offers/offer-rules';
import {
  EXPIRY_CHOICES,
  bestOfferText,
  collectionQuantityProblem,
  expiryFor,
  offerAmountProblem,
  offerNews,
  offerNewsToast,
  offerTarget,
  againstFloor,
  saleWarnings,
} from '@/features/offers/offer-screen-rules';

const NOW = Date.parse('2030-01-01T00:00:00.000Z');

describe('offer screen rules', () => {
  it('offers expiries the server takes, even from a browser clock a few minutes ahead', () => {
    for (const choice of EXPIRY_CHOICES) {
      const expiresAt = expiryFor(choice.id, NOW);
      expect(expiryProblem(expiresAt, NOW)).toBeUndefined();
      expect(expiryProblem(expiresAt, NOW - 5 * 60_000)).toBeUndefined();
      const ms = Date.parse(expiresAt) - NOW;
      expect(ms).toBeGreaterThan(MIN_OFFER_DURATION_MS);
      expect(ms).toBeLessThan(MAX_OFFER_DURATION_MS);
    }
    expect(expiryFor('7d', NOW)).toBe('2030-01-08T00:00:00.000Z');
  });

  it('takes positive amounts of at most 2 decimals within the balance, with the spec’s messages', () => {
    expect(offerAmountProblem('12.5')).toBeUndefined();
    expect(offerAmountProblem('12.50', 100)).toBeUndefined();
    expect(offerAmountProblem('12.345')).toBe('Please enter a valid PAWS price');
    expect(offerAmountProblem('0')).toBe('Please enter a valid PAWS price');
    expect(offerAmountProblem('-3')).toBe('Please enter a valid PAWS price');
    expect(offerAmountProblem('abc')).toBe('Please enter a valid PAWS price');
    expect(offerAmountProblem('1500', 1234.5)).toBe('Insufficient PAWS tokens. Required: 1,500, Available: 1,234.5');
    // A collection offer needs the amount for every tiger it wants.
    expect(offerAmountProblem('500', 1234.5, 2)).toBeUndefined();
    expect(offerAmountProblem('500', 1234.5, 3)).toBe('Insufficient PAWS tokens. Required: 1,500, Available: 1,234.5');
  });

  it('takes 1 to 100 tigers for a collection offer', () => {
    expect(collectionQuantityProblem('1')).toBeUndefined();
    expect(collectionQuantityProblem('100')).toBeUndefined();
    for (const bad of ['0', '101', '1.5', '-2', '', 'two']) {
      expect(collectionQuantityProblem(bad)).toBe('Tigers wanted must be a whole number from 1 to 100');
    }
  });

  it('says what an offer asks for', () => {
    const base = { serialNumber: null, nftName: null, traitType: null, traitValue: null, minTier: null };
    expect(offerTarget({ ...base, kind: 'item', serialNumber: 7, nftName: 'Wild Tiger #7' })).toBe('Wild Tiger #7');
    expect(offerTarget({ ...base, kind: 'item', serialNumber: 7 })).toBe('Wild Tiger #7');
    expect(offerTarget({ ...base, kind: 'collection' })).toBe('Any tiger');
    expect(offerTarget({ ...base, kind: 'collection', minTier: 'Epic', traitType: 'Background', traitValue: 'Blue' })).toBe(
      'Any Epic or rarer tiger with Background: Blue',
    );
    expect(offerTarget({ ...base, kind: 'collection', minTier: 'Common' })).toBe('Any tiger');
    expect(bestOfferText('1250.5')).toBe('Best offer: 1,250.5 PAWS');
    expect(bestOfferText(undefined)).toBe('No offers yet');
  });

  it('counts offers received and tigers bought since the last visit, once', () => {
    const made = [
      { fills: [{ serialNumber: 1, sellerId: '0.0.3', transactionId: 't1', filledAt: '2030-01-01T10:00:00.000Z' }] },
      { fills: [{ serialNumber: 2, sellerId: '0.0.3', transactionId: 't2', filledAt: '2030-01-02T10:00:00.000Z' }] },
    ];
    const received = [{ createdAt: '2030-01-01T09:00:00.000Z' }, { createdAt: '2030-01-03T09:00:00.000Z' }];
    expect(offerNews(made, received, '2030-01-01T12:00:00.000Z')).toEqual({ received: 1, filled: 1, newest: '2030-01-03T09:00:00.000Z' });
    expect(offerNews(made, received, null)).toEqual({ received: 2, filled: 2, newest: '2030-01-03T09:00:00.000Z' });
    // After the marker moves past what was told, nothing is told again.
    const again = offerNews(made, received, '2030-01-03T09:00:00.000Z');
    expect(again).toMatchObject({ received: 0, filled: 0 });
    expect(offerNewsToast(again)).toBeNull();
    expect(offerNews([], [], null)).toEqual({ received: 0, filled: 0, newest: null });
  });

  it('words the notice', () => {
    expect(offerNewsToast({ received: 1, filled: 0 })).toEqual({ title: 'Offer Received', description: 'Since your last visit: 1 new offer on your tigers.' });
    expect(offerNewsToast({ received: 0, filled: 2 })).toEqual({
      title: 'Offer Filled',
      description: 'Since your last visit: 2 tigers bought through your offers.',
    });
    expect(offerNewsToast({ received: 2, filled: 1 })?.title).toBe('Offer News');
  });
});

describe('choosing the tiger a collection offer takes', () => {
  const candidate = { serial: 648, name: 'Wild Tiger #648', image: null, rank: 42, listedAt: null };
  const holdings = (...ranks: (number | null)[]) => ranks.map((rarityRank) => ({ rarityRank }));

  it('warns of a listing above the offer, by how much', () => {
    expect(saleWarnings({ ...candidate, rank: 3000, listedAt: 800 }, 500, holdings(3000, 2900))).toEqual([
      'You listed it at 800 PAWS: this offer is 300 PAWS less.',
    ]);
    expect(saleWarnings({ ...candidate, rank: 3000, listedAt: 400 }, 500, holdings(3000, 2900))).toEqual([]);
  });

  it('warns when it is the holder’s rarest tiger, or one of their three rarest among more', () => {
    expect(saleWarnings(candidate, 500, holdings(42, 900, 3000))).toEqual(['It is your rarest tiger.']);
    expect(saleWarnings({ ...candidate, rank: 900 }, 500, holdings(42, 900, 1200, 3000))).toEqual(['It is one of your 3 rarest tigers.']);
    expect(saleWarnings({ ...candidate, rank: 1200 }, 500, holdings(42, 900, 1200, 3000))).toEqual(['It is one of your 3 rarest tigers.']);
    expect(saleWarnings({ ...candidate, rank: 3000 }, 500, holdings(42, 900, 1200, 3000))).toEqual([]);
    // Three tigers or fewer: each is among the three rarest, which says nothing; one tiger: nothing to compare.
    expect(saleWarnings({ ...candidate, rank: 900 }, 500, holdings(42, 900, 3000))).toEqual([]);
    expect(saleWarnings(candidate, 500, holdings(42))).toEqual([]);
    expect(saleWarnings({ ...candidate, rank: null }, 500, holdings(null, 42))).toEqual([]);
  });

  it('says the offer against the PAWS floor', () => {
    expect(againstFloor(400, 500)).toBe('20% below the floor (500 PAWS)');
    expect(againstFloor(750, 500)).toBe('50% above the floor (500 PAWS)');
    expect(againstFloor(500, 500)).toBe('at the floor (500 PAWS)');
    expect(againstFloor(500, null)).toBeNull();
    expect(againstFloor(500, 0)).toBeNull();
  });
});
