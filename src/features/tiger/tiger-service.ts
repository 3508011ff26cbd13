import { DomainError } from '@/lib/domain-error';
import type { CollectionCatalog } from './catalog-port';
import { mediaUrls } from './ipfs';
import type { RarityDataset, RarityRank, RarityStats } from './rarity';

/**
 * How much of the rarity dataset an answer carries: every field (`all`, the spec's answer), each
 * serial's rank and percentile only (`rank`, what the market cards show: an eighth of the bytes to
 * download and parse), or the coverage stats alone (`stats`, the PAWS market's badge).
 */
export const RARITY_FIELDS = ['all', 'rank', 'stats'] as const;
export type RarityFields = (typeof RARITY_FIELDS)[number];
export type RarityAnswer = RarityDataset | { rarityData: Record<string, RarityRank>; stats: RarityStats } | { stats: RarityStats };

/** The rank-only answer of each dataset (one per index build), made once. */
const rankAnswers = new WeakMap<RarityDataset, RarityAnswer>();

function projectRarity(dataset: RarityDataset, fields: RarityFields): RarityAnswer {
  const { rarityData, stats } = dataset;
  if (fields === 'stats') return { stats };
  if (fields === 'all') return { rarityData, stats };
  let answer = rankAnswers.get(dataset);
  if (!answer) {
    const ranks: Record<string, RarityRank> = {};
    for (const [serial, entry] of Object.entries(rarityData)) ranks[serial] = { rarityRank: entry.rarityRank, rarityPct: entry.rarityPct };
    answer = { rarityData: ranks, stats };
    rankAnswers.set(dataset, answer);
  }
  return answer;
}

/** A media URI as a URL the browser can load: IPFS content through `gateway`, http(s) as is; undefined otherwise. */
export function resolveImageUrl(image: string, gateway: string): string | undefined {
  return mediaUrls(image, [gateway])[0];
}

export interface TigerServiceDeps {
  catalog: CollectionCatalog;
  nftTokenId: string;
}

/** The collection's rarity and each tiger's image URL, for the configured collection only. */
export function createTigerService({ catalog, nftTokenId }: TigerServiceDeps) {
  function requireCollection(tokenId: string): void {
    if (tokenId !== nftTokenId) throw new DomainError('UNKNOWN_COLLECTION', `Collection ${tokenId} is not known here`);
  }

  return {
    /** Rarity of every serial, with coverage stats; `fields` narrows the answer. */
    async rarity(tokenId: string, fields: RarityFields = 'all'): Promise<RarityAnswer> {
      requireCollection(tokenId);
      return projectRarity(await catalog.rarity(), fields);
    },

    async image(tokenId: string, serial: number) {
      requireCollection(tokenId);
      const entry = await catalog.entry(serial);
      if (!entry) throw new DomainError('TIGER_NOT_FOUND', `Wild Tiger #${serial} does not exist`);
      const imageUrl = resolveImageUrl(entry.nftImage, catalog.imageGateway);
      if (!imageUrl) throw new DomainError('METADATA_UNAVAILABLE', 'Failed to fetch NFT metadata');
      return { imageUrl, name: entry.nftName, mediaType: entry.mediaType };
    },
  };
}
