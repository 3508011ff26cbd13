import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
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
import { startMemoryStore } from '../support/memory-store';

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

  it('carries none of the credential sources a Lambda never uses (profiles, SSO, web identity, processes, containers)', () => {
    for (const marker of ['sso_start_url', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'credential_process', 'AWS_CONTAINER_CREDENTIALS'])
      expect(code).not.toContain(marker);
  });

  it('signs its DynamoDB calls with the credentials of the Lambda environment, and with nothing else', async () => {
    const store = await startMemoryStore();
    try {
      const tableName = await store.newTable();
      const event = {
        version: '2.0',
        routeKey: 'GET /api/health',
        rawPath: '/api/health',
        headers: {},
        requestContext: { requestId: 'bundle-test', http: { method: 'GET' } },
      };
      const script = `import(${JSON.stringify(join(assetDir, 'index.mjs'))}).then(async (m) => { process.stdout.write(String((await m.handler(${JSON.stringify(event)}, {})).statusCode)); process.exit(0); })`;
      // Asynchronously: the store answers from this very process.
      const health = async (credentials: Record<string, string>) =>
        (
          await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
            timeout: 60_000,
            env: {
              PATH: process.env.PATH,
              NETWORK: 'sandbox',
              LOG_LEVEL: 'silent',
              TABLE_NAME: tableName,
              AWS_REGION: 'us-east-1',
              AWS_ENDPOINT_URL_DYNAMODB: store.endpoint,
              ...credentials,
            },
          })
        ).stdout;
      expect(await health({ AWS_ACCESS_KEY_ID: 'AKIDLAMBDA', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' })).toBe('200');
      // No profile, SSO or instance-metadata fallbacks are bundled: without the environment's credentials the store is unavailable.
      expect(await health({ HOME: '/nonexistent' })).toBe('503');
    } finally {
      await store.stop();
    }
  });
});
