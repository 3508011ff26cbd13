import { defineConfig, devices } from '@playwright/test';
import type { SandboxClock } from './tests/e2e/support/test';
import { patient } from './tests/e2e/support/pace';
import { withWalletConnectProject } from './tests/e2e/support/walletconnect-project';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Specs that trade the demo accounts' tigers and PAWS (listings, purchases, offers, allowances, the holdings a
 * profile counts): their own projects, so that their workers' sandboxes are never shared with the specs that
 * expect the demo accounts as seeded (an offer's notice in place of the sign-in toast, say).
 */
const TRADING_SPECS = /(paws-market|paws-bulk|offers|tiger-view|activity|profile|live-market|listing-context)\.spec\.ts$/;
/** Specs on a sandbox with other settings (its fees): a project of their own, so no other project's worker restarts for them. */
const FEE_SPECS = /custom-fees\.spec\.ts$/;

/** Tests that exist to prove the ledger's waits (list, approve-and-buy, unlist, HBAR purchase, offer accept, late answers): tagged so. */
const LEDGER_TAG = /@ledger/;

const desktop = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * E2E: Debian's Chromium against the built site (SITE_DIR, default dist). Each worker starts its own local
 * server over a fresh sandbox store (tests/e2e/support/test.ts), so specs running side by side never spend
 * each other's tigers, PAWS or allowances. Two speeds: the ledger flows on mainnet's clock in their own
 * project ('ledger'; 'walletconnect' too), the page, layout and form specs on an instant one ('pages', 'trading',
 * 'walletconnect-sessions').
 */
const config = defineConfig<object, { siteDir: string; sandboxClock: SandboxClock; sandboxEnv: Record<string, string> }>({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // On CI's two cores: five at a time, as the projects below allow. The ledger flows mostly wait for consensus and the
  // mirror node (the cores were 40-80% idle while three of them ran alone), so up to three of them and the WalletConnect
  // flows run beside the page specs. Six at a time was slower (run n4: e2e 11.4 min against 10.4 with five). Each test
  // runs slower than alone: wait for what a test reads (the DOM's text, not innerText, of cards rendered only near view).
  workers: process.env.CI ? 5 : undefined,
  retries: 0,
  // Time-outs bound hangs, as long as this host needs (support/pace.ts: three times as long on CI).
  timeout: patient(60_000),
  // On CI's two cores, with the browsers and their servers busy, a heavy page (the markets) took over 7 s to show after a reload.
  expect: { timeout: patient(10_000) },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // CI prints text only and a trace costs the browser a quarter of its time: traces are kept on failure locally.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    // First: the long ledger flows start at once.
    { name: 'ledger', grep: LEDGER_TAG, workers: 3, use: { ...desktop, sandboxClock: 'mainnet' } },
    { name: 'trading', testMatch: TRADING_SPECS, grepInvert: LEDGER_TAG, workers: 2, use: { ...desktop, sandboxClock: 'instant' } },
    { name: 'pages', testIgnore: [TRADING_SPECS, FEE_SPECS], grepInvert: LEDGER_TAG, workers: 3, use: { ...desktop, sandboxClock: 'instant' } },
    {
      name: 'fees',
      testMatch: FEE_SPECS,
      workers: 1,
      use: { ...desktop, sandboxClock: 'instant', sandboxEnv: { SANDBOX_ROYALTY_COLLECTOR_PAWS: 'unassociated' } },
    },
  ],
});

/** With WALLETCONNECT_SITE_DIR, also the WalletConnect build's e2e (tests/e2e/support/walletconnect-project.ts). */
export default withWalletConnectProject(config);
