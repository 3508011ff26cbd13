import { tigerMetadata } from './metadata';
import { hip412Media } from '../../features/tiger/hip412';
import { sandboxRarity } from './sandbox-rarity';
import { type CollectionCatalog, catalogEntry } from '../../features/tiger/catalog';
import { SANDBOX_IPFS_GATEWAY } from '../../features/tiger/ipfs';

/** The sandbox collection: generated HIP-412 metadata (its media read as on mainnet) and the rarity computed from it. */
export function createSandboxCatalog(maxSupply = 3333): CollectionCatalog {
  const entry = (serial: number) => {
    if (!Number.isInteger(serial) || serial < 1 || serial > maxSupply) return undefined;
    const metadata = tigerMetadata(serial);
    return catalogEntry(serial, hip412Media(metadata) ?? { uri: metadata.image, type: metadata.type }, sandboxRarity(), metadata.name);
  };
  return {
    imageGateway: SANDBOX_IPFS_GATEWAY,
    rarity: async () => sandboxRarity(),
    entry: async (serial) => entry(serial),
    async displayAll(total) {
      const shown = new Map<number, { name: string; image: string }>();
      for (let serial = 1; serial <= total; serial++) {
        const found = entry(serial);
        if (found) shown.set(serial, { name: found.nftName, image: found.nftImage });
      }
      return shown;
    },
  };
}
