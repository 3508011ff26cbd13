import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Metafile, build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEDULED_JOBS, STREAM_FUNCTIONS, groupBuildOptions } from '../../infra/lib/bundling';
import { routeGroups } from '../../src/server/routes';

/** Groups whose bundles carry the Hedera ledger SDK: they get the larger budget. */
const LEDGER_SDK_GROUPS = ['allowance', 'market', 'paws'];
const KB = 1024;
/**
 * Issue 10's budgets: 500 KB, and 2 MB for groups that need the ledger SDK. The SDK groups fit
 * because the bundles keep only the SDK modules a handler uses (infra/lib/ledger-sdk-tree-shaking.ts)
 * and the settlement uses the SDK's gRPC-web client, not @grpc/grpc-js.
 */
const BUDGET = { plain: 500 * KB, ledgerSdk: 2048 * KB };
const LEDGER_SDK = /node_modules\/@hiero-ledger\/sdk\//;

const outDir = mkdtempSync(join(tmpdir(), 'wt-bundles-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const bundles = new Map<string, Promise<{ bytes: number; metafile: Metafile }>>();

/** Bundles a group exactly as the stack does (once per run); returns its size and what went in. */
function bundle(group: string): Promise<{ bytes: number; metafile: Metafile }> {
  let built = bundles.get(group);
  if (!built) {
    const outfile = join(outDir, `${group}.mjs`);
    built = build(groupBuildOptions(group, outfile)).then(({ metafile }) => ({ bytes: statSync(outfile).size, metafile: metafile! }));
    bundles.set(group, built);
  }
  return built;
}

/** True when the ledger SDK is reachable from `from` through any import, or only through static ones. */
function reachesLedgerSdk(metafile: Metafile, from: string, only: 'any' | 'static' = 'any'): boolean {
  const seen = new Set<string>();
  const pending = [from];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (LEDGER_SDK.test(path)) return true;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const imported of metafile.inputs[path]?.imports ?? []) if (only === 'any' || imported.kind !== 'dynamic-import') pending.push(imported.path);
  }
  return false;
}

/** Bytes of the ledger SDK in a bundle's output (unused SDK modules tree-shake to nothing). */
function ledgerSdkBytes(metafile: Metafile): number {
  const inputs = Object.values(metafile.outputs)[0]?.inputs ?? {};
  return Object.entries(inputs).reduce((sum, [path, input]) => sum + (LEDGER_SDK.test(path) ? input.bytesInOutput : 0), 0);
}

/** The app's dynamic imports that pull the ledger SDK into the bundle (esbuild inlines them all the same). */
function dynamicSdkImports(metafile: Metafile): string[] {
  return Object.entries(metafile.inputs)
    .filter(([path]) => !path.includes('node_modules/'))
    .flatMap(([path, input]) => input.imports.filter((imported) => imported.kind === 'dynamic-import').map((imported) => [path, imported.path] as const))
    .filter(([, imported]) => reachesLedgerSdk(metafile, imported))
    .map(([path, imported]) => `${path} -> ${imported}`);
}

/** The biggest packages in a bundle, for the failure message. */
function biggest(metafile: Metafile): string {
  const byPackage = new Map<string, number>();
  for (const [path, input] of Object.entries(Object.values(metafile.outputs)[0]!.inputs)) {
    const name = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? path.split('/').slice(0, 3).join('/');
    byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
  }
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, bytes]) => `${name} ${Math.round(bytes / KB)} KB`)
    .join(', ');
}

describe('Lambda bundle sizes (minified ESM, AWS SDK included)', () => {
  it.each(routeGroups())('%s stays within its budget', async (group) => {
    const { bytes, metafile } = await bundle(group);
    expect(ledgerSdkBytes(metafile) > 0, `update LEDGER_SDK_GROUPS for ${group}`).toBe(LEDGER_SDK_GROUPS.includes(group));
    const budget = LEDGER_SDK_GROUPS.includes(group) ? BUDGET.ledgerSdk : BUDGET.plain;
    const dynamic = dynamicSdkImports(metafile);
    const why = `biggest: ${biggest(metafile)}${dynamic.length ? `; the ledger SDK also comes in through ${dynamic.join(', ')}` : ''}`;
    expect(bytes, `${group}: ${Math.round(bytes / KB)} KB > ${budget / KB} KB; ${why}`).toBeLessThanOrEqual(budget);
    expect(
      Object.keys(metafile.inputs).filter((path) => path.startsWith('src/sandbox/')),
      'sandbox code in a Lambda bundle',
    ).toEqual([]);
  });
});

/** The live market's Lambdas (the WebSocket API's routes, the fan-out) hold to the plain budget (~370 KB). */
const STREAM_BUDGET = BUDGET.plain;

describe('the live market’s Lambda bundles', () => {
  it.each(STREAM_FUNCTIONS)('%s stays within its budget, without the ledger SDK or sandbox code', async (name) => {
    const { bytes, metafile } = await bundle(name);
    expect(bytes, `${name}: ${Math.round(bytes / KB)} KB; biggest: ${biggest(metafile)}`).toBeLessThanOrEqual(STREAM_BUDGET);
    expect(ledgerSdkBytes(metafile)).toBe(0);
    expect(Object.keys(metafile.inputs).filter((path) => path.startsWith('src/sandbox/'))).toEqual([]);
  });
});

describe('Lambda cold starts', () => {
  // esbuild runs a module reached only through import() when that import runs: a group that reads
  // (every first GET) neither evaluates the ledger SDK nor waits for it (issue 10's 250 ms target).
  it.each(LEDGER_SDK_GROUPS)('%s evaluates the ledger SDK on first use, not on import', async (group) => {
    const { metafile } = await bundle(group);
    expect(reachesLedgerSdk(metafile, `functions/${group}.ts`, 'static')).toBe(false);
    expect(reachesLedgerSdk(metafile, `functions/${group}.ts`)).toBe(true);
  });

  it.each(SCHEDULED_JOBS)('the %s job does not evaluate the ledger SDK on import', async (job) => {
    const { metafile } = await bundle(job);
    expect(metafile.inputs[`functions/${job}.ts`], 'the entry is in the metafile').toBeDefined();
    expect(reachesLedgerSdk(metafile, `functions/${job}.ts`, 'static')).toBe(false);
  });
});
