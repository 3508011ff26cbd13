import { describe, expect, it } from 'vitest';
import { acceptRows, offerKindText, picksProblem, rowChoiceLabel } from '../../../src/features/paws-bulk/accept-rows';
import type { ReceivedOffer } from '../../../src/features/offers/offer-client';

const offer = (id: string, fields: Partial<ReceivedOffer> & { serials: number[] }): ReceivedOffer =>
  ({
    id,
    kind: 'collection',
    pawsAmount: '20',
    remaining: 1,
    quantity: 1,
    funded: true,
    buyerId: '0.0.7001002',
    traitType: null,
    traitValue: null,
    minTier: null,
    ...fields,
  }) as ReceivedOffer;

// The holder: their only Legendary #648 (rank 42), and commoner tigers.
const ranks: Record<number, number> = { 648: 42, 7: 2900, 9: 2400, 12: 1500 };
const rankOf = (serial: number) => ranks[serial] ?? null;

describe('the rows of a bulk acceptance', () => {
  it('suggests the commonest eligible tiger for a collection offer, never the Legendary, and leaves the pick to the holder when none is left', () => {
    const rows = acceptRows([offer('c', { serials: [648, 7, 9], remaining: 3, quantity: 3 })], rankOf);
    expect(rows.map((row) => [row.key, row.suggested])).toEqual([
      ['c:0', 7],
      ['c:1', 9],
      ['c:2', null],
    ]);
    expect(rows.map(rowChoiceLabel)).toEqual([
      'Sell the tiger picked below to the 20 PAWS collection offer',
      'Sell the tiger picked below to the 20 PAWS collection offer (sale 2)',
      'Sell the tiger picked below to the 20 PAWS collection offer (sale 3)',
    ]);
    // The holder may still pick the Legendary: it stays among the choices.
    expect(rows[2]?.choices).toContain(648);
    // A unit left after a round is never matched to the Legendary either.
    expect(acceptRows([offer('c', { serials: [648], remaining: 1 })], rankOf).map((row) => row.suggested)).toEqual([null]);
  });

  it('gives each tiger its best item offer first, and suggests for collection offers the tigers left', () => {
    const rows = acceptRows(
      [
        offer('i1', { kind: 'item', serialNumber: 7, serials: [7], pawsAmount: '50' }),
        offer('i2', { kind: 'item', serialNumber: 7, serials: [7], pawsAmount: '40' }),
        offer('t', { serials: [7, 9, 12], remaining: 2, quantity: 2, traitType: 'Fur_Color', traitValue: 'Black' }),
        offer('u', { serials: [12], funded: false }),
      ],
      rankOf,
    );
    expect(rows.map((row) => [row.key, row.suggested])).toEqual([
      ['i1:0', 7],
      ['t:0', 9],
      ['t:1', 12],
    ]);
  });

  it('names the offer’s kind and refuses a tiger picked twice or a chosen row without one', () => {
    expect(offerKindText(offer('a', { serials: [] }))).toBe('Collection offer (any tiger)');
    expect(offerKindText(offer('b', { serials: [], traitType: 'Fur_Color', traitValue: 'Black' }))).toBe('Trait offer (Fur Color: Black)');
    expect(offerKindText(offer('c', { serials: [], minTier: 'Epic' }))).toBe('Tier offer (Epic or rarer)');
    expect(offerKindText(offer('d', { serials: [], kind: 'item' }))).toBe('Item offer');
    expect(picksProblem([{ serial: 7 }, { serial: 7 }])).toMatch(/one offer only/);
    expect(picksProblem([{ serial: null }])).toMatch(/Pick a tiger/);
    expect(picksProblem([{ serial: 7 }, { serial: 9 }])).toBeNull();
  });
});
