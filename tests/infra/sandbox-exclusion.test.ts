/**
 * Sandbox code (src/sandbox) runs only locally: no Lambda bundle and no mainnet page build may
 * contain it. The Lambda bundler refuses it (infra/lib/sandbox-exclusion.ts), the mainnet site
 * build maps it to a module that only throws (astro.config.mjs).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, lambdaBuildOptions } from '../../infra/lib/bundling';

const work = mkdtempSync(join(tmpdir(), 'wt-sandbox-exclusion-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const isSandboxInput = (path: string) => path.split('?')[0]!.replace(/\\/g, '/').includes('/src/sandbox/') || path.startsWith('src/sandbox/');

/** Builds the site for `network` into a temp folder; returns every chunk's input modules. */
function siteBuild(network: 'mainnet' | 'sandbox', env: Record<string, string>): Record<string, string[]> {
  const inputsFile = join(work, `${network}-inputs.json`);
  execFileSync(join(REPO_ROOT, 'node_modules/.bin/astro'), ['build', '--outDir', join(work, `${network}-dist`)], {
    cwd: REPO_ROOT,
    env: { ...process.env, SITE_ORIGIN: '', ...env, PUBLIC_NETWORK: network, BUNDLE_INPUTS_FILE: inputsFile },
    stdio: 'pipe',
  });
  return JSON.parse(readFileSync(inputsFile, 'utf8')) as Record<string, string[]>;
}

describe('no sandbox code in a Lambda bundle', () => {
  // Each group's own bundle is checked in bundle-size.test.ts (it bundles them all already).
  it('an import of sandbox code fails the bundle instead of shipping it', async () => {
    const entry = join(REPO_ROOT, 'functions', `.sandbox-import-probe-${process.pid}.ts`);
    writeFileSync(entry, "export { sandboxPriceSource } from '../src/sandbox/sandbox-services';\n");
    try {
      await expect(build({ ...lambdaBuildOptions(entry, join(work, 'probe.mjs')), logLevel: 'silent' })).rejects.toThrow(
        /Sandbox code cannot be part of a Lambda bundle/,
      );
    } finally {
      rmSync(entry, { force: true });
    }
  });
});

describe('no sandbox code in the mainnet site build', () => {
  it('no page chunk of a mainnet build has an input from src/sandbox; a sandbox build has the sandbox wallet', () => {
    const mainnet = siteBuild('mainnet', { SITE_ORIGIN: 'https://wildtigers.example' });
    const leaks = Object.entries(mainnet).flatMap(([chunk, inputs]) =>
      inputs.filter(isSandboxInput).map((input) => `${chunk} <- ${relative(REPO_ROOT, input)}`),
    );
    expect(Object.keys(mainnet).length).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
    const sandbox = siteBuild('sandbox', { HOST: '127.0.0.1', PORT: '4598' });
    expect(Object.values(sandbox).flat().filter(isSandboxInput)).toEqual(
      expect.arrayContaining([expect.stringContaining('src/sandbox/wallet/sandbox-wallet.ts')]),
    );

    // Canonical links follow the configured origin, and a local build links to the port it will serve on.
    const canonical = (network: string) => /rel="canonical" href="([^"]+)"/.exec(readFileSync(join(work, `${network}-dist`, 'about.html'), 'utf8'))?.[1];
    expect(canonical('mainnet')).toBe('https://wildtigers.example/about');
    expect(canonical('sandbox')).toBe('http://127.0.0.1:4598/about');
  }, 120_000);
});
