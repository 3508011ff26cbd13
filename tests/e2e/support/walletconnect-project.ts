import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';

/** The WalletConnect e2e specs: they need the WalletConnect build of the site. */
export const WALLETCONNECT_SPECS = /walletconnect[^/]*\.spec\.ts$/;

type WebServer = NonNullable<Extract<PlaywrightTestConfig['webServer'], { command: string }>>;

/**
 * Adds the WalletConnect e2e to a config when WALLETCONNECT_SITE_DIR names a build made with
 * PUBLIC_WALLET=walletconnect: a 'walletconnect' project running tests/e2e/walletconnect*.spec.ts
 * against a second local server (the first server's settings, its own port, data and site). The
 * other projects never run those specs.
 */
export function withWalletConnectProject(config: PlaywrightTestConfig): PlaywrightTestConfig {
  const projects = (config.projects ?? []).map((project) => ({ ...project, testIgnore: [WALLETCONNECT_SPECS, ...[project.testIgnore ?? []].flat()] }));
  const site = process.env.WALLETCONNECT_SITE_DIR;
  const server = config.webServer as WebServer | undefined;
  const first = projects[0];
  if (!site || !server || !first) return { ...config, projects };

  const port = Number(process.env.E2E_WALLETCONNECT_PORT ?? Number(server.env?.PORT ?? 4399) + 1);
  const dataDir = join(tmpdir(), `wild-tigers-e2e-walletconnect-${port}`);
  const origin = `http://127.0.0.1:${port}`;
  return {
    ...config,
    projects: [
      ...projects,
      { ...first, name: 'walletconnect', testIgnore: undefined, testMatch: WALLETCONNECT_SPECS, workers: undefined, use: { ...first.use, baseURL: origin } },
    ],
    webServer: [
      server,
      {
        ...server,
        command: `rm -rf ${dataDir} && "${process.execPath}" --import tsx src/server/local/start.ts`,
        url: `${origin}/api/health`,
        env: { ...server.env, PORT: String(port), DATA_DIR: dataDir, SITE_DIR: site },
      },
    ],
  };
}
