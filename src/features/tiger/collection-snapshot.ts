/**
 * `npm run collection:snapshot -- --token 0.0.X`: the collection's data for a mainnet deploy in one
 * command. Reads every serial's metadata reference from the mirror node, fetches each HIP-412 file
 * through the IPFS gateway chain (bounded concurrency, retries, resumable: files already written are
 * kept), writes them to a folder as <serial>.json, builds the rarity dataset from that folder, and
 * reports what it skipped and why.
 *
 * Options: --token <id> (required), --mirror <url> (default the public mainnet mirror node),
 * --gateway <url> (repeatable; default the product's gateway chain), --out <dir> (default
 * collection-metadata), --rarity <file> (default public/data/rarity.json), --expected <n> (3333),
 * --concurrency <n> (8), --retries <n> (3).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mapConcurrently } from '@/lib/concurrency';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import { createMirrorLedgerReader } from '@/features/ledger/mirror-adapter';
import { buildRarityFromFolder } from './build-rarity';
import { IPFS_GATEWAYS, metadataLocation, raceGateways } from './ipfs';
import type { RarityDataset } from './rarity';
import { TOTAL_SUPPLY } from './supply';

export interface SnapshotOptions {
  tokenId: string;
  ledger: LedgerReader;
  gateways: readonly string[];
  metadataDir: string;
  rarityFile: string;
  expected?: number;
  concurrency?: number;
  /** Attempts per serial after the first (each races the whole gateway chain). */
  retries?: number;
  fetch?: typeof globalThis.fetch;
  /** Called after each serial with the counts so far (the CLI draws its progress bar with it). */
  onProgress?: (progress: SnapshotProgress) => void;
}

export interface SnapshotProgress {
  done: number;
  total: number;
  fetched: number;
  kept: number;
  skipped: number;
}

export interface SnapshotResult extends SnapshotProgress {
  /** Serials without usable metadata, with the reason, ascending. */
  skippedSerials: { serial: number; reason: string }[];
  rarity: RarityDataset;
}

const RETRY_PAUSE_MS = 500;

/** True when `path` holds a JSON file written by an earlier run (a half-written file does not parse). */
async function alreadyWritten(path: string): Promise<boolean> {
  try {
    JSON.parse(await readFile(path, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

/** One metadata document through the gateway chain (3 at a time), with `retries` more attempts; undefined when none answered. */
async function fetchMetadata(urls: readonly string[], retries: number, fetcher: typeof globalThis.fetch): Promise<unknown> {
  for (let attempt = 0; attempt <= retries; attempt++) {
    const json = await raceGateways(urls, async (url, signal) => {
      const response = await fetcher(url, { signal, headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`${response.status}`);
      return (await response.json()) as unknown;
    });
    if (json !== undefined) return json;
    if (attempt < retries) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * (attempt + 1)));
  }
  return undefined;
}

/** Writes the metadata folder and the rarity dataset of a collection (see the module comment). */
export async function snapshotCollection(options: SnapshotOptions): Promise<SnapshotResult> {
  const { ledger, tokenId, gateways, metadataDir, expected = TOTAL_SUPPLY, concurrency = 8, retries = 3, fetch = globalThis.fetch } = options;
  await mkdir(metadataDir, { recursive: true });
  const nfts = (await ledger.getAllNfts(tokenId, { expectedSerials: expected })).sort((a, b) => a.serial - b.serial);
  const progress: SnapshotProgress = { done: 0, total: nfts.length, fetched: 0, kept: 0, skipped: 0 };
  const skippedSerials: SnapshotResult['skippedSerials'] = [];
  const skip = (serial: number, reason: string) => {
    skippedSerials.push({ serial, reason });
    progress.skipped++;
  };

  await mapConcurrently(nfts.length, concurrency, async (index) => {
    const nft = nfts[index] as (typeof nfts)[number];
    const file = join(metadataDir, `${nft.serial}.json`);
    if (nft.deleted) skip(nft.serial, 'deleted (burned) on the ledger');
    else if (await alreadyWritten(file)) progress.kept++;
    else {
      const location = metadataLocation(nft.metadata, gateways);
      const json = !location ? undefined : 'json' in location ? location.json : await fetchMetadata(location.urls, retries, fetch);
      if (!location) skip(nft.serial, `metadata reference is not a link or JSON: ${JSON.stringify(nft.metadata.slice(0, 60))}`);
      else if (json === undefined) skip(nft.serial, `no gateway answered for ${'urls' in location ? location.urls[0] : 'its metadata'}`);
      else if (!json || typeof json !== 'object') skip(nft.serial, 'metadata is not a JSON object');
      else {
        await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
        progress.fetched++;
      }
    }
    progress.done++;
    options.onProgress?.({ ...progress });
  });

  const { dataset, skipped } = await buildRarityFromFolder(metadataDir, expected);
  for (const { file, reason } of skipped) skip(Number.parseInt(file, 10), `not used for rarity: ${reason}`);
  await mkdir(dirname(options.rarityFile), { recursive: true });
  await writeFile(options.rarityFile, `${JSON.stringify(dataset, null, 2)}\n`);
  skippedSerials.sort((a, b) => a.serial - b.serial);
  return { ...progress, skippedSerials, rarity: dataset };
}

/** `[#####-----] 1,234/3,328 · fetched 1,200 · kept 30 · skipped 4 · ETA 1m 20s` */
export function progressLine(progress: SnapshotProgress, elapsedMs: number, width = 24): string {
  const share = progress.total ? progress.done / progress.total : 1;
  const filled = Math.round(share * width);
  const rate = progress.done / Math.max(elapsedMs, 1);
  const leftMs = rate > 0 ? (progress.total - progress.done) / rate : 0;
  const eta =
    progress.done === progress.total ? 'done' : progress.done ? `ETA ${Math.floor(leftMs / 60_000)}m ${Math.round((leftMs % 60_000) / 1000)}s` : 'ETA …';
  const n = (value: number) => value.toLocaleString('en-US');
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${n(progress.done)}/${n(progress.total)} · fetched ${n(progress.fetched)} · kept ${n(progress.kept)} · skipped ${n(progress.skipped)} · ${eta}`;
}

function argValues(argv: string[], name: string): string[] {
  return argv.flatMap((arg, index) => (arg === `--${name}` && argv[index + 1] ? [argv[index + 1] as string] : []));
}

async function main(argv: string[]): Promise<number> {
  const one = (name: string) => argValues(argv, name).at(-1);
  const tokenId = one('token');
  if (!tokenId || !/^0\.0\.\d+$/.test(tokenId)) {
    process.stderr.write('Usage: npm run collection:snapshot -- --token 0.0.X [--mirror <url>] [--gateway <url>]… [--out <dir>] [--rarity <file>]\n');
    return 2;
  }
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let lastLine = 0;
  const result = await snapshotCollection({
    tokenId,
    ledger: createMirrorLedgerReader({ baseUrl: one('mirror') ?? 'https://mainnet-public.mirrornode.hedera.com' }),
    gateways: argValues(argv, 'gateway').length ? argValues(argv, 'gateway') : IPFS_GATEWAYS,
    metadataDir: one('out') ?? 'collection-metadata',
    rarityFile: one('rarity') ?? 'public/data/rarity.json',
    expected: Number(one('expected') ?? TOTAL_SUPPLY),
    concurrency: Number(one('concurrency') ?? 8),
    retries: Number(one('retries') ?? 3),
    onProgress(progress) {
      const line = progressLine(progress, Date.now() - started);
      if (tty) process.stderr.write(`\r${line}`);
      else if (progress.done === progress.total || Date.now() - lastLine > 5_000) {
        lastLine = Date.now();
        process.stderr.write(`${line}\n`);
      }
    },
  });
  if (tty) process.stderr.write('\n');
  for (const { serial, reason } of result.skippedSerials) process.stdout.write(`skipped #${serial}: ${reason}\n`);
  const { totalNFTs, coveragePercentage } = result.rarity.stats;
  process.stdout.write(
    `${result.fetched} fetched, ${result.kept} kept from an earlier run, ${result.skippedSerials.length} skipped; rarity for ${totalNFTs} tigers (${coveragePercentage}% coverage)\n`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
