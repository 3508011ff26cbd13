/**
 * Playwright's `test` for every e2e spec: each worker runs its own local server over a fresh sandbox
 * store on mainnet's clock, serving the project's `siteDir` build, and `baseURL` points at it, so
 * specs running side by side never spend each other's tigers, PAWS or allowances; pages
 * run under the production Content-Security-Policy (the local server sends CloudFront's headers), and
 * a CSP violation on any page of the test's context fails the test, naming the directive and what it
 * blocked.
 */
import { test as base, expect } from '@playwright/test';
import { startTestServer } from '../../support/local-server';

const MARK = 'CSP violation:';

export const test = base.extend<{ cspViolations: string[] }, { siteDir: string; sandboxOrigin: string }>({
  siteDir: [process.env.SITE_DIR ?? 'dist', { scope: 'worker', option: true }],
  sandboxOrigin: [
    async ({ siteDir }, use) => {
      // Mainnet's clock (consensus 2-4 s after a wallet's answer, the mirror node 5-8 s after that, 50
      // mirror requests/s per client), and the reconciler on its default timer, as with `npm start`.
      const server = await startTestServer({ site: true, mainnetClock: true, env: { SITE_DIR: siteDir, RECONCILER_INTERVAL_MS: '60000' } });
      await use(server.origin);
      await server.dispose();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ sandboxOrigin }, use) => use(sandboxOrigin),
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript((mark) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`${mark} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile || 'page'}:${event.lineNumber})`);
        });
      }, MARK);
      context.on('console', (message) => {
        const text = message.text();
        if (text.startsWith(MARK)) violations.push(`${message.page()?.url() ?? ''}: ${text}`);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
