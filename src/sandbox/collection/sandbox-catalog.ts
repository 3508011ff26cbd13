import { tigerMetadata } from './metadata';
import { sandboxRarity } from './sandbox-rarity';
import { type CollectionCatalog, catalogEntry } from '../../features/tiger/catalog';

/** The sandbox collection: generated HIP-412 metadata and the rarity computed from it. */
export function createSandboxCatalog(maxSupply = 3333): CollectionCatalog {
  return {
    rarity: async () => sandboxRarity(),
    async entry(serial) {
      if (!Number.isInteger(serial) || serial < 1 || serial > maxSupply) return undefined;
      const metadata = tigerMetadata(serial);
      return catalogEntry(serial, metadata.image, sandboxRarity(), metadata.name);
    },
  };
}
