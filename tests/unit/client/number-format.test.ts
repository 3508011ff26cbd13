import { describe, expect, it } from 'vitest';
import { formatCount, formatLocalDateTime, formatNumber, formatUsd, formatUtcDay } from '../../../src/lib/format';

/** Numbers a page shows: prices, counts, ranks, percentages, with the awkward cases of rounding. */
const SAMPLES = [
  0,
  -0,
  1,
  7,
  12,
  999,
  1000,
  1234,
  3333,
  99_999,
  100_000,
  1_234_567,
  987_654_321.987,
  2 ** 53,
  0.1,
  0.125,
  0.5,
  0.994,
  0.995,
  0.996,
  1.005,
  1.015,
  2.675,
  12.5,
  99.99,
  99.995,
  99.999,
  1234.5678,
  45.6,
  0.001,
  0.0049,
  1e-7,
  -1,
  -1.5,
  -0.004,
  -1234.567,
  1e20,
  1e21,
  1.23e25,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

describe('number formats without Intl (src/lib/format.ts)', () => {
  it("shows what toLocaleString('en-US') shows, for every digit setting the pages use", () => {
    const random = Array.from({ length: 2000 }, (_, index) => (Math.sin(index * 12.9898) * 43758.5453) % 10 ** (index % 9));
    for (const value of [...SAMPLES, ...random]) {
      for (const [max, min] of [
        [0, 0],
        [1, 0],
        [2, 0],
        [2, 2],
        [3, 0],
      ] as const) {
        expect(formatNumber(value, max, min), `${value} (${max}, ${min})`).toBe(
          value.toLocaleString('en-US', { maximumFractionDigits: max, minimumFractionDigits: min }),
        );
      }
      expect(formatCount(Math.round(value))).toBe(Math.round(value).toLocaleString('en-US'));
      if (Number.isFinite(value) && Math.abs(value) < 1e21) {
        expect(formatUsd(value), `${value} USD`).toBe(
          value.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
        );
      }
    }
  });

  it('formats days in UTC and moments in the local time zone as en-US does', () => {
    for (const iso of ['2026-11-24T10:17:02Z', '2026-01-01T00:00:00Z', '2025-12-31T23:59:59Z', '2026-07-04T12:00:00Z', '2026-03-09T00:30:00Z']) {
      const time = new Date(iso);
      expect(formatUtcDay(time)).toBe(time.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }));
      expect(formatUtcDay(time, 'long')).toBe(time.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
      expect(formatLocalDateTime(time)).toBe(time.toLocaleString('en-US').replace(/\u202f/g, ' '));
    }
    expect(formatUtcDay(new Date('not a date'))).toBe('');
    expect(formatLocalDateTime(new Date('not a date'))).toBe('');
  });
});
