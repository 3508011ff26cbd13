/**
 * Pure rules of spec 001 §9: a holder's achievements, the (at most 3) badges of a public profile
 * card, and the portfolio analytics of the own profile. Tier cut-offs are those of §4.
 */
import type { RarityTier } from '@/features/tiger/tiers';
import { tierByRank } from '@/features/tiger/tiers';
import { formatCount } from '@/lib/format';

export type AchievementCategory = 'collection' | 'rarity' | 'community';

export interface Achievement {
  id: string;
  title: string;
  description: string;
  category: AchievementCategory;
  earned: boolean;
  /** Count achievements show how far the holder is. */
  progress?: { current: number; target: number };
}

export interface AchievementInput {
  nfts: readonly { rarityRank: number | null }[];
  profile: { joinedAt: string | null; twitterHandle: string | null; isPublic: boolean };
  /** The PAWS balance in display units. */
  pawsBalance: string | number;
}

/** NFT-count milestones (1, 5, 10, 25), lowest first. */
export const COUNT_MILESTONES = [
  { id: 'first-tiger', title: 'First Tiger', target: 1 },
  { id: 'pride-starter', title: 'Pride Starter', target: 5 },
  { id: 'pride-leader', title: 'Pride Leader', target: 10 },
  { id: 'tiger-king', title: 'Tiger King', target: 25 },
] as const;

/** Rarity milestones: holding a tiger of this rank or better. */
export const RARITY_MILESTONES = [
  { id: 'rare-hunter', title: 'Rare Hunter', maxRank: 1000, tier: 'Rare' },
  { id: 'epic-collector', title: 'Epic Collector', maxRank: 500, tier: 'Epic' },
  { id: 'legendary-keeper', title: 'Legendary Keeper', maxRank: 100, tier: 'Legendary' },
  { id: 'mythic-master', title: 'Mythic Master', maxRank: 10, tier: 'Mythic' },
] as const;

/** The best (lowest) valid rarity rank, or null. */
export function bestRank(nfts: readonly { rarityRank: number | null }[]): number | null {
  const ranks = nfts.map((nft) => nft.rarityRank).filter((rank): rank is number => rank !== null && Number.isFinite(rank) && rank >= 1);
  return ranks.length ? Math.min(...ranks) : null;
}

/** Every achievement of 001 §9 with its earned state, in display order. */
export function achievements({ nfts, profile, pawsBalance }: AchievementInput): Achievement[] {
  const count = nfts.length;
  const best = bestRank(nfts);
  const saved = profile.joinedAt !== null;
  const paws = Number(pawsBalance);
  return [
    ...COUNT_MILESTONES.map(({ id, title, target }) => ({
      id,
      title,
      description: target === 1 ? 'Hold your first Wild Tiger' : `Hold ${target} Wild Tigers`,
      category: 'collection' as const,
      earned: count >= target,
      progress: { current: Math.min(count, target), target },
    })),
    ...RARITY_MILESTONES.map(({ id, title, maxRank, tier }) => ({
      id,
      title,
      description:
        id === 'mythic-master'
          ? `Hold a tiger ranked #${maxRank} or better`
          : `Hold ${/^[AEIOU]/.test(tier) ? 'an' : 'a'} ${tier} tiger or rarer (rank #${formatCount(maxRank)} or better)`,
      category: 'rarity' as const,
      earned: best !== null && best <= maxRank,
    })),
    { id: 'profile-created', title: 'Profile Created', description: 'Save your profile for the first time', category: 'community', earned: saved },
    { id: 'twitter-linked', title: 'Twitter Linked', description: 'Add your Twitter handle', category: 'community', earned: !!profile.twitterHandle },
    { id: 'paws-holder', title: 'PAWS Holder', description: 'Hold any amount of $PAWS', category: 'community', earned: Number.isFinite(paws) && paws > 0 },
    {
      id: 'public-profile',
      title: 'Public Profile',
      description: 'Share your profile with the community',
      category: 'community',
      earned: saved && profile.isPublic,
    },
  ];
}

export interface PublicBadge {
  id: string;
  label: string;
}

export interface BadgeInput {
  bestRarityRank: number | null;
  bio: string | null;
  totalNfts: number;
  twitterHandle: string | null;
}

export const MAX_PUBLIC_BADGES = 3;
/** Tier badges, best first. */
const TIER_BADGES = [
  { maxRank: 100, tier: 'Legendary' },
  { maxRank: 500, tier: 'Epic' },
  { maxRank: 1000, tier: 'Rare' },
] as const;
/** 'Bio Complete' needs a bio longer than this many characters. */
export const BIO_COMPLETE_MIN_LENGTH = 20;

/**
 * The badges of a public profile card, at most 3: the holder's best tier badge (rank ≤ 100,
 * ≤ 500, ≤ 1000), then 'Bio Complete' (bio over 20 characters), then by fixed priority the
 * highest NFT-count milestone and 'Twitter Linked'.
 */
export function publicBadges({ bestRarityRank, bio, totalNfts, twitterHandle }: BadgeInput): PublicBadge[] {
  const badges: PublicBadge[] = [];
  const tier = TIER_BADGES.find(({ maxRank }) => bestRarityRank !== null && bestRarityRank >= 1 && bestRarityRank <= maxRank);
  if (tier) badges.push({ id: `tier-${tier.tier.toLowerCase()}`, label: `${tier.tier} Holder` });
  if ((bio ?? '').trim().length > BIO_COMPLETE_MIN_LENGTH) badges.push({ id: 'bio-complete', label: 'Bio Complete' });
  const milestone = [...COUNT_MILESTONES].reverse().find(({ target }) => totalNfts >= target);
  if (milestone) badges.push({ id: milestone.id, label: milestone.title });
  if (twitterHandle) badges.push({ id: 'twitter-linked', label: 'Twitter Linked' });
  return badges.slice(0, MAX_PUBLIC_BADGES);
}

export const ANALYTICS_TIERS = ['Legendary', 'Epic', 'Rare', 'Uncommon', 'Common', 'Unknown'] as const satisfies readonly RarityTier[];
export type AnalyticsTier = (typeof ANALYTICS_TIERS)[number];

export interface PortfolioAnalytics {
  total: number;
  byTier: Record<AnalyticsTier, number>;
  /** Mean rarity score of the tigers that have one (2 decimals), or null. */
  averageRarityScore: number | null;
  /** Tiger count × floor, in HBAR; null without a floor. */
  estimatedValueHbar: number | null;
  /** The HBAR value in USD rounded to 2 decimals; null without a floor or an HBAR price. */
  estimatedValueUsd: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const positive = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** Counts per tier, average rarity score and estimated value (count × floor HBAR, and its USD estimate). */
export function portfolioAnalytics(
  nfts: readonly { rarityRank: number | null; rarityScore: number | null }[],
  prices: { floorHbar: number | null | undefined; hbarUsd: number | null | undefined },
): PortfolioAnalytics {
  const byTier = Object.fromEntries(ANALYTICS_TIERS.map((tier) => [tier, 0])) as Record<AnalyticsTier, number>;
  for (const nft of nfts) {
    const tier = tierByRank(nft.rarityRank);
    byTier[tier === 'Mythic' ? 'Legendary' : tier] += 1;
  }
  const scores = nfts.map((nft) => nft.rarityScore).filter((score): score is number => typeof score === 'number' && Number.isFinite(score));
  const estimatedValueHbar = positive(prices.floorHbar) ? nfts.length * prices.floorHbar : null;
  return {
    total: nfts.length,
    byTier,
    averageRarityScore: scores.length ? round2(scores.reduce((sum, score) => sum + score, 0) / scores.length) : null,
    estimatedValueHbar,
    estimatedValueUsd: estimatedValueHbar !== null && positive(prices.hbarUsd) ? round2(estimatedValueHbar * prices.hbarUsd) : null,
  };
}
