import { DomainError } from '@/lib/domain-error';
import { createTtlCache } from '@/platform/ttl-cache';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { RarityDataset } from './rarity';
import { type CollectionCatalog, catalogEntry } from './catalog-port';
import { type NftMediaFile, hip412Media, hip412Name } from './hip412';
import { type GatewayRaceOptions, metadataLocation, raceGateways } from './ipfs';

/** Spec 000 §9: metadata stays fresh 10 minutes. */
const METADATA_TTL_MS = 10 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5_000;
const EMPTY_RARITY: RarityDataset = { rarityData: {}, stats: { totalNFTs: 0, coveragePercentage: 0 } };
const NO_MEDIA: NftMediaFile = { uri: '', type: null };

export interface MetadataCatalogOptions {
  ledger: LedgerReader;
  nftTokenId: string;
  /** Where the rarity dataset built by src/features/tiger/build-rarity.ts is published. */
  rarityUrl: string | undefined;
  gateways: readonly string[];
  /** The gateway the browser is sent to for original media (default: the first of `gateways`). */
  imageGateway?: string;
  fetch?: typeof globalThis.fetch;
  /** How the gateway chain is raced for one serial's metadata (default: 3 at a time, 4 s each, 8 s in all). */
  race?: GatewayRaceOptions;
}

/** The collection: each serial's HIP-412 metadata from the ledger and IPFS, rarity from the published dataset. */
export function createMetadataCatalog({
  ledger,
  nftTokenId,
  rarityUrl,
  gateways,
  imageGateway = gateways[0] ?? '',
  fetch = globalThis.fetch,
  race,
}: MetadataCatalogOptions): CollectionCatalog {
  let rarity: Promise<RarityDataset> | undefined;
  const metadata = createTtlCache<{ name?: string; media: NftMediaFile } | null>(METADATA_TTL_MS);

  async function json(url: string, signal: AbortSignal): Promise<unknown> {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json();
  }

  /** The published dataset, kept once read; a failed read is not kept, and says so (503, never an empty 200). */
  function loadRarity(): Promise<RarityDataset> {
    rarity ??= (rarityUrl ? json(rarityUrl, AbortSignal.timeout(FETCH_TIMEOUT_MS)).catch(() => undefined) : Promise.resolve(undefined)).then((data) => {
      const dataset = data as RarityDataset | undefined;
      if (dataset?.rarityData) return dataset;
      rarity = undefined;
      throw new DomainError('METADATA_UNAVAILABLE', 'Failed to fetch the collection’s rarity data');
    });
    return rarity;
  }

  /**
   * A serial's metadata: inline JSON as stored at mint, or fetched through the gateway chain (raced,
   * within the budget). No gateway answering is a failure (METADATA_UNAVAILABLE, not kept), never
   * "no media": a tiger is not imageless because IPFS hiccupped.
   */
  async function readMetadata(stored: string): Promise<unknown> {
    const location = metadataLocation(stored, gateways);
    if (!location) return undefined;
    if ('json' in location) return location.json;
    const document = await raceGateways(location.urls, json, race);
    if (document === undefined) throw new DomainError('METADATA_UNAVAILABLE', 'Failed to fetch NFT metadata');
    return document;
  }

  return {
    imageGateway,
    rarity: loadRarity,
    async entry(serial, heldMetadata) {
      const shown = await metadata.get(String(serial), async () => {
        const stored = heldMetadata ?? (await ledger.getNft(nftTokenId, serial))?.metadata;
        if (stored === undefined) return null;
        const document = await readMetadata(stored);
        return { name: hip412Name(document), media: hip412Media(document) ?? NO_MEDIA };
      });
      // A serial the ledger does not have (never minted, or past the supply) is no tiger.
      if (!shown) return undefined;
      // A rank-less entry while the dataset cannot be read: the tiger's own metadata stands.
      return catalogEntry(serial, shown.media, await loadRarity().catch(() => EMPTY_RARITY), shown.name);
    },
  };
}
