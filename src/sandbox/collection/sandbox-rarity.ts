import { computeRarity, type RarityDataset } from '@/features/tiger/rarity';
import { tigerMetadata } from './metadata';
import { defaultSandboxNetwork, type SandboxNetwork } from '@/sandbox/ledger/sandbox-network';

const cache = new Map<number, RarityDataset>();

/** Rarity of the generated metadata of every serial, by the same code the real rarity build uses. */
export function sandboxRarity(network: SandboxNetwork = defaultSandboxNetwork): RarityDataset {
  const size = network.nftMaxSupply;
  let dataset = cache.get(size);
  if (!dataset) {
    const inputs = Array.from({ length: size }, (_, i) => ({ serial: i + 1, attributes: tigerMetadata(i + 1).attributes }));
    dataset = computeRarity(inputs, { expectedTotal: size });
    cache.set(size, dataset);
  }
  return dataset;
}
