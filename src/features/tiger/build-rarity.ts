/**
 * Builds the rarity JSON from a folder of HIP-412 metadata files named `<serial>.json`.
 * Usage: npx tsx src/features/tiger/build-rarity.ts <metadata-dir> <out.json> [--expected 3333]
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { computeRarity, type RarityDataset, type RarityInput } from './rarity';

export interface RarityFolderResult {
  dataset: RarityDataset;
  /** Files named like metadata that could not be used, with the reason. */
  skipped: { file: string; reason: string }[];
}

/** Reads every `<serial>.json` in `dir` and computes the rarity dataset over them. */
export async function buildRarityFromFolder(dir: string, expectedTotal?: number): Promise<RarityFolderResult> {
  const files = (await readdir(dir)).filter((name) => /^\d+\.json$/.test(name));
  const inputs: RarityInput[] = [];
  const skipped: RarityFolderResult['skipped'] = [];
  for (const file of files.sort((a, b) => parseInt(a, 10) - parseInt(b, 10))) {
    const serial = parseInt(file, 10);
    try {
      const doc: unknown = JSON.parse(await readFile(join(dir, file), 'utf8'));
      const attributes = (doc as { attributes?: unknown } | null)?.attributes;
      if (!Array.isArray(attributes)) {
        skipped.push({ file, reason: 'no attributes array' });
        continue;
      }
      inputs.push({ serial, attributes });
    } catch (error) {
      skipped.push({ file, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  const dataset = computeRarity(inputs, expectedTotal === undefined ? {} : { expectedTotal });
  return { dataset, skipped };
}

async function main(argv: string[]): Promise<number> {
  const [dir, out] = argv;
  const expectedFlag = argv.indexOf('--expected');
  const expected = expectedFlag >= 0 ? Number(argv[expectedFlag + 1]) : undefined;
  if (!dir || !out || (expected !== undefined && !(expected > 0))) {
    console.error('Usage: build-rarity <metadata-dir> <out.json> [--expected <collection size>]');
    return 2;
  }
  const { dataset, skipped } = await buildRarityFromFolder(dir, expected);
  for (const s of skipped) console.error(`skipped ${s.file}: ${s.reason}`);
  await writeFile(out, `${JSON.stringify(dataset, null, 2)}\n`);
  console.log(`rarity for ${dataset.stats.totalNFTs} NFTs (${dataset.stats.coveragePercentage}% coverage) written to ${out}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
