import { createTtlCache } from '../../server/ttl-cache';
import type { LedgerReader } from '../ledger/ledger-reader';
import type { RarityDataset } from './rarity';
import { type CollectionCatalog, catalogEntry } from './catalog';
import { mediaUrls } from './ipfs';

/** Spec 000 §9: metadata stays fresh 10 minutes. */
const METADATA_TTL_MS = 10 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5_000;
const EMPTY_RARITY: RarityDataset = { rarityData: {}, stats: { totalNFTs: 0, coveragePercentage: 0 } };

export interface MetadataCatalogOptions {
  ledger: LedgerReader;
  nftTokenId: string;
  /** Where the rarity dataset built by src/features/tiger/build-rarity.ts is published. */
  rarityUrl: string | undefined;
  gateways: readonly string[];
  fetch?: typeof globalThis.fetch;
}

async function fetchJson(fetcher: typeof globalThis.fetch, urls: readonly string[]): Promise<unknown> {
  for (const url of urls) {
    try {
      const response = await fetcher(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (response.ok) return await response.json();
    } catch {
      // next gateway
    }
  }
  return undefined;
}

/** The mainnet collection: each serial's HIP-412 metadata from the ledger and IPFS, rarity from the published dataset. */
export function createMetadataCatalog({ ledger, nftTokenId, rarityUrl, gateways, fetch = globalThis.fetch }: MetadataCatalogOptions): CollectionCatalog {
  let rarity: Promise<RarityDataset> | undefined;
  const metadata = createTtlCache<{ name?: string; image: string }>(METADATA_TTL_MS);

  function loadRarity(): Promise<RarityDataset> {
    rarity ??= (rarityUrl ? fetchJson(fetch, [rarityUrl]) : Promise.resolve(undefined)).then((data) => {
      const dataset = data as RarityDataset | undefined;
      if (!dataset?.rarityData) {
        rarity = undefined;
        return EMPTY_RARITY;
      }
      return dataset;
    });
    return rarity;
  }

  return {
    imageGateway: gateways[0] ?? '',
    rarity: loadRarity,
    async entry(serial) {
      const shown = await metadata.get(String(serial), async () => {
        const nft = await ledger.getNft(nftTokenId, serial);
        if (!nft) return { image: '' };
        const json = (await fetchJson(fetch, mediaUrls(nft.metadata, gateways))) as { name?: unknown; image?: unknown } | undefined;
        return { name: typeof json?.name === 'string' ? json.name : undefined, image: typeof json?.image === 'string' ? json.image : '' };
      });
      return catalogEntry(serial, shown.image, await loadRarity(), shown.name);
    },
  };
}
