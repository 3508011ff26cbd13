import { DomainError } from '../../lib/domain-error';
import type { CollectionCatalog } from './catalog';
import { mediaUrls } from './ipfs';

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
    /** Rarity of every serial, with coverage stats. */
    async rarity(tokenId: string) {
      requireCollection(tokenId);
      const { rarityData, stats } = await catalog.rarity();
      return { rarityData, stats };
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
