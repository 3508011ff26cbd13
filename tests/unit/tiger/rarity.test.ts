import { describe, expect, it } from 'vitest';
import { computeRarity, normaliseTraitText, type RarityInput } from '@/features/tiger/rarity';

const attrs = (traits: Record<string, string>) => Object.entries(traits).map(([trait_type, value]) => ({ trait_type, value }));

describe('computeRarity', () => {
  // N = 4. Hat: Red x3 (one spelt "red "), none x1. Eyes: Blue x3, Green x1. trait_count: 2 x3, 1 x1.
  const example: RarityInput[] = [
    { serial: 1, attributes: attrs({ Hat: 'Red', Eyes: 'Blue' }) },
    { serial: 2, attributes: attrs({ Hat: 'Red', Eyes: 'Green' }) },
    { serial: 3, attributes: attrs({ hat: 'red ', Eyes: 'blue' }) },
    { serial: 4, attributes: attrs({ Eyes: 'Blue' }) },
  ];

  it('scores a hand-computed example (missing trait = "none", trait_count meta trait, normalised strings)', () => {
    const { rarityData } = computeRarity(example);
    expect(rarityData[1]?.rarityScore).toBe(4); // 4/3 + 4/3 + 4/3
    expect(rarityData[2]?.rarityScore).toBe(6.666667); // 4/3 + 4/1 + 4/3
    expect(rarityData[3]?.rarityScore).toBe(4);
    expect(rarityData[4]?.rarityScore).toBe(9.333333); // 4/1 (none) + 4/3 + 4/1
    expect([1, 2, 3, 4].map((s) => rarityData[s]?.rarityRank)).toEqual([3, 2, 3, 1]);
    expect([1, 2, 3, 4].map((s) => rarityData[s]?.rarityPct)).toEqual([0.75, 0.5, 0.75, 0.25]);
  });

  it('keeps each NFT’s own traits as written, without the none values', () => {
    const { rarityData } = computeRarity(example);
    expect(rarityData[3]?.traits).toEqual([
      { trait_type: 'hat', value: 'red' },
      { trait_type: 'Eyes', value: 'blue' },
    ]);
    expect(rarityData[4]?.traits).toEqual([{ trait_type: 'Eyes', value: 'Blue' }]);
  });

  it('gives equal scores a shared rank and skips the ranks they take (1, 2, 2, 2, 5)', () => {
    const { rarityData } = computeRarity([
      { serial: 10, attributes: attrs({ X: 'k', Y: 'z' }) },
      { serial: 11, attributes: attrs({ X: 'b', Y: 'w' }) },
      { serial: 12, attributes: attrs({ X: 'c', Y: 'w' }) },
      { serial: 13, attributes: attrs({ X: 'd', Y: 'w' }) },
      { serial: 14, attributes: attrs({ X: 'k', Y: 'w' }) },
    ]);
    expect([10, 11, 12, 13, 14].map((s) => rarityData[s]?.rarityRank)).toEqual([1, 2, 2, 2, 5]);
    expect(rarityData[10]?.rarityScore).toBe(8.5);
    expect(rarityData[14]?.rarityScore).toBe(4.75);
  });

  it('treats underscores, spacing, case and an explicit "None" as the same trait or as missing', () => {
    const { rarityData } = computeRarity([
      {
        serial: 1,
        attributes: [
          { trait_type: 'Eye_Color', value: 'Dark  Blue' },
          { trait_type: 'Hat', value: 'None' },
        ],
      },
      { serial: 2, attributes: [{ trait_type: 'eye color', value: 'dark blue' }] },
    ]);
    expect(rarityData[1]?.rarityScore).toBe(rarityData[2]?.rarityScore);
    expect(rarityData[1]?.rarityRank).toBe(1);
    expect(rarityData[2]?.rarityRank).toBe(1);
    expect(normaliseTraitText('  Eye_Color ')).toBe('eye color');
  });

  it('ignores malformed attributes and reports coverage against the expected collection size', () => {
    const { rarityData, stats } = computeRarity(
      [
        { serial: 1, attributes: [null, 'x', { trait_type: 'A', value: { nested: true } }, { trait_type: 'A', value: 7 }] },
        { serial: 2, attributes: [{ value: 'no type' }, { trait_type: 'A', value: 8 }] },
      ],
      { expectedTotal: 8 },
    );
    expect(rarityData[1]?.traits).toEqual([{ trait_type: 'A', value: '7' }]);
    expect(stats).toEqual({ totalNFTs: 2, coveragePercentage: 25 });
  });
});
