import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { withWalletConnectProject } from './tests/e2e/support/walletconnect-project';

const port = Number(process.env.E2E_PORT ?? 4399);
const dataDir = join(tmpdir(), `wild-tigers-e2e-${port}`);
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
 * profile counts): run one at a time, beside the others, so that none spends another's allowance or tiger midway.
 */
const TRADING_SPECS = /(paws-market|offers|tiger-view|activity|profile)\.spec\.ts$/;

/** E2E: Debian's Chromium against the built site served by the local server over a fresh sandbox store. */
const config = defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    // First, so that one worker starts on the long trading flows at once while the other takes the rest.
    { name: 'trading', testMatch: TRADING_SPECS, workers: 1, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'chromium', testIgnore: TRADING_SPECS, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && "${process.execPath}" --import tsx src/server/local/start.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DYNAMODB_ENDPOINT: '',
      SITE_DIR: process.env.SITE_DIR ?? 'dist',
      // Mainnet's clock: consensus 2-4 s after a wallet's answer, the mirror node 5-8 s after that, 50 mirror requests/s per client.
      SANDBOX_CONSENSUS_DELAY_MS: '2000-4000',
      SANDBOX_MIRROR_LAG_MS: '5000-8000',
      SANDBOX_MIRROR_RATE_LIMIT: '50',
    },
  },
});

/** With WALLETCONNECT_SITE_DIR, also the WalletConnect build's e2e (tests/e2e/support/walletconnect-project.ts). */
export default withWalletConnectProject(config);
