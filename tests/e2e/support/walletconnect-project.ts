import type { PlaywrightTestConfig as BaseConfig } from '@playwright/test';

/** The WalletConnect e2e specs: they need the WalletConnect build of the site. */
export const WALLETCONNECT_SPECS = /walletconnect[^/]*\.spec\.ts$/;
/** Of those, the specs about the wallet's connection (tabs, drops, page changes), not the ledger's waits. */
const SESSION_SPECS = /walletconnect-(tabs|drops)\.spec\.ts$/;

type PlaywrightTestConfig = BaseConfig<object, { siteDir: string; sandboxClock: 'mainnet' | 'instant' }>;

/**
 * Adds the WalletConnect e2e to a config when WALLETCONNECT_SITE_DIR names a build made with
 * PUBLIC_WALLET=walletconnect, run first; the other projects never run those specs. Two projects,
 * whose workers serve that build, each over its own sandbox: 'walletconnect' on mainnet's clock (its
 * flows prove the ledger's waits through the real library), and 'walletconnect-sessions' on an
 * instant one (several tabs, relay drops, hidden pages and page changes: what they prove is where
 * the wallet's answers go, and the ledger's lag only made the e2e's longest pole longer: runs n1-n4).
 */
export function withWalletConnectProject(config: PlaywrightTestConfig): PlaywrightTestConfig {
  const projects = (config.projects ?? []).map((project) => ({ ...project, testIgnore: [WALLETCONNECT_SPECS, ...[project.testIgnore ?? []].flat()] }));
  const site = process.env.WALLETCONNECT_SITE_DIR;
  const first = projects[0];
  if (!site || !first) return { ...config, projects };
  const walletConnect = { ...first, testIgnore: undefined, grep: undefined, grepInvert: undefined, workers: 1 };
  return {
    ...config,
    // First: its flows are the longest (a wallet answering after the 45 s time-out), so they do not finish last.
    projects: [
      // One worker each, beside the others: the ledger flows run in order (one serial file).
      {
        ...walletConnect,
        name: 'walletconnect',
        testMatch: WALLETCONNECT_SPECS,
        testIgnore: SESSION_SPECS,
        use: { ...first.use, siteDir: site, sandboxClock: 'mainnet' },
      },
      { ...walletConnect, name: 'walletconnect-sessions', testMatch: SESSION_SPECS, use: { ...first.use, siteDir: site, sandboxClock: 'instant' } },
      ...projects,
    ],
  };
}
