import { describe, expect, it } from 'vitest';
import { chartGeometry, describeMarket, niceCeiling } from '@/features/collection/market-chart';

const BOX = { width: 300, height: 120, padding: { top: 10, right: 10, bottom: 20, left: 40 } };
const day = (n: number, floor: number | null, sales = 0, volume = 0) => ({
  datetime: `2026-03-${String(n).padStart(2, '0')}T00:00:00.000Z`,
  floor,
  sales,
  volume,
});

describe('market chart', () => {
  it('rounds axis tops up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([niceCeiling(0), niceCeiling(0.7), niceCeiling(9), niceCeiling(11), niceCeiling(230), niceCeiling(480), niceCeiling(1000)]).toEqual([
      1, 1, 10, 20, 250, 500, 1000,
    ]);
  });

  it('draws the floor as a line broken on days without a listing, within the plot', () => {
    const geometry = chartGeometry([day(1, 50), day(2, 60), day(3, null), day(4, 40)], BOX);
    expect(geometry.floorPath.match(/M/g)).toHaveLength(2);
    expect(geometry.floorPath.match(/L/g)).toHaveLength(1);
    for (const dot of geometry.floorDots) {
      expect(dot.x).toBeGreaterThanOrEqual(40);
      expect(dot.x).toBeLessThanOrEqual(290);
      expect(dot.y).toBeGreaterThanOrEqual(10);
      expect(dot.y).toBeLessThanOrEqual(100);
    }
    expect(geometry.floorDots[0]?.label).toBe('Mar 1: floor 50 HBAR');
    expect(geometry.ticks.map((tick) => tick.label)).toEqual(['0', '50', '100']);
  });

  it('scales sales bars to the busiest day and labels them', () => {
    const geometry = chartGeometry([day(1, 10, 0), day(2, 10, 2, 150), day(3, 10, 4, 300)], BOX);
    expect(geometry.maxSales).toBe(4);
    expect(geometry.bars.map((bar) => bar.height)).toEqual([0, 27, 54]);
    expect(geometry.bars[1]?.label).toBe('Mar 2: 2 sales, 150 HBAR');
    expect(geometry.dayLabels.map((label) => label.label)).toEqual(['Mar 1', 'Mar 2', 'Mar 3']);
  });

  it('describes the period in words for assistive technology', () => {
    expect(describeMarket([day(1, 50, 1, 70), day(2, null), day(3, 45, 2, 130)])).toBe(
      'Daily floor price and sales of the last 3 days, Mar 1 to Mar 3. The floor ranged from 45 HBAR to 50 HBAR; latest 45 HBAR. 3 sales totalling 200 HBAR.',
    );
    expect(describeMarket([day(1, null)])).toBe('Daily floor price and sales of the last day, Mar 1 to Mar 1. Nothing was listed. No sales.');
    expect(describeMarket([])).toBe('No market data for this period.');
  });
});
