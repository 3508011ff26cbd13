import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { AppSecrets } from '../../infra/lib/constructs/app-secrets';
import { GroupFunction } from '../../infra/lib/constructs/group-function';
import { ROUTES } from '../../src/server/routes';

const outdir = mkdtempSync(join(tmpdir(), 'wt-bundle-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Bundles two real groups (health, prices) through the GroupFunction construct, as `cdk synth` does; returns their asset dirs. */
function bundleGroups(): Record<'health' | 'prices', string> {
  const stack = new Stack(new App({ outdir }), 'Bundling');
  const table = new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
  const secrets = new AppSecrets(stack, 'Secrets', { stage: 'test', removalPolicy: RemovalPolicy.DESTROY }).byName;
  const assets = { health: '', prices: '' };
  for (const group of ['health', 'prices'] as const) {
    const { fn } = new GroupFunction(stack, group, {
      stage: 'test',
      group,
      routes: ROUTES.filter((route) => route.group === group),
      table,
      secrets,
      environment: { NETWORK: 'sandbox' },
      logRemovalPolicy: RemovalPolicy.DESTROY,
    });
    const code = (fn.node.defaultChild as CfnFunction).code as CfnFunction.CodeProperty;
    assets[group] = join(outdir, `asset.${String(code.s3Key).replace(/\.zip$/, '')}`);
  }
  expect(readdirSync(outdir).filter((name) => name.startsWith('asset.'))).toHaveLength(2);
  return assets;
}

describe('Lambda bundling (the GroupFunction asset, built with the shared esbuild options)', () => {
  const assets = bundleGroups();
  const assetDir = assets.health;
  const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');

  it('bundles each group from its own entry', () => {
    expect(assets.health).not.toBe(assets.prices);
    expect(readFileSync(join(assets.prices, 'index.mjs'), 'utf8')).not.toBe(code);
  });

  it('writes one minified ESM file with a require shim and no source map', () => {
    expect(readdirSync(assetDir)).toEqual(['index.mjs']);
    expect(
      code.startsWith("import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);"),
    ).toBe(true);
    expect(code.length / code.split('\n').length, 'average line length of a minified file').toBeGreaterThan(1000);
    expect(code).not.toMatch(/sourceMappingURL/);
  });

  it('bundles the AWS SDK instead of relying on the runtime copy', () => {
    expect(code).not.toMatch(/from\s*["']@aws-sdk\//);
    expect(code).toContain('DescribeTable');
  });

  it('loads in Node 22 and exports the handler', () => {
    const script = `import(${JSON.stringify(join(assetDir, 'index.mjs'))}).then((m) => process.stdout.write(typeof m.handler))`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, NETWORK: 'sandbox', LOG_LEVEL: 'silent' },
    });
    expect(output.toString()).toBe('function');
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(false);
  });
});
