/**
 * The collection snapshot end to end against the sandbox network's mirror node and IPFS gateway
 * (served by the local server): every minted serial's metadata is fetched and written, the rarity
 * dataset is built from them, a second run keeps what it has, and what it cannot use is reported.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirrorLedgerReader } from '@/features/ledger/mirror-adapter';
import { type SnapshotProgress, progressLine, snapshotCollection } from '@/features/tiger/collection-snapshot';
import { computeRarity, type RarityDataset } from '@/features/tiger/rarity';
import { tigerMetadata } from '@/sandbox/collection/metadata';
import { startTestServer, type TestServer } from '../support/local-server';

const TOKEN = '0.0.7000333';
let server: TestServer;
const work = mkdtempSync(join(tmpdir(), 'wt-snapshot-'));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
  rmSync(work, { recursive: true, force: true });
});

function options(extra: Partial<Parameters<typeof snapshotCollection>[0]> = {}) {
  return {
    tokenId: TOKEN,
    ledger: createMirrorLedgerReader({ baseUrl: `${server.origin}/sandbox/mirror` }),
    // The first gateway answers nothing, as an unreachable public gateway would: the chain moves on.
    gateways: [`${server.origin}/no-such-gateway/`, `${server.origin}/sandbox/ipfs/`],
    metadataDir: join(work, 'metadata'),
    rarityFile: join(work, 'public', 'data', 'rarity.json'),
    ...extra,
  };
}

describe('npm run collection:snapshot against the sandbox network', () => {
  it('writes every minted serial’s metadata and the rarity dataset, with progress', async () => {
    const seen: SnapshotProgress[] = [];
    const result = await snapshotCollection(options({ onProgress: (progress) => seen.push(progress) }));
    expect(result).toMatchObject({ total: 3328, done: 3328, fetched: 3328, kept: 0, skippedSerials: [] });
    expect(readdirSync(join(work, 'metadata'))).toHaveLength(3328);
    const tiger12 = JSON.parse(readFileSync(join(work, 'metadata', '12.json'), 'utf8')) as { name: string; attributes: unknown[] };
    expect(tiger12.name).toBe('Wild Tiger #12');
    expect(tiger12.attributes.length).toBeGreaterThan(0);
    const rarity = JSON.parse(readFileSync(join(work, 'public', 'data', 'rarity.json'), 'utf8')) as {
      stats: { totalNFTs: number; coveragePercentage: number };
    };
    expect(rarity.stats.totalNFTs).toBe(3328);
    // The same ranks as the rarity code gives the sandbox's generated metadata of the minted serials.
    const minted = Array.from({ length: 3328 }, (_, i) => ({ serial: i + 1, attributes: tigerMetadata(i + 1).attributes }));
    const expected = computeRarity(minted, { expectedTotal: 3333 });
    expect(rarity.stats.coveragePercentage).toBe(expected.stats.coveragePercentage);
    for (const serial of ['1', '12', '3328']) {
      expect((rarity as unknown as RarityDataset).rarityData[serial]?.rarityRank).toBe(expected.rarityData[serial]?.rarityRank);
    }
    expect(seen.at(-1)).toMatchObject({ done: 3328, total: 3328 });
    expect(progressLine(seen.at(-1) as SnapshotProgress, 60_000)).toMatch(/^\[#{24}\] 3,328\/3,328 · fetched 3,328 · kept 0 · skipped 0 · done$/);
    expect(progressLine({ done: 832, total: 3328, fetched: 832, kept: 0, skipped: 0 }, 10_000)).toContain('ETA 0m 30s');
  }, 180_000);

  it('resumes: a second run keeps what the first wrote and fetches only what is missing or broken', async () => {
    unlinkSync(join(work, 'metadata', '7.json'));
    writeFileSync(join(work, 'metadata', '8.json'), '{"name": "Wild Tig');
    const result = await snapshotCollection(options());
    expect(result).toMatchObject({ fetched: 2, kept: 3326, skippedSerials: [] });
  }, 180_000);

  it('reports what it could not use and why', async () => {
    writeFileSync(join(work, 'metadata', '9.json'), '{"name": "Wild Tiger #9"}');
    const result = await snapshotCollection(options({ gateways: [`${server.origin}/no-such-gateway/`], retries: 0 }));
    expect(result.skippedSerials).toEqual([{ serial: 9, reason: 'not used for rarity: no attributes array' }]);
    rmSync(join(work, 'metadata', '10.json'));
    const missing = await snapshotCollection(options({ gateways: [`${server.origin}/no-such-gateway/`], retries: 0 }));
    expect(missing.skippedSerials).toEqual(
      expect.arrayContaining([{ serial: 10, reason: expect.stringMatching(/^no gateway answered for http:\/\/127\.0\.0\.1:\d+\/no-such-gateway\//) }]),
    );
  }, 180_000);
});
