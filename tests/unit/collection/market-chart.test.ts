import { describe, expect, it } from 'vitest';
import { chartSeries, chartTimeRange, describeMarket, hoverValues, pointsInRange, rangeDays } from '@/features/collection/market-chart';

const day = (n: number, floor: number | null, sales = 0, volume = 0) => ({
  datetime: new Date(Date.UTC(2026, 2, n)).toISOString(),
  floor,
  sales,
  volume,
});

describe('market chart', () => {
  it('asks the stats API for 7, 30 or 365 days', () => {
    expect([rangeDays('7d'), rangeDays('30d'), rangeDays('all')]).toEqual([7, 30, 365]);
  });

  it('shows the last days of a range, in date order', () => {
    const points = Array.from({ length: 40 }, (_, index) => day(40 - index, index));
    const week = pointsInRange(points, '7d');
    expect(week.map((point) => point.datetime.slice(5, 10))).toEqual(['04-03', '04-04', '04-05', '04-06', '04-07', '04-08', '04-09']);
    expect(pointsInRange(points, '30d')).toHaveLength(30);
  });

  it("starts 'All' at the first day with a listing or a sale", () => {
    const points = [day(1, null), day(2, null), day(3, null, 1, 90), day(4, 80), day(5, null)];
    expect(pointsInRange(points, 'all').map((point) => point.datetime.slice(8, 10))).toEqual(['03', '04', '05']);
    expect(pointsInRange([day(1, null), day(2, null)], 'all')).toHaveLength(2);
  });

  it('gives uPlot columns: Unix seconds, floors with gaps, volume and sales', () => {
    expect(chartSeries([day(1, 50, 2, 120), day(2, null), day(3, Number.NaN, 1, Number.NaN)])).toEqual({
      x: [Date.UTC(2026, 2, 1) / 1000, Date.UTC(2026, 2, 2) / 1000, Date.UTC(2026, 2, 3) / 1000],
      floor: [50, null, null],
      volume: [120, 0, 0],
      sales: [2, 0, 1],
    });
  });

  it('reads out a hovered day', () => {
    expect(hoverValues(day(2, 1234.5, 3, 4000))).toEqual({ day: 'Mar 2', floor: '1,235 HBAR', volume: '4,000 HBAR', sales: '3 sales' });
    expect(hoverValues(day(3, null, 1, 7.25))).toEqual({ day: 'Mar 3', floor: 'none listed', volume: '7.25 HBAR', sales: '1 sale' });
  });

  it('describes the period in words for assistive technology', () => {
    expect(describeMarket([day(1, 50, 1, 70), day(2, null), day(3, 45, 2, 130)])).toBe(
      'Daily floor price and sales of the last 3 days, Mar 1 to Mar 3. The floor ranged from 45 HBAR to 50 HBAR; latest 45 HBAR. 3 sales totalling 200 HBAR.',
    );
    expect(describeMarket([day(1, null)])).toBe('Daily floor price and sales of the last day, Mar 1 to Mar 1. Nothing was listed. No sales.');
    expect(describeMarket([])).toBe('No market data for this period.');
  });
});

describe('the chart’s one time range', () => {
  it('runs from half a day before the first day to half a day after the last, for both panels', () => {
    const day = 24 * 60 * 60;
    expect(chartTimeRange([10 * day, 11 * day, 12 * day])).toEqual([10 * day - day / 2, 12 * day + day / 2]);
    expect(chartTimeRange([])).toEqual([0, day]);
  });
});
