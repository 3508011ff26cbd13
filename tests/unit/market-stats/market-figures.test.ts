import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  HOUR_MS,
  computeFigures,
  dailyTotals,
  floorOfDayBefore,
  listedShare,
  percentChange,
  windowTotals,
} from '../../../src/features/market-stats/market-figures';

const NOW = Date.parse('2030-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('market figures', () => {
  it('percent change with one decimal, none without an earlier value', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(90, 120)).toBe(-25);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(5, null)).toBeNull();
    expect(percentChange(null, 5)).toBeNull();
  });

  it('listed share of 3,333 with one decimal (spec 001 §3)', () => {
    expect(listedShare(0)).toBe(0);
    expect(listedShare(100)).toBe(3);
    expect(listedShare(1)).toBe(0);
    expect(listedShare(5)).toBe(0.2);
    expect(listedShare(3333)).toBe(100);
  });

  it('window totals count [from, to) and add prices without float noise', () => {
    const sales = [
      { price: 0.1, at: ago(HOUR_MS) },
      { price: 0.2, at: ago(2 * HOUR_MS) },
      { price: 50, at: ago(DAY_MS) },
      { price: 7, at: ago(DAY_MS + 1) },
    ];
    expect(windowTotals(sales, NOW - DAY_MS, NOW + 1)).toEqual({ volume: 50.3, count: 3 });
    expect(windowTotals(sales, NOW - 2 * DAY_MS, NOW - DAY_MS)).toEqual({ volume: 7, count: 1 });
    expect(windowTotals([{ price: 1, at: 'not a date' }], 0, NOW)).toEqual({ volume: 0, count: 0 });
  });

  it('daily totals take whole days overlapping the window; the floor of the day before', () => {
    const days = [
      { datetime: '2030-06-08T00:00:00.000Z', volume: 100, sales: 1, floor: 10 },
      { datetime: '2030-06-09T00:00:00.000Z', volume: 200, sales: 2, floor: 11 },
      { datetime: '2030-06-14T00:00:00.000Z', volume: 300, sales: 3, floor: 12 },
      { datetime: '2030-06-15T00:00:00.000Z', volume: 400, sales: 4, floor: null },
    ];
    expect(dailyTotals(days, NOW - 7 * DAY_MS, NOW + 1)).toEqual({ volume: 1000, count: 10 });
    expect(dailyTotals(days, NOW - DAY_MS, NOW + 1)).toEqual({ volume: 700, count: 7 });
    expect(floorOfDayBefore(days, NOW)).toBe(12);
    expect(floorOfDayBefore(days.slice(0, 2), NOW)).toBeNull();
  });

  it('PAWS figures from complete records: windows, 24 h change, listed', () => {
    const sales = [
      { price: 100, at: ago(HOUR_MS) },
      { price: 50, at: ago(20 * HOUR_MS) },
      { price: 75, at: ago(30 * HOUR_MS) },
      { price: 10, at: ago(3 * DAY_MS) },
      { price: 999, at: ago(8 * DAY_MS) },
    ];
    const figures = computeFigures({ market: 'paws', now: NOW, sales, completeFrom: Number.NEGATIVE_INFINITY, floor: 25, listed: 10 });
    expect(figures).toEqual({
      market: 'paws',
      currency: 'PAWS',
      floor: 25,
      floorChange24h: null,
      volume24h: 150,
      sales24h: 2,
      volumeChange24h: 100,
      salesChange24h: 100,
      volume7d: 235,
      sales7d: 4,
      listed: 10,
      listedShare: 0.3,
      asOf: new Date(NOW).toISOString(),
    });
  });

  it('no sale the day before: no change, not an infinite one', () => {
    const figures = computeFigures({ market: 'paws', now: NOW, sales: [{ price: 5, at: ago(HOUR_MS) }], completeFrom: -Infinity, floor: null, listed: 0 });
    expect(figures).toMatchObject({ volume24h: 5, sales24h: 1, volumeChange24h: null, salesChange24h: null, floor: null, listedShare: 0 });
  });

  it('HBAR figures: a sales feed short of 7 days falls back to the daily stats for that window, the floor change to the day before', () => {
    const sales = Array.from({ length: 100 }, (_, index) => ({ price: 10, at: ago((index + 1) * HOUR_MS) }));
    const completeFrom = NOW - 100 * HOUR_MS;
    const daily = [
      { datetime: '2030-06-09T00:00:00.000Z', volume: 5000, sales: 100, floor: 90 },
      { datetime: '2030-06-14T00:00:00.000Z', volume: 240, sales: 24, floor: 80 },
      { datetime: '2030-06-15T00:00:00.000Z', volume: 110, sales: 11, floor: 100 },
    ];
    const figures = computeFigures({
      market: 'hbar',
      now: NOW,
      sales,
      completeFrom,
      daily,
      floor: 100,
      floorDayBefore: floorOfDayBefore(daily, NOW),
      listed: 333,
    });
    expect(figures).toMatchObject({
      currency: 'HBAR',
      volume24h: 240,
      sales24h: 24,
      volumeChange24h: 0,
      salesChange24h: 0,
      volume7d: 5350,
      sales7d: 135,
      floorChange24h: 25,
      listedShare: 10,
    });
  });
});
