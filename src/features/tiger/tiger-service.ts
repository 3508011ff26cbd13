import { NotFoundError, UpstreamError } from '../../server/http/errors';
import type { CollectionCatalog } from './catalog';
import { ipfsPath } from './ipfs';

/** An image URI as a URL the browser can load: IPFS content through `gateway`, http(s) as is; undefined otherwise. */
export function resolveImageUrl(image: string, gateway: string): string | undefined {
  const path = ipfsPath(image);
  if (path) return `${gateway}${path}`;
  return /^https?:\/\//.test(image.trim()) ? image.trim() : undefined;
}

export interface CollectionLookupDeps {
  catalog: CollectionCatalog;
  nftTokenId: string;
  /** Where IPFS images are served from: `/sandbox/ipfs/` locally, the first public gateway on mainnet. */
  gateway: string;
}

/** The collection's rarity and each tiger's image URL, for the configured collection only. */
export function createCollectionLookup({ catalog, nftTokenId, gateway }: CollectionLookupDeps) {
  function requireCollection(tokenId: string): void {
    if (tokenId !== nftTokenId) throw new NotFoundError(`Collection ${tokenId} is not known here`);
  }

  return {
    /** Rarity of every serial, with coverage stats. */
    async rarity(tokenId: string) {
      requireCollection(tokenId);
      const { rarityData, stats } = await catalog.rarity();
      return { rarityData, stats };
    },

    async image(tokenId: string, serial: number) {
      requireCollection(tokenId);
      const entry = await catalog.entry(serial);
      if (!entry) throw new NotFoundError(`Wild Tiger #${serial} does not exist`);
      const imageUrl = resolveImageUrl(entry.nftImage, gateway);
      if (!imageUrl) throw new UpstreamError('Failed to fetch NFT metadata');
      return { imageUrl, name: entry.nftName };
    },
  };
}
