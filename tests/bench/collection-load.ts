/**
 * Collection browser load run (part of `npm run bench`; loopback only, bounded in time): starts
 * the local server over a fresh sandbox store, warms it, then measures
 * GET /api/collection/complete/{token} over a fixed mix of pages, sorts, searches and trait
 * filters: 2,000 sequential requests (client-side latency percentiles), then autocannon at 10
 * connections for 5 s. Target: p99 under 25 ms. For context on a shared machine it also times
 * GET /api/health the same way (the HTTP + Lambda adapter floor) and the index query plus JSON
 * encoding in-process. Prints the numbers; exits non-zero only on failed requests (timings are
 * reported, not asserted).
 * Run: npx tsx tests/bench/collection-load.ts
 */
import autocannon from 'autocannon';
import { buildCollectionIndex, buildStaticIndex, queryCollection } from '../../src/features/collection/collection-index';
import { SORT_KEYS, type SortKey, parseSearch, parseTraitFilter } from '../../src/features/collection/collection-rules';
import { seededRandom } from '../../src/sandbox/ledger/prng';
import { sandboxRarity } from '../../src/sandbox/collection/sandbox-rarity';
import { startTestServer } from '../support/local-server';
import { DAVE, NFT_TOKEN, call } from '../support/sandbox-client';

const TARGET_P99_MS = 25;
const SEQUENTIAL_REQUESTS = 2_000;
const CONNECTIONS = 10;
const DURATION_S = 5;

const SEARCHES = ['', '', '', '#12', '12', 'golden', 'crown', DAVE, 'wild tiger #33', 'no such tiger'];
const TRAITS = ['', '', '', 'Fur:Golden', 'Fur:Golden,Eye_Color:Blue', 'Headwear:Crown,Headwear:Halo,Background:Cosmic', 'Eye Color:green,Mouth:Roar'];

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

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Sequential GETs of `paths`; sorted latencies (ms), wall time (s), bytes and failures. */
async function sequential(origin: string, paths: readonly string[]) {
  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  const started = performance.now();
  for (const path of paths) {
    const begin = performance.now();
    const response = await fetch(`${origin}${path}`);
    const body = await response.arrayBuffer();
    latencies.push(performance.now() - begin);
    bytes += body.byteLength;
    if (response.status !== 200) errors += 1;
  }
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, bytes, errors };
}

const summary = (latencies: readonly number[]) =>
  `p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) as number)}`;

/** The same query mix against the index in this process, JSON encoding included (no HTTP). */
function inProcess(paths: readonly string[]): number[] {
  const base = buildStaticIndex({ totalSupply: 3333, rarity: sandboxRarity() });
  const index = buildCollectionIndex(base, { owners: new Map(), listings: [], sales: [] }, { tokenId: NFT_TOKEN, minted: 3328 });
  const latencies = paths.map((path) => {
    const params = new URL(path, 'http://bench').searchParams;
    const begin = performance.now();
    const traits = parseTraitFilter(params.get('traits') ?? '');
    const page = queryCollection(index, {
      page: Number(params.get('page')),
      limit: 44,
      sort: params.get('sort') as SortKey,
      search: parseSearch(params.get('search') ?? ''),
      traits: traits.ok ? traits.selection : {},
    });
    JSON.stringify(page);
    return performance.now() - begin;
  });
  return latencies.sort((a, b) => a - b);
}

const server = await startTestServer();
let failed = false;
try {
  // Warm up: open the sandbox market (it seeds on first use), wait for the index to carry its
  // listings, then touch every sort once.
  await call(server.origin, 'GET', `/api/market/listings?token=${NFT_TOKEN}&limit=1000`);
  const deadline = Date.now() + 30_000;
  let listed = 0;
  while (Date.now() < deadline) {
    listed = (await call<{ listedCount: number }>(server.origin, 'GET', `/api/collection/complete/${NFT_TOKEN}`)).json.listedCount;
    if (listed > 0) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  for (const path of requestMix(200)) await fetch(`${server.origin}${path}`).then((response) => response.arrayBuffer());

  const paths = requestMix(SEQUENTIAL_REQUESTS);
  const run = await sequential(server.origin, paths);
  const p99 = percentile(run.latencies, 99);
  process.stdout.write(
    `collection (${SEQUENTIAL_REQUESTS} sequential, ${listed} listed tigers in the index): ${summary(run.latencies)}, ` +
      `${(SEQUENTIAL_REQUESTS / run.seconds).toFixed(0)} req/s, avg body ${(run.bytes / SEQUENTIAL_REQUESTS / 1024).toFixed(1)} KiB, errors ${run.errors}\n`,
  );
  if (run.errors) failed = true;
  const health = await sequential(
    server.origin,
    Array.from({ length: 500 }, () => '/api/health'),
  );
  process.stdout.write(`baseline GET /api/health (500 sequential): ${summary(health.latencies)}\n`);
  process.stdout.write(`index query + JSON in-process (${SEQUENTIAL_REQUESTS}): ${summary(inProcess(paths))}\n`);

  const concurrent = await autocannon({
    url: server.origin,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: requestMix(100).map((path) => ({ method: 'GET' as const, path })),
  });
  const concurrentErrors = concurrent.errors + concurrent.timeouts + concurrent.non2xx;
  process.stdout.write(
    `collection (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s): ${concurrent.requests.average.toFixed(0)} req/s, ` +
      `p50 ${concurrent.latency.p50} ms, p97.5 ${concurrent.latency.p97_5} ms, p99 ${concurrent.latency.p99} ms, max ${concurrent.latency.max} ms, errors ${concurrentErrors}\n`,
  );
  if (concurrentErrors) failed = true;
  process.stdout.write(`target: sequential p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'NOT met'}\n`);
} finally {
  await server.dispose();
}
process.exit(failed ? 1 : 0);
