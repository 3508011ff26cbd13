/**
 * Cold-start bench of the Lambda bundles: bundles each route group as the stack does, then for
 * each spawns fresh Node processes that import the bundle and invoke the handler once with an API
 * Gateway event for the group's first GET route, as mainnet Lambdas, against an embedded store and
 * the sandbox ledger's mirror REST. Prints bundle sizes and cold start (import + first invocation); target <= 250 ms.
 * Run: npx tsx infra/bench/cold-start.ts
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { SANDBOX_DEFAULTS } from '../../src/server/config';
import type { RouteDef } from '../../src/server/http/route-types';
import { ROUTES, routeGroups } from '../../src/server/routes';
import { groupBuildOptions, groupEntry } from '../lib/bundling';

const TARGET_MS = 250;
const RUNS = 3;
const run = promisify(execFile);

/** Sample values for path parameters, from the sandbox network's seed. */
const SAMPLE_PARAMS: Record<string, string> = {
  accountId: '0.0.7001001',
  owner: '0.0.7001001',
  spender: SANDBOX_DEFAULTS.MARKETPLACE_ACCOUNT_ID,
  tokenId: SANDBOX_DEFAULTS.NFT_TOKEN_ID,
  serial: '1',
};

const work = mkdtempSync(join(tmpdir(), 'wt-bench-'));
process.env.NETWORK = 'sandbox';
process.env.LOG_LEVEL = 'silent';
process.env.DATA_DIR = join(work, 'data');
process.env.TABLE_NAME = 'wild-tigers-bench';

/** The embedded store with the table, and the sandbox ledger's mirror REST on a local port. */
async function startSandbox(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const { startEmbeddedStore } = await import('../../src/server/store/dynalite');
  const store = await startEmbeddedStore(join(work, 'dynalite'));
  process.env.DYNAMODB_ENDPOINT = store.endpoint;
  const [{ ensureTable }, { documentClient, tableName }, { sandboxLedger }, { createLocalServer }, { sandboxRoutes }] = await Promise.all([
    import('../../src/server/store/bootstrap'),
    import('../../src/server/store/client'),
    import('../../src/sandbox/sandbox-services'),
    import('../../src/server/local/server'),
    import('../../src/sandbox/sandbox-routes'),
  ]);
  await ensureTable(documentClient(), tableName());
  await sandboxLedger().read();
  const server: Server = createLocalServer({ prefixHandlers: [sandboxRoutes] });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  // The bundles are mainnet-only (their sandbox branches are compiled out): run them as mainnet,
  // reading the sandbox ledger through its mirror REST; SentX points at a closed local port.
  const env = {
    PATH: process.env.PATH ?? '',
    NETWORK: 'mainnet',
    NFT_TOKEN_ID: SANDBOX_DEFAULTS.NFT_TOKEN_ID,
    MARKETPLACE_ACCOUNT_ID: SANDBOX_DEFAULTS.MARKETPLACE_ACCOUNT_ID,
    SITE_ORIGIN: `http://127.0.0.1:${port}`,
    SENTX_API_BASE: 'http://127.0.0.1:9',
    SESSION_SECRET: 'cold-start-bench-session-secret-0123456789',
    LOG_LEVEL: 'silent',
    AWS_REGION: 'us-east-1',
    TABLE_NAME: tableName(),
    DYNAMODB_ENDPOINT: store.endpoint,
    DATA_DIR: process.env.DATA_DIR ?? '',
    MIRROR_NODE_URL: `http://127.0.0.1:${port}/sandbox/mirror`,
  };
  return {
    env,
    stop: async () => {
      await new Promise((closed) => server.close(closed));
      await store.close();
    },
  };
}

/** The HTTP API (payload 2.0) event of a route, with sample path parameters. */
function eventFor(route: RouteDef) {
  const pathParameters: Record<string, string> = {};
  const rawPath = route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => (pathParameters[name] = SAMPLE_PARAMS[name] ?? '1'));
  const routeKey = `${route.method} ${route.path}`;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { host: 'bench.local', 'user-agent': 'cold-start-bench' },
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: 'bench.local',
      domainPrefix: 'bench',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'cold-start-bench' },
      requestId: 'bench',
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
}

/** Runs in the fresh process: import the bundle, invoke once, report both timings. */
const CHILD = `
const [bundle, event] = process.argv.slice(1);
const context = { functionName: 'bench', awsRequestId: 'bench', callbackWaitsForEmptyEventLoop: false, getRemainingTimeInMillis: () => 15000 };
const start = performance.now();
const { handler } = await import(bundle);
const imported = performance.now();
const result = await handler(JSON.parse(event), context);
const done = performance.now();
process.stdout.write('\\n' + JSON.stringify({ importMs: imported - start, invokeMs: done - imported, status: result.statusCode }));
process.exit(0);
`;

interface Sample {
  importMs: number;
  invokeMs: number;
  status: number;
}

async function coldStart(bundle: string, event: unknown, env: Record<string, string>): Promise<Sample> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CHILD, bundle, JSON.stringify(event)], { env, timeout: 30_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Sample; // the last line: some dependencies log on import
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  const sandbox = await startSandbox();
  const rows: string[][] = [];
  try {
    for (const group of routeGroups()) {
      if (!existsSync(groupEntry(group))) {
        rows.push([group, `no handler yet (functions/${group}.ts)`, ...Array<string>(8).fill('-')]);
        continue;
      }
      const routes = ROUTES.filter((route) => route.group === group);
      const route = routes.find((candidate) => candidate.method === 'GET') ?? routes[0]!;
      const bundle = join(work, `${group}.mjs`);
      await build(groupBuildOptions(group, bundle));
      const code = readFileSync(bundle);
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i += 1) samples.push(await coldStart(bundle, eventFor(route), sandbox.env));
      const importMs = median(samples.map((sample) => sample.importMs));
      const invokeMs = median(samples.map((sample) => sample.invokeMs));
      const totals = samples.map((sample) => sample.importMs + sample.invokeMs);
      const total = median(totals);
      const first = totals[0]!;
      rows.push([
        group,
        `${route.method} ${route.path}`,
        kb(code.length),
        kb(gzipSync(code).length),
        importMs.toFixed(0),
        invokeMs.toFixed(0),
        total.toFixed(0),
        first.toFixed(0),
        String(samples[0]!.status),
        total <= TARGET_MS ? 'ok' : 'OVER',
      ]);
    }
  } finally {
    await sandbox.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const header = [
    'group',
    'route (first GET)',
    'bundle',
    'gzip',
    'import ms',
    'first call ms',
    'cold start ms',
    'first run ms',
    'status',
    `<= ${TARGET_MS} ms`,
  ];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  process.stdout.write(`\nLambda cold start (median of ${RUNS} fresh Node ${process.version} processes; import + first invocation)\n`);
  process.stdout.write('The first run of each group starts with an empty store: e.g. no shared collection owner snapshot yet.\n\n');
  process.stdout.write(`${[line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
