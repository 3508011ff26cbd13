import { describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from '../../../src/features/balances/units';
import { ipfsPath, mediaUrls } from '../../../src/features/tiger/ipfs';
import { isVideoByRules, mediaSources } from '../../../src/features/tiger/media';
import { rankText, tierByPercentile, tierByRank, traitLabel } from '../../../src/features/tiger/tiers';
import { isValidPawsPrice } from '../../../src/features/paws-market/listing';
import { insufficientPawsMessage } from '../../../src/features/paws-market/listing';

describe('tiers', () => {
  it('by rank (spec 001 §4)', () => {
    expect([1, 100, 101, 500, 501, 1000, 1001, 2000, 2001].map(tierByRank)).toEqual([
      'Legendary',
      'Legendary',
      'Epic',
      'Epic',
      'Rare',
      'Rare',
      'Uncommon',
      'Uncommon',
      'Common',
    ]);
    expect(tierByRank(null)).toBe('Unknown');
    expect(tierByRank(undefined)).toBe('Unknown');
  });

  it('by percentile (spec 000 §4), with serial/3333 when rarityPct is absent', () => {
    const tier = (rarityPct: number | null, serial = 1) => tierByPercentile({ rarityRank: 5, rarityPct, serial });
    expect([0.01, 0.05, 0.15, 0.35, 0.65, 0.66].map((pct) => tier(pct))).toEqual(['Mythic', 'Legendary', 'Epic', 'Rare', 'Uncommon', 'Common']);
    expect(tier(null, 3333)).toBe('Common');
    expect(tier(null, 30)).toBe('Mythic');
    expect(tierByPercentile({ rarityRank: null, rarityPct: 0.01, serial: 1 })).toBe('Unknown');
  });

  it('shows underscores in trait types as spaces', () => {
    expect(traitLabel('Eye_Color')).toBe('Eye Color');
  });
});

describe('media sources (spec 001 §7)', () => {
  it('tries the image lookup, then the serial-built address, then every gateway', () => {
    const sources = mediaSources(12, 'ipfs://bafyabc/images/12.svg', '/sandbox/ipfs/bafyabc/images/12.svg');
    expect(sources[0]).toBe('/sandbox/ipfs/bafyabc/images/12.svg');
    expect(sources).toContain('https://ipfs.io/ipfs/bafyabc/images/12.svg');
    expect(new Set(sources).size).toBe(sources.length);
    expect(mediaUrls('ipfs://bafyabc/1.json')).toHaveLength(7);
    expect(ipfsPath('https://gateway.pinata.cloud/ipfs/bafyx/1.png')).toBe('bafyx/1.png');
    expect(mediaUrls('javascript:alert(1)')).toEqual([]);
  });

  it('recognises videos by extension and by serial 3320-3326', () => {
    expect(isVideoByRules(5, 'https://x/y.mp4')).toBe(true);
    expect(isVideoByRules(5, 'https://x/y.MOV?x=1')).toBe(true);
    expect(isVideoByRules(3320, 'https://x/y.png')).toBe(true);
    expect(isVideoByRules(3327, 'https://x/y.png')).toBe(false);
  });
});

describe('PAWS amounts', () => {
  it('validates listing prices like the form (present and > 0)', () => {
    expect(['1', '0.01', '1250.5'].every(isValidPawsPrice)).toBe(true);
    expect(['', '0', '-3', 'abc'].some(isValidPawsPrice)).toBe(false);
  });

  it('formats the insufficient balance message as the cards show PAWS (up to two decimals)', () => {
    // PAWS amounts read as on the cards and the balance chip (formatPaws: separators, up to 2 decimals).
    expect(insufficientPawsMessage(300, 12.345)).toBe('Insufficient PAWS tokens. Required: 300, Available: 12.35');
    expect(insufficientPawsMessage(1250.5, 999.999)).toBe('Insufficient PAWS tokens. Required: 1,250.5, Available: 1,000');
  });

  it('converts between decimal strings and base units exactly', () => {
    expect(parseUnits('125.5', 6)).toBe(125_500_000n);
    expect(parseUnits('1.1234567', 6)).toBeUndefined();
    expect(parseUnits('1e3', 6)).toBeUndefined();
    expect(formatUnits(125_500_000n, 6)).toBe('125.5');
    expect(formatUnits(5n, 8)).toBe('0.00000005');
    expect(formatUnits(10_000n * 100_000_000n, 8)).toBe('10000');
  });
});

describe('rankText', () => {
  it('writes every rank one way: Rank N / supply, with thousands separators, or Unranked', () => {
    expect(rankText(3)).toBe('Rank 3 / 3,333');
    expect(rankText(2454)).toBe('Rank 2,454 / 3,333');
    expect(rankText(12, 5000)).toBe('Rank 12 / 5,000');
    expect(rankText(null)).toBe('Unranked');
    expect(rankText(0)).toBe('Unranked');
  });
});
