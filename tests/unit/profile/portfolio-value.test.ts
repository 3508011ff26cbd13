import { describe, expect, it } from 'vitest';
import { pawsValueUsd, portfolioTotalUsd } from '../../../src/features/profile/portfolio-value';
import { portfolioAnalytics } from '../../../src/features/profile/achievements';

describe('portfolio estimate', () => {
  it('values the PAWS balance at the price, to the cent', () => {
    expect(pawsValueUsd('12500.5', 0.0021)).toBe(26.25);
    expect(pawsValueUsd('0', null)).toBe(0);
    expect(pawsValueUsd('100', null)).toBeNull();
    expect(pawsValueUsd('100', 0)).toBeNull();
    expect(pawsValueUsd('', 0.01)).toBeNull();
    expect(pawsValueUsd('abc', 0.01)).toBeNull();
    expect(pawsValueUsd(undefined, 0.01)).toBeNull();
  });

  it('adds tigers at the floor and PAWS only when both are known', () => {
    const tigers = portfolioAnalytics(
      [
        { rarityRank: 5, rarityScore: 90 },
        { rarityRank: 2000, rarityScore: 10 },
      ],
      { floorHbar: 350, hbarUsd: 0.2 },
    );
    expect(tigers.estimatedValueHbar).toBe(700);
    expect(tigers.estimatedValueUsd).toBe(140);
    expect(portfolioTotalUsd(tigers.estimatedValueUsd, pawsValueUsd('1000', 0.005))).toBe(145);
    expect(portfolioTotalUsd(null, 5)).toBeNull();
    expect(portfolioTotalUsd(140, null)).toBeNull();
  });
});
