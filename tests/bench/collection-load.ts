/**
 * Collection API bench (part of `npm run bench`; loopback only, bounded in time): starts the local
 * server over a fresh sandbox store and warms it, then compares GET /api/collection/complete/{token}
 * (page 1, the page every visitor opens) with a bare Node server answering the same bytes, in the
 * same run: after a 2 s warm-up of each, autocannon at 50 connections for 5 s on each, alternated
 * twice (the best round of each counts, a shared machine being noisy). Targets: the API at >= 50% of the bare server's requests
 * per second, p99 <= 25 ms. For context it also runs a mix of pages, sorts, searches and trait
 * filters (2,000 sequential requests, then autocannon at 50 connections). Prints the figures and
 * exits non-zero on failed requests, or on a missed target with BENCH_STRICT=1.
 * Run: npx tsx tests/bench/collection-load.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SORT_KEYS } from '../../src/features/collection/collection-rules';
import { seededRandom } from '../../src/sandbox/ledger/prng';
import { freePort } from '../support/free-port';
import { startTestServer } from '../support/local-server';
import { DAVE, NFT_TOKEN, call } from '../support/sandbox-client';

export const TARGET_RATIO = 0.5;
export const TARGET_P99_MS = 25;
const CONNECTIONS = 50;
const DURATION_S = 5;
const ROUNDS = 2;
const SEQUENTIAL_REQUESTS = 2_000;
const STRICT = process.env.BENCH_STRICT === '1';

const SEARCHES = ['', '', '', '#12', '12', 'golden', 'crown', DAVE, 'wild tiger #33', 'no such tiger'];
const TRAITS = ['', '', '', 'Fur:Golden', 'Fur:Golden,Eye_Color:Blue', 'Headwear:Crown,Headwear:Halo,Background:Cosmic', 'Eye Color:green,Mouth:Roar'];
const PAGE_ONE = `/api/collection/complete/${NFT_TOKEN}`;

/** A deterministic mix of collection queries. */
function requestMix(count: number): string[] {
  const random = seededRandom('collection-bench');
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  return Array.from({ length: count }, () => {
    const traits = pick(TRAITS);
    const search = pick(SEARCHES);
    const filtered = Boolean(traits || search);
    const params = new URLSearchParams({ page: String(1 + Math.floor(random() * (filtered ? 3 : 76))), limit: '44', sort: pick(SORT_KEYS) });
    if (search) params.set('search', search);
    if (traits) params.set('traits', traits);
    return `/api/collection/complete/${NFT_TOKEN}?${params}`;
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Sequential GETs of `paths`: sorted latencies (ms) and failures. */
async function sequential(origin: string, paths: readonly string[]) {
  const latencies: number[] = [];
  let errors = 0;
  for (const path of paths) {
    const begin = performance.now();
    const response = await fetch(`${origin}${path}`);
    await response.arrayBuffer();
    latencies.push(performance.now() - begin);
    if (response.status !== 200) errors += 1;
  }
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(origin: string, paths: readonly string[], duration = DURATION_S): Promise<Load> {
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration,
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

const loadText = (load: Load) => `${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, errors ${load.errors}`;

/** A bare Node HTTP server in its own process answering `body` with `headers` to every request. */
async function startBareServer(body: Buffer, headers: Record<string, string>): Promise<{ origin: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'wt-bare-'));
  writeFileSync(join(dir, 'body'), body);
  writeFileSync(join(dir, 'headers.json'), JSON.stringify(headers));
  const port = await freePort();
  const script = `
    const { readFileSync } = require('node:fs');
    const body = readFileSync(process.argv[1] + '/body');
    const headers = { ...JSON.parse(readFileSync(process.argv[1] + '/headers.json', 'utf8')), 'content-length': body.length };
    require('node:http').createServer((request, response) => response.writeHead(200, headers).end(body)).listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('ready\\n'));`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script, dir, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ready, failed) => {
    child.stdout?.once('data', () => ready());
    child.once('exit', (code) => failed(new Error(`the bare server exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const server = await startTestServer();
let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
let failed = false;
let missed = false;
try {
  // Warm up: open the sandbox market (it seeds on first use), wait for the index to carry its
  // listings, then touch every query of the mix once.
  await call(server.origin, 'GET', `/api/market/listings?token=${NFT_TOKEN}&limit=1000`);
  const deadline = Date.now() + 30_000;
  let listed = 0;
  while (Date.now() < deadline) {
    listed = (await call<{ listedCount: number }>(server.origin, 'GET', PAGE_ONE)).json.listedCount;
    if (listed > 0) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  for (const path of requestMix(200)) await fetch(`${server.origin}${path}`).then((response) => response.arrayBuffer());

  const sample = await fetch(`${server.origin}${PAGE_ONE}`);
  const body = Buffer.from(await sample.arrayBuffer());
  const headers = Object.fromEntries(
    [...sample.headers].filter(([name]) => !['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)),
  );
  bare = await startBareServer(body, headers);
  process.stdout.write(
    `page 1: ${(body.length / 1024).toFixed(1)} KiB, ${listed} listed tigers in the index; ${CONNECTIONS} connections, ${DURATION_S} s per round\n`,
  );

  // A short round on each first, so neither is measured while its code is still being optimised.
  await load(server.origin, [PAGE_ONE], 2);
  await load(bare.origin, ['/'], 2);
  const api: Load[] = [];
  const baseline: Load[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    api.push(await load(server.origin, [PAGE_ONE]));
    baseline.push(await load(bare.origin, ['/']));
    process.stdout.write(`  round ${round}: API ${loadText(api.at(-1) as Load)} | bare Node ${loadText(baseline.at(-1) as Load)}\n`);
  }
  const bestApi = api.reduce((best, run) => (run.rps > best.rps ? run : best));
  const bestBare = baseline.reduce((best, run) => (run.rps > best.rps ? run : best));
  const ratio = bestApi.rps / bestBare.rps;
  const p99 = Math.min(...api.map((run) => run.p99));
  if (api.some((run) => run.errors) || baseline.some((run) => run.errors)) failed = true;

  const mixed = await sequential(server.origin, requestMix(SEQUENTIAL_REQUESTS));
  process.stdout.write(
    `query mix, ${SEQUENTIAL_REQUESTS} sequential: p50 ${percentile(mixed.latencies, 50).toFixed(2)} ms, p99 ${percentile(mixed.latencies, 99).toFixed(2)} ms, errors ${mixed.errors}\n`,
  );
  const mixedLoad = await load(server.origin, requestMix(200));
  process.stdout.write(`query mix, ${CONNECTIONS} connections: ${loadText(mixedLoad)}\n`);
  if (mixed.errors || mixedLoad.errors) failed = true;

  const ratioMet = ratio >= TARGET_RATIO;
  const p99Met = p99 <= TARGET_P99_MS;
  missed = !ratioMet || !p99Met;
  process.stdout.write(
    `collection API page 1 vs bare Node (best of ${ROUNDS}): ${(ratio * 100).toFixed(0)}% of its req/s (target >= ${TARGET_RATIO * 100}%: ${ratioMet ? 'met' : 'NOT met'}), ` +
      `p99 ${p99} ms (target <= ${TARGET_P99_MS} ms: ${p99Met ? 'met' : 'NOT met'})\n`,
  );
} finally {
  await bare?.stop();
  await server.dispose();
}
process.exit(failed || (STRICT && missed) ? 1 : 0);
