/**
 * `npm test`: builds the site (and its WalletConnect build, PUBLIC_WALLET=walletconnect, into
 * test-results/site-walletconnect), runs vitest (unit, integration, API, infra) and Playwright (e2e in
 * Chromium, both builds), then prints one closing line "N passed, N failed". Both builds carry the
 * e2e settings of tests/e2e/support/e2e-build.ts. Set SKIP_BUILD=1 to reuse both builds.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { E2E_BUILD_ENV } from './e2e/support/e2e-build';

const root = resolve(import.meta.dirname, '..');
const reports = resolve(root, 'test-results');
mkdirSync(reports, { recursive: true });
const bin = (name: string) => resolve(root, 'node_modules/.bin', name);

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The site as the WalletConnect e2e needs it: the sandbox network with the WalletConnect adapter (any project id works with the test relay). */
const walletConnectSite = resolve(reports, 'site-walletconnect');
const walletConnectBuild = { ...E2E_BUILD_ENV, PUBLIC_WALLET: 'walletconnect', PUBLIC_WALLETCONNECT_PROJECT_ID: 'wild-tigers-e2e' };

// Both builds carry the e2e settings the specs assert (the community channels).
if (
  !process.env.SKIP_BUILD &&
  (run(bin('astro'), ['build'], E2E_BUILD_ENV) !== 0 || run(bin('astro'), ['build', '--outDir', walletConnectSite], walletConnectBuild) !== 0)
) {
  process.stdout.write('0 passed, 1 failed\n');
  process.exit(1);
}

const vitestJson = resolve(reports, 'vitest.json');
const vitestCode = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
const playwrightJson = resolve(reports, 'playwright.json');
// The WalletConnect e2e's Node wallet loads the library's wallet side, whose dist needs tsx to resolve.
const playwrightCode = run(bin('playwright'), ['test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  WALLETCONNECT_SITE_DIR: walletConnectSite,
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--import tsx'].filter(Boolean).join(' '),
});

const vitest = readJson(vitestJson) ?? {};
const playwright = (readJson(playwrightJson)?.stats ?? {}) as Record<string, number>;
const passed = Number(vitest.numPassedTests ?? 0) + Number(playwright.expected ?? 0);
let failed = Number(vitest.numFailedTests ?? 0) + Number(playwright.unexpected ?? 0) + Number(playwright.flaky ?? 0);
if (failed === 0 && (vitestCode !== 0 || playwrightCode !== 0)) failed = 1;
const skipped = Number(vitest.numPendingTests ?? 0) + Number(playwright.skipped ?? 0);

process.stdout.write(`\nvitest: ${vitest.numPassedTests ?? 0} passed; playwright: ${playwright.expected ?? 0} passed\n`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
