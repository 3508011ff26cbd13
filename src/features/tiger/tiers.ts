/** The rarity tiers, rarest first (spec 001 §4), and Unknown for a tiger without a rank. */
export const RARITY_TIERS = ['Mythic', 'Legendary', 'Epic', 'Rare', 'Uncommon', 'Common', 'Unknown'] as const;
export type RarityTier = (typeof RARITY_TIERS)[number];
import { TOTAL_SUPPLY } from './supply';

/** Spec 001 §4: tier by rarity rank (cut-offs 100 / 500 / 1000 / 2000). */
export function tierByRank(rank: number | null | undefined): RarityTier {
  if (rank === null || rank === undefined || !Number.isFinite(rank) || rank < 1) return 'Unknown';
  if (rank <= 100) return 'Legendary';
  if (rank <= 500) return 'Epic';
  if (rank <= 1000) return 'Rare';
  if (rank <= 2000) return 'Uncommon';
  return 'Common';
}

/**
 * Spec 000 §4: tier by percentile (rarityPct × 100, or serial / 3333 × 100 without it):
 * ≤1 Mythic, ≤5 Legendary, ≤15 Epic, ≤35 Rare, ≤65 Uncommon, else Common; Unknown without a rank.
 */
export function tierByPercentile(input: { rarityRank?: number | null; rarityPct?: number | null; serial: number }): RarityTier {
  if (input.rarityRank === null || input.rarityRank === undefined) return 'Unknown';
  const percentile = input.rarityPct !== null && input.rarityPct !== undefined ? input.rarityPct * 100 : (input.serial / TOTAL_SUPPLY) * 100;
  if (percentile <= 1) return 'Mythic';
  if (percentile <= 5) return 'Legendary';
  if (percentile <= 15) return 'Epic';
  if (percentile <= 35) return 'Rare';
  if (percentile <= 65) return 'Uncommon';
  return 'Common';
}

/** Trait types are shown with underscores as spaces (spec 001 §3). */
export function traitLabel(traitType: string): string {
  return traitType.replace(/_/g, ' ');
}

/** A rank as every page shows it: 'Rank 3 / 3,333', or 'Unranked'. */
export function rankText(rank: number | null | undefined, totalSupply: number = TOTAL_SUPPLY): string {
  if (rank === null || rank === undefined || !Number.isFinite(rank) || rank < 1) return 'Unranked';
  return `Rank ${rank.toLocaleString('en-US')} / ${totalSupply.toLocaleString('en-US')}`;
}
