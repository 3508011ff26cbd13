import { describe, expect, it } from 'vitest';
import { tigersEstimatePaws } from '@/features/profile/portfolio-value';
import { computeRarity } from '@/features/tiger/rarity';
import { computeTraitFloors } from '@/features/trait-floors/trait-floor-rules';

const rarity = computeRarity([1, 2, 3].map((serial) => ({ serial, attributes: [{ trait_type: 'Fur', value: serial === 1 ? 'Snow' : 'Golden' }] })));
const traitsOf = (serial: number) => rarity.rarityData[String(serial)]?.traits ?? [];

describe('the profile’s tigers at their estimated values', () => {
  it('adds each tiger’s estimate exactly, in PAWS', () => {
    // Snow: 100.1 (its own listing); Golden: 0.2 (the collection floor, tiger 3).
    const floors = computeTraitFloors(
      {
        rarity,
        paws: [
          { serial: 1, pawsPrice: '100.1' },
          { serial: 3, pawsPrice: '0.2' },
        ],
        hbar: [],
        rate: null,
      },
      '2026-12-01T00:00:00.000Z',
    );
    expect(tigersEstimatePaws([{ traits: traitsOf(1) }, { traits: traitsOf(2) }, { traits: traitsOf(2) }], floors)).toEqual({ paws: '100.5', unvalued: 0 });
  });

  it('counts the tigers it cannot value when nothing is listed', () => {
    const floors = computeTraitFloors({ rarity, paws: [], hbar: [], rate: null }, '2026-12-01T00:00:00.000Z');
    expect(tigersEstimatePaws([{ traits: traitsOf(1) }, { traits: traitsOf(2) }], floors)).toEqual({ paws: '0', unvalued: 2 });
  });
});
