/**
 * Rarity in the rarity.tools style with the OpenRarity refinements (reference/README.md):
 * score = sum over every trait type of N / (NFTs sharing this NFT's value), where a missing trait
 * counts as its own "none" value, plus a trait_count meta trait; strings are compared after
 * normalising case, underscores and spaces. Pure: same input, same output.
 */

export interface Trait {
  trait_type: string;
  value: string;
}

export interface RarityInput {
  serial: number;
  /** HIP-412 `attributes`; entries without a trait_type or value are ignored. */
  attributes: readonly unknown[];
}

export interface RarityEntry {
  /** 1 is the rarest; equal scores share a rank (1, 2, 2, 2, 5). */
  rarityRank: number;
  /** rank / N, a fraction (0.01 = top 1%). */
  rarityPct: number;
  rarityScore: number;
  traits: Trait[];
}

/** A serial's rank and percentile: what a card shows of its rarity. */
export type RarityRank = Pick<RarityEntry, 'rarityRank' | 'rarityPct'>;

export interface RarityStats {
  totalNFTs: number;
  /** Share of the expected collection that had usable metadata, in percent. */
  coveragePercentage: number;
}

export interface RarityDataset {
  rarityData: Record<string, RarityEntry>;
  stats: RarityStats;
}

const NONE = '\u0000none';
const TRAIT_COUNT = '\u0000trait_count';

/** Normalises a trait type or value for counting: case, underscores and runs of spaces don't matter. */
export function normaliseTraitText(text: string): string {
  return text
    .trim()
    .replace(/[\s_]+/g, ' ')
    .toLowerCase();
}

/** Scores and ranks every input; `expectedTotal` (e.g. 3333) is the denominator of the coverage. */
export function computeRarity(items: readonly RarityInput[], options: { expectedTotal?: number } = {}): RarityDataset {
  const parsed = items.map((item) => ({ serial: item.serial, traits: readTraits(item.attributes) }));
  const total = parsed.length;
  const traitTypes = [...new Set(parsed.flatMap((p) => [...p.traits.keys()]))].sort();

  const counts = new Map<string, Map<string, number>>();
  const bump = (type: string, value: string) => {
    const byValue = counts.get(type) ?? new Map<string, number>();
    byValue.set(value, (byValue.get(value) ?? 0) + 1);
    counts.set(type, byValue);
  };
  for (const p of parsed) {
    for (const type of traitTypes) bump(type, p.traits.get(type)?.key ?? NONE);
    bump(TRAIT_COUNT, String(p.traits.size));
  }
  const countOf = (type: string, value: string) => counts.get(type)?.get(value) ?? 1;

  const scored = parsed.map((p) => {
    let score = total / countOf(TRAIT_COUNT, String(p.traits.size));
    for (const type of traitTypes) score += total / countOf(type, p.traits.get(type)?.key ?? NONE);
    return { ...p, score: Math.round(score * 1e6) / 1e6 };
  });

  const ordered = [...scored].sort((a, b) => b.score - a.score || a.serial - b.serial);
  const rarityData: Record<string, RarityEntry> = {};
  ordered.forEach((entry, index) => {
    const previous = index > 0 ? ordered[index - 1] : undefined;
    const rank = previous && previous.score === entry.score ? (rarityData[previous.serial]?.rarityRank ?? index + 1) : index + 1;
    rarityData[entry.serial] = {
      rarityRank: rank,
      rarityPct: rank / total,
      rarityScore: entry.score,
      traits: [...entry.traits.values()].map((t) => t.original),
    };
  });

  const expected = options.expectedTotal ?? total;
  const coveragePercentage = expected > 0 ? Math.round((10000 * total) / expected) / 100 : 0;
  return { rarityData, stats: { totalNFTs: total, coveragePercentage } };
}

/** The NFT's present traits keyed by normalised type; "none" values count as missing. */
function readTraits(attributes: readonly unknown[]): Map<string, { key: string; original: Trait }> {
  const traits = new Map<string, { key: string; original: Trait }>();
  for (const attribute of attributes) {
    if (typeof attribute !== 'object' || attribute === null) continue;
    const { trait_type: rawType, value: rawValue } = attribute as { trait_type?: unknown; value?: unknown };
    if (typeof rawType !== 'string' || !isScalar(rawValue)) continue;
    const type = normaliseTraitText(rawType);
    const value = normaliseTraitText(String(rawValue));
    if (!type || !value || value === 'none' || traits.has(type)) continue;
    traits.set(type, { key: value, original: { trait_type: rawType.trim(), value: String(rawValue).trim() } });
  }
  return traits;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
