import { describe, expect, it } from 'vitest';
import { type AchievementInput, MAX_PUBLIC_BADGES, achievements, bestRank, portfolioAnalytics, publicBadges } from '@/features/profile/achievements';

const tigers = (...ranks: (number | null)[]) => ranks.map((rarityRank) => ({ rarityRank }));
const savedProfile = { joinedAt: '2025-01-01T00:00:00.000Z', twitterHandle: null, isPublic: true };

function earned(input: Partial<AchievementInput>): string[] {
  return achievements({ nfts: [], profile: { joinedAt: null, twitterHandle: null, isPublic: true }, pawsBalance: '0', ...input })
    .filter((achievement) => achievement.earned)
    .map((achievement) => achievement.id);
}

describe('achievements', () => {
  it('lists every achievement of 001 §9 in a fixed order, all locked for a newcomer', () => {
    const all = achievements({ nfts: [], profile: { joinedAt: null, twitterHandle: null, isPublic: true }, pawsBalance: '0' });
    expect(all.map((a) => [a.id, a.title, a.category])).toEqual([
      ['first-tiger', 'First Tiger', 'collection'],
      ['pride-starter', 'Pride Starter', 'collection'],
      ['pride-leader', 'Pride Leader', 'collection'],
      ['tiger-king', 'Tiger King', 'collection'],
      ['rare-hunter', 'Rare Hunter', 'rarity'],
      ['epic-collector', 'Epic Collector', 'rarity'],
      ['legendary-keeper', 'Legendary Keeper', 'rarity'],
      ['mythic-master', 'Mythic Master', 'rarity'],
      ['profile-created', 'Profile Created', 'community'],
      ['twitter-linked', 'Twitter Linked', 'community'],
      ['paws-holder', 'PAWS Holder', 'community'],
      ['public-profile', 'Public Profile', 'community'],
    ]);
    expect(all.every((a) => !a.earned)).toBe(true);
  });

  it.each([
    [0, []],
    [1, ['first-tiger']],
    [4, ['first-tiger']],
    [5, ['first-tiger', 'pride-starter']],
    [9, ['first-tiger', 'pride-starter']],
    [10, ['first-tiger', 'pride-starter', 'pride-leader']],
    [24, ['first-tiger', 'pride-starter', 'pride-leader']],
    [25, ['first-tiger', 'pride-starter', 'pride-leader', 'tiger-king']],
    [26, ['first-tiger', 'pride-starter', 'pride-leader', 'tiger-king']],
  ])('count milestones at %i tigers', (count, expected) => {
    expect(earned({ nfts: tigers(...Array.from({ length: count }, () => null)) })).toEqual(expected);
  });

  it('reports progress towards each count milestone, capped at the target', () => {
    const all = achievements({ nfts: tigers(null, null, null, null, null, null, null), profile: savedProfile, pawsBalance: 0 });
    expect(all.filter((a) => a.progress).map((a) => a.progress)).toEqual([
      { current: 1, target: 1 },
      { current: 5, target: 5 },
      { current: 7, target: 10 },
      { current: 7, target: 25 },
    ]);
  });

  it.each([
    [[2001], []],
    [[1001, 1500], []],
    [[1000], ['rare-hunter']],
    [[501], ['rare-hunter']],
    [[500], ['rare-hunter', 'epic-collector']],
    [
      [101, 3000],
      ['rare-hunter', 'epic-collector'],
    ],
    [[100], ['rare-hunter', 'epic-collector', 'legendary-keeper']],
    [[11], ['rare-hunter', 'epic-collector', 'legendary-keeper']],
    [
      [3000, 10],
      ['rare-hunter', 'epic-collector', 'legendary-keeper', 'mythic-master'],
    ],
    [[1], ['rare-hunter', 'epic-collector', 'legendary-keeper', 'mythic-master']],
    [[null], []],
  ])('rarity milestones for ranks %j (rank or better)', (ranks, expected) => {
    const ids = earned({ nfts: tigers(...ranks) }).filter((id) => !['first-tiger', 'pride-starter'].includes(id));
    expect(ids).toEqual(expected);
  });

  it('describes the rarity milestones by tier and rank', () => {
    const rarity = achievements({ nfts: [], profile: savedProfile, pawsBalance: 0 }).filter((a) => a.category === 'rarity');
    expect(rarity.map((a) => a.description)).toEqual([
      'Hold a Rare tiger or rarer (rank #1,000 or better)',
      'Hold an Epic tiger or rarer (rank #500 or better)',
      'Hold a Legendary tiger or rarer (rank #100 or better)',
      'Hold a tiger ranked #10 or better',
    ]);
  });

  it('ignores invalid ranks', () => {
    expect(bestRank(tigers(0, -5, Number.NaN, null))).toBeNull();
    expect(bestRank(tigers(0, 700, 42, null))).toBe(42);
  });

  it('earns the community achievements from the saved profile and the PAWS balance', () => {
    expect(earned({ profile: { joinedAt: null, twitterHandle: null, isPublic: true } })).toEqual([]);
    expect(earned({ profile: savedProfile })).toEqual(['profile-created', 'public-profile']);
    expect(earned({ profile: { ...savedProfile, isPublic: false } })).toEqual(['profile-created']);
    expect(earned({ profile: { ...savedProfile, twitterHandle: 'roar' } })).toContain('twitter-linked');
    expect(earned({ pawsBalance: '0.00000001' })).toEqual(['paws-holder']);
    expect(earned({ pawsBalance: 1 })).toEqual(['paws-holder']);
    for (const pawsBalance of ['0', '', 'abc', -3, '0.0']) expect(earned({ pawsBalance })).toEqual([]);
  });
});

describe('public badges', () => {
  const base = { bestRarityRank: null, bio: null, totalNfts: 0, twitterHandle: null };

  it('shows the best tier badge first, by rank cut-offs 100 / 500 / 1000', () => {
    expect(publicBadges({ ...base, bestRarityRank: 1 })).toEqual([{ id: 'tier-legendary', label: 'Legendary Holder' }]);
    expect(publicBadges({ ...base, bestRarityRank: 100 })[0]?.label).toBe('Legendary Holder');
    expect(publicBadges({ ...base, bestRarityRank: 101 })[0]?.label).toBe('Epic Holder');
    expect(publicBadges({ ...base, bestRarityRank: 500 })[0]?.label).toBe('Epic Holder');
    expect(publicBadges({ ...base, bestRarityRank: 501 })[0]?.label).toBe('Rare Holder');
    expect(publicBadges({ ...base, bestRarityRank: 1000 })[0]?.label).toBe('Rare Holder');
    expect(publicBadges({ ...base, bestRarityRank: 1001 })).toEqual([]);
    expect(publicBadges({ ...base, bestRarityRank: 0 })).toEqual([]);
  });

  it('gives Bio Complete only for a bio longer than 20 characters (ignoring surrounding spaces)', () => {
    expect(publicBadges({ ...base, bio: 'x'.repeat(20) })).toEqual([]);
    expect(publicBadges({ ...base, bio: `  ${'x'.repeat(20)}  ` })).toEqual([]);
    expect(publicBadges({ ...base, bio: 'x'.repeat(21) })).toEqual([{ id: 'bio-complete', label: 'Bio Complete' }]);
  });

  it('then the highest count milestone, then Twitter Linked, and never more than 3', () => {
    expect(publicBadges({ ...base, totalNfts: 1 }).map((b) => b.label)).toEqual(['First Tiger']);
    expect(publicBadges({ ...base, totalNfts: 12, twitterHandle: 'roar' }).map((b) => b.label)).toEqual(['Pride Leader', 'Twitter Linked']);
    const full = publicBadges({ bestRarityRank: 42, bio: 'A long enough bio about tigers', totalNfts: 26, twitterHandle: 'roar' });
    expect(full.map((b) => b.label)).toEqual(['Legendary Holder', 'Bio Complete', 'Tiger King']);
    expect(full).toHaveLength(MAX_PUBLIC_BADGES);
    expect(publicBadges({ bestRarityRank: 300, bio: null, totalNfts: 5, twitterHandle: 'roar' }).map((b) => b.label)).toEqual([
      'Epic Holder',
      'Pride Starter',
      'Twitter Linked',
    ]);
  });
});

describe('portfolio analytics', () => {
  const nfts = [
    { rarityRank: 4, rarityScore: 90.5 },
    { rarityRank: 100, rarityScore: 70 },
    { rarityRank: 101, rarityScore: 50 },
    { rarityRank: 1000, rarityScore: 30.25 },
    { rarityRank: 1500, rarityScore: 20 },
    { rarityRank: 2001, rarityScore: 10.123 },
    { rarityRank: null, rarityScore: null },
  ];

  it('counts per tier with the §4 cut-offs and averages the rarity scores that exist', () => {
    const analytics = portfolioAnalytics(nfts, { floorHbar: null, hbarUsd: null });
    expect(analytics.total).toBe(7);
    expect(analytics.byTier).toEqual({ Legendary: 2, Epic: 1, Rare: 1, Uncommon: 1, Common: 1, Unknown: 1 });
    expect(analytics.averageRarityScore).toBe(45.15);
    expect(analytics.estimatedValueHbar).toBeNull();
    expect(analytics.estimatedValueUsd).toBeNull();
  });

  it('estimates value as count × floor in HBAR, and in USD to 2 decimals when a price is known', () => {
    expect(portfolioAnalytics(nfts, { floorHbar: 250, hbarUsd: 0.123456 })).toMatchObject({ estimatedValueHbar: 1750, estimatedValueUsd: 216.05 });
    expect(portfolioAnalytics(nfts, { floorHbar: 250, hbarUsd: null })).toMatchObject({ estimatedValueHbar: 1750, estimatedValueUsd: null });
    expect(portfolioAnalytics(nfts, { floorHbar: 0, hbarUsd: 0.1 })).toMatchObject({ estimatedValueHbar: null, estimatedValueUsd: null });
    expect(portfolioAnalytics(nfts, { floorHbar: Number.NaN, hbarUsd: 0.1 }).estimatedValueHbar).toBeNull();
  });

  it('handles an empty portfolio', () => {
    expect(portfolioAnalytics([], { floorHbar: 100, hbarUsd: 0.2 })).toEqual({
      total: 0,
      byTier: { Legendary: 0, Epic: 0, Rare: 0, Uncommon: 0, Common: 0, Unknown: 0 },
      averageRarityScore: null,
      estimatedValueHbar: 0,
      estimatedValueUsd: 0,
    });
  });
});
