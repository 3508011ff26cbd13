/** The value-over-time chart's paths: USD series scaled into the box, a series with no known point drawn as nothing. */
import { describe, expect, it } from 'vitest';
import { valueChartLines } from '@/features/portfolio/value-chart-rules';

describe('valueChartLines', () => {
  it('scales invested and realized USD over time into the box, and draws the estimate now', () => {
    const points = [
      { at: '2026-01-01T00:00:00.000Z', held: 1, investedUsd: 10, realizedUsd: 0 },
      { at: '2026-01-03T00:00:00.000Z', held: 0, investedUsd: 0, realizedUsd: 5 },
      { at: '2026-01-05T00:00:00.000Z', held: 0, investedUsd: 0, realizedUsd: 5, valueUsd: 20 },
    ];
    const chart = valueChartLines(points, 100, 50);
    expect(chart).toMatchObject({ minUsd: 0, maxUsd: 20 });
    expect(chart.lines).toEqual([
      { name: 'invested', path: 'M0.0,25.0 L50.0,50.0 L100.0,50.0' },
      { name: 'realized', path: 'M0.0,50.0 L50.0,37.5 L100.0,37.5' },
      { name: 'value', path: 'M50.0,50.0 L100,0.0' },
    ]);
  });

  it('draws nothing for a series whose USD is unknown', () => {
    const chart = valueChartLines([{ at: '2026-01-01T00:00:00.000Z', held: 1, investedUsd: null, realizedUsd: null, valueUsd: null }], 100, 50);
    expect(chart.lines.map((line) => line.path)).toEqual(['', '', '']);
  });
});
