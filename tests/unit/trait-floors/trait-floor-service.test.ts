import { describe, expect, it } from 'vitest';
import { computeRarity } from '@/features/tiger/rarity';
import { TRAIT_FLOORS_TTL_MS, createTraitFloorService } from '@/features/trait-floors/trait-floor-service';
import type { HbarListed, PawsListed } from '@/features/trait-floors/trait-floor-rules';

const rarity = computeRarity([1, 2, 3].map((serial) => ({ serial, attributes: [{ trait_type: 'Fur', value: serial === 3 ? 'Snow' : 'Golden' }] })));

function setUp() {
  const state = { head: 1, time: 0, paws: [{ serial: 1, pawsPrice: '100' }] as PawsListed[], hbar: [] as HbarListed[], hbarFails: false, reads: 0 };
  const service = createTraitFloorService({
    rarity: async () => rarity,
    pawsListings: async () => {
      state.reads++;
      return state.paws;
    },
    hbarListings: async () => {
      if (state.hbarFails) throw new Error('SentX is down');
      return state.hbar;
    },
    prices: async () => ({ hbarUsd: 0.2, pawsUsd: 0.01 }),
    marketVersion: async () => state.head,
    now: () => state.time,
  });
  return { state, service };
}

describe('the trait floor service', () => {
  it('counts the floors again at once when the market’s head moves', async () => {
    const { state, service } = setUp();
    expect((await service.traitFloors()).traits.Fur?.Golden?.floor?.paws).toBe('100');
    state.paws = [...state.paws, { serial: 2, pawsPrice: '60' }];
    expect((await service.traitFloors()).traits.Fur?.Golden?.floor?.paws).toBe('100');
    state.head = 2;
    expect((await service.traitFloors()).traits.Fur?.Golden?.floor?.paws).toBe('60');
  });

  it('counts them again within 30 s without an event', async () => {
    const { state, service } = setUp();
    await service.traitFloors();
    state.paws = [{ serial: 2, pawsPrice: '60' }];
    state.time = TRAIT_FLOORS_TTL_MS + 1;
    expect((await service.traitFloors()).traits.Fur?.Golden?.floor?.paws).toBe('60');
    expect(state.reads).toBe(2);
  });

  it('reads SentX afresh for a new market head (the scheduled job’s event of a SentX listing)', async () => {
    const { state, service } = setUp();
    await service.traitFloors();
    state.hbar = [{ serial: 2, hbarPrice: 2 }];
    state.head = 2;
    // 2 HBAR at 20 PAWS each.
    expect((await service.traitFloors()).traits.Fur?.Golden?.floor).toEqual({ paws: '40', market: 'hbar', serial: 2 });
  });

  it('counts the PAWS market alone, and says so, while SentX fails', async () => {
    const { state, service } = setUp();
    state.hbarFails = true;
    const floors = await service.traitFloors();
    expect(floors.hbarUnavailable).toBe(true);
    expect(floors.collectionFloor?.paws).toBe('100');
  });

  it('answers each tiger’s estimated value, leaving out none that has a floor to go by', async () => {
    const { state, service } = setUp();
    state.hbar = [{ serial: 3, hbarPrice: 10 }];
    const values = await service.estimatedValues([1, 3, 3]);
    // Collection floor 100 (tiger 1); Snow's floor 200 (10 HBAR at 20 PAWS each).
    expect([...values.keys()]).toEqual([1, 3]);
    expect(values.get(1)?.paws).toBe('100');
    expect(values.get(3)?.paws).toBe('200');
    expect(values.get(3)?.method).toMatch(/Fur: Snow/);
  });
});
