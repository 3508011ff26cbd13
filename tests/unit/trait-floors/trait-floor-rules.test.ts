import { describe, expect, it } from 'vitest';
import { computeRarity } from '@/features/tiger/rarity';
import {
  computeTraitFloors,
  estimateValue,
  hbarPawsRate,
  hbarToPawsHundredths,
  rarestTraitFloor,
  traitValueFloor,
} from '@/features/trait-floors/trait-floor-rules';

const tiger = (serial: number, fur: string, eyes: string) => ({
  serial,
  attributes: [
    { trait_type: 'Fur', value: fur },
    { trait_type: 'Eye_Color', value: eyes },
  ],
});
const rarity = computeRarity([
  tiger(1, 'Golden', 'Blue'),
  tiger(2, 'Golden', 'Green'),
  tiger(3, 'Striped', 'Blue'),
  tiger(4, 'Striped', 'Blue'),
  tiger(5, 'Snow', 'Red'),
]);
const AT = '2026-12-01T00:00:00.000Z';
// 1 HBAR = 0.2 USD, 1 PAWS = 0.01 USD: 20 PAWS per HBAR.
const rate = hbarPawsRate(0.2, 0.01);

describe('trait floors across both markets', () => {
  it('takes the lowest listed price of the tigers with each value, with the count of tigers and of listed ones', () => {
    const floors = computeTraitFloors(
      {
        rarity,
        paws: [
          { serial: 1, pawsPrice: '120.5' },
          { serial: 3, pawsPrice: '90' },
          { serial: 4, pawsPrice: '95.25' },
        ],
        hbar: [],
        rate,
      },
      AT,
    );
    expect(floors.traits.Fur?.Golden).toEqual({ count: 2, listed: 1, floor: { paws: '120.5', market: 'paws', serial: 1 } });
    expect(floors.traits.Fur?.Striped).toEqual({ count: 2, listed: 2, floor: { paws: '90', market: 'paws', serial: 3 } });
    expect(floors.traits.Fur?.Snow).toEqual({ count: 1, listed: 0, floor: null });
    expect(floors.traits.Eye_Color?.Blue).toEqual({ count: 3, listed: 3, floor: { paws: '90', market: 'paws', serial: 3 } });
    expect(floors.collectionFloor).toEqual({ paws: '90', market: 'paws', serial: 3 });
    expect(floors.listed).toBe(3);
    expect(floors.countedAt).toBe(AT);
  });

  it('converts SentX listings to PAWS at the current rate and says so', () => {
    const floors = computeTraitFloors({ rarity, paws: [{ serial: 1, pawsPrice: '120.5' }], hbar: [{ serial: 2, hbarPrice: 4.5 }], rate }, AT);
    // 4.5 HBAR x 20 PAWS/HBAR = 90 PAWS: under the PAWS listing.
    expect(floors.traits.Fur?.Golden?.floor).toEqual({ paws: '90', market: 'hbar', serial: 2 });
    expect(floors.traits.Eye_Color?.Green?.floor).toEqual({ paws: '90', market: 'hbar', serial: 2 });
    expect(floors.hbarConverted).toBe(true);
    expect(floors.rate?.pawsPerHbar).toBeCloseTo(20, 10);
    expect(floors.hbarLeftOut).toBe(0);
  });

  it('counts a tiger listed on both markets once, at its lower price', () => {
    const floors = computeTraitFloors({ rarity, paws: [{ serial: 5, pawsPrice: '100' }], hbar: [{ serial: 5, hbarPrice: 6 }], rate }, AT);
    expect(floors.traits.Fur?.Snow).toEqual({ count: 1, listed: 1, floor: { paws: '100', market: 'paws', serial: 5 } });
    expect(floors.listed).toBe(1);
  });

  it('leaves the HBAR listings out, and says how many, when PAWS has no price', () => {
    const floors = computeTraitFloors({ rarity, paws: [], hbar: [{ serial: 2, hbarPrice: 4.5 }], rate: hbarPawsRate(0.2, null) }, AT);
    expect(floors.hbarConverted).toBe(false);
    expect(floors.rate).toBeNull();
    expect(floors.hbarLeftOut).toBe(1);
    expect(floors.collectionFloor).toBeNull();
    expect(floors.traits.Fur?.Golden?.floor).toBeNull();
  });

  it('says when SentX could not be read', () => {
    const floors = computeTraitFloors({ rarity, paws: [{ serial: 1, pawsPrice: '10' }], hbar: null, rate }, AT);
    expect(floors.hbarUnavailable).toBe(true);
    expect(floors.collectionFloor?.paws).toBe('10');
  });

  it('rounds a converted price to hundredths of a PAWS and ignores prices that are no positive number', () => {
    const third = hbarPawsRate(1, 3);
    if (!third) throw new Error('no rate');
    expect(hbarToPawsHundredths(1, third)).toBe(33n);
    expect(hbarToPawsHundredths(0, third)).toBeUndefined();
    expect(hbarToPawsHundredths(Number.NaN, third)).toBeUndefined();
    const floors = computeTraitFloors(
      {
        rarity,
        paws: [
          { serial: 1, pawsPrice: 'ten' },
          { serial: 2, pawsPrice: '0' },
        ],
        hbar: [],
        rate,
      },
      AT,
    );
    expect(floors.listed).toBe(0);
  });

  it('finds a value whatever its spelling', () => {
    const floors = computeTraitFloors({ rarity, paws: [{ serial: 3, pawsPrice: '90' }], hbar: [], rate }, AT);
    expect(traitValueFloor(floors, 'eye color', ' blue ')?.floor?.paws).toBe('90');
    expect(traitValueFloor(floors, 'Fur', 'Purple')).toBeUndefined();
  });
});

describe('a tiger’s estimated value', () => {
  const floors = computeTraitFloors(
    {
      rarity,
      paws: [
        { serial: 1, pawsPrice: '300' },
        { serial: 3, pawsPrice: '90' },
      ],
      hbar: [{ serial: 2, hbarPrice: 10 }],
      rate,
    },
    AT,
  );
  const traitsOf = (serial: number) => rarity.rarityData[String(serial)]?.traits ?? [];

  it('is the highest of the collection floor and its traits’ floors, and says how', () => {
    // Tiger 1: Golden (floor 200, tiger 2's HBAR listing of 10 x 20) and Blue (90): the trait floor wins over the collection floor of 90.
    const estimate = estimateValue(traitsOf(1), floors);
    expect(estimate?.paws).toBe('200');
    expect(estimate?.trait).toEqual({ trait_type: 'Fur', value: 'Golden' });
    expect(estimate?.method).toMatch(/Fur: Golden \(200 PAWS\)/);
  });

  it('is the collection floor when no trait of the tiger is listed higher', () => {
    const estimate = estimateValue(traitsOf(5), floors);
    expect(estimate).toMatchObject({ paws: '90', trait: null });
    expect(estimate?.method).toMatch(/collection floor \(90 PAWS\)/);
  });

  it('names the trait that set it as the pages do (Eye Color, not Eye_Color), in one sentence of its own', () => {
    const named = computeRarity([
      { serial: 1, attributes: [{ trait_type: 'Eye_Color', value: 'Red' }] },
      { serial: 2, attributes: [{ trait_type: 'Eye_Color', value: 'Red' }] },
      { serial: 3, attributes: [{ trait_type: 'Eye_Color', value: 'Blue' }] },
    ]);
    const listed = computeTraitFloors(
      {
        rarity: named,
        paws: [
          { serial: 2, pawsPrice: '80' },
          { serial: 3, pawsPrice: '50' },
        ],
        hbar: [],
        rate: null,
      },
      AT,
    );
    expect(estimateValue(named.rarityData['1']?.traits ?? [], listed)?.method).toBe('Estimated at the floor of its trait Eye Color: Red (80 PAWS).');
  });

  it('is unknown with nothing listed', () => {
    const none = computeTraitFloors({ rarity, paws: [], hbar: [], rate }, AT);
    expect(estimateValue(traitsOf(1), none)).toBeNull();
  });

  it('names the rarest trait with its floor', () => {
    expect(rarestTraitFloor(traitsOf(1), floors)).toEqual({
      trait: { trait_type: 'Fur', value: 'Golden' },
      count: 2,
      listed: 2,
      floor: { paws: '200', market: 'hbar', serial: 2 },
    });
    // Snow is on one tiger only: the rarest, with no listing.
    expect(rarestTraitFloor(traitsOf(5), floors)).toMatchObject({ trait: { trait_type: 'Fur', value: 'Snow' }, count: 1, floor: null });
  });
});
