import { describe, expect, it } from 'vitest';
import { bestOfferPerTiger } from '../../../src/features/paws-bulk/bulk-client';

const offer = (id: string, pawsAmount: string, serials: number[], remaining = 1, funded = true) => ({
  id,
  pawsAmount,
  serials,
  remaining,
  funded,
  buyerId: `0.0.${id}`,
});

describe('the best offer of each tiger in the bulk view', () => {
  it('gives each tiger the best funded offer it can fill, and no offer more tigers than it has units left', () => {
    const offers = [offer('1', '50', [7, 9], 1), offer('2', '40', [7], 1, false), offer('3', '30', [7, 9, 12], 2), offer('4', '10', [12], 1)];
    expect(bestOfferPerTiger(offers).map(({ serialNumber, offerId }) => [serialNumber, offerId])).toEqual([
      [7, '1'],
      [9, '3'],
      [12, '3'],
    ]);
  });

  it('leaves out tigers whose only offers are unfunded or used up', () => {
    expect(bestOfferPerTiger([offer('1', '5', [3], 1, false), offer('2', '4', [4], 0)])).toEqual([]);
  });
});
