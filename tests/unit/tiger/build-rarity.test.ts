import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRarityFromFolder } from '@/features/tiger/build-rarity';
import { computeRarity } from '@/features/tiger/rarity';

const docs: Record<string, unknown> = {
  '1.json': { name: 'Wild Tiger #1', attributes: [{ trait_type: 'Fur', value: 'Golden' }] },
  '2.json': { name: 'Wild Tiger #2', attributes: [{ trait_type: 'Fur', value: 'Orange' }] },
  '10.json': { name: 'Wild Tiger #10', attributes: [{ trait_type: 'Fur', value: 'Orange' }] },
  '11.json': { name: 'Wild Tiger #11' },
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rarity-'));
  for (const [file, doc] of Object.entries(docs)) await writeFile(join(dir, file), JSON.stringify(doc));
  await writeFile(join(dir, '12.json'), '{ not json');
  await writeFile(join(dir, 'notes.txt'), 'ignored');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('build-rarity', () => {
  it('reads <serial>.json files, skips unusable ones and scores the rest with computeRarity', async () => {
    const { dataset, skipped } = await buildRarityFromFolder(dir, 5);
    expect(skipped.map((s) => s.file)).toEqual(['11.json', '12.json']);
    expect(Object.keys(dataset.rarityData).sort()).toEqual(['1', '10', '2']);
    expect(dataset.rarityData[1]?.rarityRank).toBe(1);
    expect(dataset.stats).toEqual({ totalNFTs: 3, coveragePercentage: 60 });
    const direct = computeRarity(
      [1, 2, 10].map((serial) => ({ serial, attributes: (docs[`${serial}.json`] as { attributes: unknown[] }).attributes })),
      { expectedTotal: 5 },
    );
    expect(dataset).toEqual(direct);
  });

  it('writes the dataset as JSON from the command line', async () => {
    const out = join(dir, 'rarity.json');
    const cli = new URL('../../../src/features/tiger/build-rarity.ts', import.meta.url).pathname;
    const tsx = new URL('../../../node_modules/.bin/tsx', import.meta.url).pathname;
    await promisify(execFile)(tsx, [cli, dir, out, '--expected', '5']);
    const written = JSON.parse(await readFile(out, 'utf8'));
    expect(written.stats).toEqual({ totalNFTs: 3, coveragePercentage: 60 });
    expect(written.rarityData['1'].rarityRank).toBe(1);
  });
});
