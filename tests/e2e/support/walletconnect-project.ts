import type { PlaywrightTestConfig as BaseConfig } from '@playwright/test';

/** The WalletConnect e2e specs: they need the WalletConnect build of the site. */
export const WALLETCONNECT_SPECS = /walletconnect[^/]*\.spec\.ts$/;

type PlaywrightTestConfig = BaseConfig<object, { siteDir: string; sandboxClock: 'mainnet' | 'instant' }>;

/**
 * Adds the WalletConnect e2e to a config when WALLETCONNECT_SITE_DIR names a build made with
 * PUBLIC_WALLET=walletconnect: a 'walletconnect' project running tests/e2e/walletconnect*.spec.ts
 * whose workers serve that build (each over its own sandbox on mainnet's clock: its flows prove the
 * ledger's waits through the real library), run first. The other projects never run those specs.
 */
export function withWalletConnectProject(config: PlaywrightTestConfig): PlaywrightTestConfig {
  const projects = (config.projects ?? []).map((project) => ({ ...project, testIgnore: [WALLETCONNECT_SPECS, ...[project.testIgnore ?? []].flat()] }));
  const site = process.env.WALLETCONNECT_SITE_DIR;
  const first = projects[0];
  if (!site || !first) return { ...config, projects };
  return {
    ...config,
    // First: its flows are the longest (a wallet answering after the 45 s time-out), so they do not finish last.
    projects: [
      {
        ...first,
        name: 'walletconnect',
        testIgnore: undefined,
        testMatch: WALLETCONNECT_SPECS,
        grep: undefined,
        grepInvert: undefined,
        // Its flows mostly wait on the ledger: two workers beside the others (its serial file stays in one). With one, its
        // 16 tests (10 min in all) were the e2e's longest pole: 11.0 min, and 16.6 min for the whole .ci/run (run n1).
        workers: 2,
        use: { ...first.use, siteDir: site, sandboxClock: 'mainnet' },
      },
      ...projects,
    ],
  };
}
