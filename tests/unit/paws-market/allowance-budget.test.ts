import { describe, expect, it } from 'vitest';
import { type BudgetOffer, fundedOffers, keptByCommitments, lapsingOffers, purchaseBudget } from '@/features/paws-market/allowance-budget';

const offer = (id: string, createdAt: string, unit: bigint, units = 1): BudgetOffer => ({
  id,
  createdAt,
  unit,
  keeps: unit * BigInt(units),
  label: `${unit} PAWS offer ${id}`,
});
const funds = (allowance: bigint, available = 10_000n) => ({ allowance, available });

// Bob's offers of the issue: 45 PAWS on #147 (older) and 20 PAWS on another tiger, backed by a 65 PAWS allowance.
const on147 = offer('on-147', '2026-12-01T10:00:00.000Z', 45n);
const other = offer('other', '2026-12-01T11:00:00.000Z', 20n);

describe('one allowance budget', () => {
  it('funds offers oldest first, each while what is left covers one unit, each then keeping all it may draw', () => {
    expect(fundedOffers([other, on147], funds(65n))).toEqual(new Set(['on-147', 'other']));
    expect(fundedOffers([other, on147], funds(64n))).toEqual(new Set(['on-147']));
    // A collection offer of 3 units keeps 60: the next offer is left 0 of an allowance of 70.
    const three = offer('three', '2026-12-01T09:00:00.000Z', 20n, 3);
    expect(fundedOffers([three, other], funds(70n))).toEqual(new Set(['three']));
    // The balance must cover one unit too, and purchases being settled hold their price first.
    expect(fundedOffers([on147], funds(100n, 44n))).toEqual(new Set());
    expect(fundedOffers([on147], funds(100n), 60n)).toEqual(new Set());
    expect(keptByCommitments({ offers: [three, other], held: 5n })).toBe(85n);
  });

  it('names the offers a spend would leave unfunded', () => {
    expect(lapsingOffers({ offers: [on147, other], held: 0n }, funds(65n), 38n).map((entry) => entry.id)).toEqual(['on-147']);
    expect(lapsingOffers({ offers: [on147, other], held: 0n }, funds(200n), 38n)).toEqual([]);
  });

  it('asks a purchase that would unfund an open offer for the top-up that keeps it funded, or the holder’s say', () => {
    // The issue: a 38 PAWS checkout paid from the 65 PAWS that backed the offers left #147’s offer unfunded.
    const commitments = { offers: [on147, other], held: 0n };
    const budget = purchaseBudget(38n, funds(65n), commitments);
    expect(budget).toMatchObject({ covered: false, ask: 103n, askIfLapse: 0n });
    expect(budget.lapsing.map((entry) => entry.id)).toEqual(['on-147']);
    // The holder lets it lapse: paid from the allowance as it is.
    expect(purchaseBudget(38n, funds(65n), commitments, new Set(['on-147']))).toMatchObject({ covered: true, lapsing: [] });
    // Enough for both: nothing asked.
    expect(purchaseBudget(38n, funds(103n), commitments)).toMatchObject({ covered: true, lapsing: [] });
  });

  it('short of the purchase itself, asks for the purchase with the offers, or the purchase alone with their say', () => {
    const commitments = { offers: [on147, other], held: 10n };
    const budget = purchaseBudget(100n, funds(75n), commitments);
    expect(budget).toMatchObject({ covered: false, ask: 175n, askIfLapse: 110n });
    // With one let lapse, the other is still kept.
    expect(purchaseBudget(100n, funds(75n), commitments, new Set(['on-147']))).toMatchObject({ ask: 130n });
    expect(budget.lapsing.map((entry) => entry.id)).toEqual(['on-147', 'other']);
    expect(purchaseBudget(100n, funds(75n), commitments, new Set(['on-147', 'other']))).toMatchObject({ covered: false, ask: 110n, lapsing: [] });
    // No offers: the purchase and what is being settled.
    expect(purchaseBudget(100n, funds(0n), { offers: [], held: 0n })).toMatchObject({ covered: false, ask: 100n, lapsing: [] });
  });

  it('asks nothing of a purchase that leaves every funded offer funded, whatever is already unfunded; an approval asked for covers them all', () => {
    const commitments = { offers: [on147, other], held: 0n };
    // 30 PAWS fund only the 20 PAWS offer (the 45 one is unfunded); a 10 PAWS purchase keeps it funded.
    expect(purchaseBudget(10n, funds(30n), commitments)).toMatchObject({ covered: true, lapsing: [] });
    // 15 would unfund it: the top-up asked for funds both, as an offer's own approval asks.
    const budget = purchaseBudget(15n, funds(30n), commitments);
    expect(budget).toMatchObject({ covered: false, ask: 80n, askIfLapse: 0n });
    expect(budget.lapsing.map((entry) => entry.id)).toEqual(['other']);
  });
});
