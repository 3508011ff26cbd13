import { describe, expect, it } from 'vitest';
import { computeRarity } from '@/features/tiger/rarity';
import type { StandingOffer } from '@/features/trait-floors/listing-context-rules';
import { createListingContextService } from '@/features/trait-floors/listing-context-service';
import { computeTraitFloors } from '@/features/trait-floors/trait-floor-rules';

const rarity = computeRarity([1, 2, 3].map((serial) => ({ serial, attributes: [{ trait_type: 'Fur', value: serial === 3 ? 'Snow' : 'Golden' }] })));
const floors = computeTraitFloors({ rarity, paws: [{ serial: 2, pawsPrice: '80' }], hbar: [], rate: null }, '2026-12-01T00:00:00.000Z');

function service(overrides: Partial<Parameters<typeof createListingContextService>[0]> = {}) {
  return createListingContextService({
    floors: { traitFloors: async () => floors },
    rarity: async () => rarity,
    bestOffers: async (serials) => {
      const best: Record<string, StandingOffer> = {};
      if (serials.includes(1)) best[1] = { offerId: 'o1', kind: 'item', pawsAmount: '95' };
      return { best };
    },
    pawsLastSale: async (serial) => (serial === 1 ? { pawsPrice: '70', soldAt: '2026-11-01T00:00:00.000Z' } : undefined),
    hbarSales: async () => [
      { serial: 1, hbarPrice: 5, at: '2026-10-01T00:00:00.000Z' },
      { serial: 3, hbarPrice: 9, at: '2026-11-20T00:00:00.000Z' },
      { serial: 3, hbarPrice: 7, at: '2026-11-10T00:00:00.000Z' },
    ],
    ...overrides,
  });
}

describe('the listing context service', () => {
  it('answers each tiger once: its best offer, its last sale on either market, its rarest trait’s floor and its estimate', async () => {
    const answer = await service().context([1, 3, 1]);
    expect(Object.keys(answer.tigers)).toEqual(['1', '3']);
    expect(answer.collectionFloor).toEqual({ paws: '80', market: 'paws', serial: 2 });
    expect(answer.tigers[1]).toMatchObject({
      bestOffer: { offerId: 'o1', kind: 'item', pawsAmount: '95' },
      // The PAWS sale is later than the HBAR one.
      lastSale: { price: '70', currency: 'PAWS', at: '2026-11-01T00:00:00.000Z' },
      rarestTrait: { trait: { trait_type: 'Fur', value: 'Golden' }, count: 2, listed: 1 },
      estimate: { paws: '80' },
    });
    expect(answer.tigers[3]).toMatchObject({ bestOffer: null, lastSale: { price: '9', currency: 'HBAR' }, rarestTrait: { floor: null } });
  });

  it('answers without the parts it cannot read', async () => {
    const failing = async () => {
      throw new Error('down');
    };
    const answer = await service({ bestOffers: failing, hbarSales: failing, pawsLastSale: failing }).context([1]);
    expect(answer.tigers[1]).toMatchObject({ bestOffer: null, lastSale: null, estimate: { paws: '80' } });
  });
});
