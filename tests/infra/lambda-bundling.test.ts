import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { AppSecrets } from '../../infra/lib/constructs/app-secrets';
import { GroupFunction } from '../../infra/lib/constructs/group-function';
import { ROUTES } from '../../src/server/routes';

const outdir = mkdtempSync(join(tmpdir(), 'wt-bundle-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Bundles one real group (health) through NodejsFunction, as `cdk synth` does. */
function bundleHealth(): string {
  const stack = new Stack(new App({ outdir }), 'Bundling');
  const table = new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
  const secrets = new AppSecrets(stack, 'Secrets', { stage: 'test', removalPolicy: RemovalPolicy.DESTROY }).byName;
  new GroupFunction(stack, 'Health', {
    stage: 'test',
    group: 'health',
    routes: ROUTES.filter((route) => route.group === 'health'),
    table,
    secrets,
    environment: { NETWORK: 'sandbox' },
    logRemovalPolicy: RemovalPolicy.DESTROY,
  });
  const assetDirs = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
  expect(assetDirs).toHaveLength(1);
  return join(outdir, assetDirs[0]!);
}

describe('Lambda bundling (NodejsFunction with the shared esbuild options)', () => {
  const assetDir = bundleHealth();
  const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');

  it('writes one minified ESM file with a require shim and no source map', () => {
    expect(readdirSync(assetDir)).toEqual(['index.mjs']);
    expect(code.startsWith("import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);")).toBe(true);
    expect(code.length / code.split('\n').length, 'average line length of a minified file').toBeGreaterThan(1000);
    expect(code).not.toMatch(/sourceMappingURL/);
  });

  it('bundles the AWS SDK instead of relying on the runtime copy', () => {
    expect(code).not.toMatch(/from\s*["']@aws-sdk\//);
    expect(code).toContain('DescribeTable');
  });

  it('loads in Node 22 and exports the handler', () => {
    const script = `import(${JSON.stringify(join(assetDir, 'index.mjs'))}).then((m) => process.stdout.write(typeof m.handler))`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH, NETWORK: 'sandbox', LOG_LEVEL: 'silent' } });
    expect(output.toString()).toBe('function');
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(false);
  });
});
