import { resolve } from 'node:path';
import { type BuildOptions, build } from 'esbuild';
import { ledgerSdkTreeShaking } from './ledger-sdk-tree-shaking';
import { sandboxExclusion } from './sandbox-exclusion';

/** The repository root (package.json, package-lock.json, functions/, dist/). */
export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** Lambdas that serve no route but run on a schedule, bundled as the route groups are (functions/<name>.ts). */
export const SCHEDULED_JOBS = ['reconciler'] as const;

/** The live market's Lambdas, bundled as the route groups are: the WebSocket API's routes and the fan-out of the table's stream. */
export const STREAM_FUNCTIONS = ['stream', 'stream-fanout'] as const;

/** The Lambda entry of a route group: functions/<group>.ts. */
export function groupEntry(group: string): string {
  return resolve(REPO_ROOT, 'functions', `${group}.ts`);
}

/** Gives the ESM bundle a `require` for the CommonJS dependencies esbuild inlines (aliased to avoid name clashes). */
const REQUIRE_BANNER = "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/**
 * How every Lambda handler is bundled: one minified ESM file (written as `.mjs`) for Node 22 with
 * every dependency inlined, the AWS SDK v3 clients included, no source map, and only the parts of
 * the Hedera SDK a handler uses (ledger-sdk-tree-shaking.ts), and nothing from src/sandbox
 * (sandbox-exclusion.ts). The CDK stack (through
 * infra/bin/bundle-group.ts), the bundle-size test and the cold-start bench all bundle this way.
 * `entry` is a TypeScript module, `outfile` a `.mjs` path; the build writes a metafile.
 */
export function lambdaBuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: REQUIRE_BANNER },
    minify: true,
    /** Off: the app's errors set their `name` explicitly, so logs stay readable without the extra bytes. */
    keepNames: false,
    sourcemap: false,
    plugins: [sandboxExclusion(), ledgerSdkTreeShaking()],
    /** A Lambda's AWS credentials are in its environment: the SDK's provider chain is reduced to that (lambda-credentials.ts). */
    alias: { '@aws-sdk/credential-provider-node': resolve(import.meta.dirname, 'lambda-credentials.ts') },
    bundle: true,
    entryPoints: [entry],
    outfile,
    metafile: true,
    logLevel: 'warning',
  };
}

/** esbuild options that bundle one group's handler into `outfile` (a `.mjs` path), with a metafile. */
export function groupBuildOptions(group: string, outfile: string): BuildOptions {
  return lambdaBuildOptions(groupEntry(group), outfile);
}

/** Bundles one group's handler to `<outDir>/index.mjs`, the file the Lambda runs (`index.handler`). */
export async function bundleGroup(group: string, outDir: string): Promise<void> {
  await build(groupBuildOptions(group, resolve(outDir, 'index.mjs')));
}
