import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config';

/** Where the collection's rarity dataset sits in the site (served at `<site>/data/rarity.json`). */
export const RARITY_DATASET_PATH = 'data/rarity.json';

/**
 * Stops a mainnet start-up or deploy whose site lacks the rarity dataset: without it every rank
 * would be missing, so it fails here, naming the command that builds the file, not silently later.
 */
export function requireRarityDataset(siteDir: string): void {
  const file = join(siteDir, RARITY_DATASET_PATH);
  if (existsSync(file)) return;
  throw new ConfigError(
    `The collection's rarity dataset is missing (${file}). Build it with \`npm run collection:snapshot -- --token <NFT token id>\` (it writes public/data/rarity.json), then \`npm run build\`.`,
  );
}
