/**
 * Playwright's `test` for every e2e spec: each worker runs its own local server over a fresh sandbox
 * store on its project's `sandboxClock`, serving the project's `siteDir` build, and `baseURL` points at it, so
 * specs running side by side never spend each other's tigers, PAWS or allowances; pages
 * run under the production Content-Security-Policy (the local server sends CloudFront's headers), and
 * a CSP violation on any page of the test's context fails the test, naming the directive and what it
 * blocked; so does a class list with two Tailwind classes for the same thing, in any state a page
 * passed through (tests/support/class-conflicts.ts).
 */
import { test as base, expect } from '@playwright/test';
import { classConflicts } from '../../support/class-conflicts';
import { type TestServer, startTestServer } from '../../support/local-server';
import { patient } from './pace';

const MARK = 'CSP violation:';
const CLASS_BINDING = '__wildTigersClassLists';

/** Runs in each page before its scripts: reports every distinct class attribute any element ever has. */
function reportClassLists(binding: string) {
  const seen = new Set<string>();
  const fresh: string[] = [];
  const record = (element: Element) => {
    const list = element.getAttribute('class');
    if (!list || seen.has(list)) return;
    seen.add(list);
    fresh.push(list);
  };
  new MutationObserver((records) => {
    for (const entry of records) {
      if (entry.type === 'attributes') record(entry.target as Element);
      for (const node of entry.addedNodes) {
        if (!(node instanceof Element)) continue;
        record(node);
        for (const element of node.querySelectorAll('[class]')) record(element);
      }
    }
    const report = (window as unknown as Record<string, unknown>)[binding] as (lists: string[]) => void;
    if (fresh.length > 0) report(fresh.splice(0));
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
}

/**
 * The sandbox network's clock for a project's workers: 'mainnet' (consensus 2-4 s after a wallet's answer, the
 * mirror node 5-8 s after that) for the flows that exist to prove the ledger waits; 'instant' (both 0) for
 * the page, layout and form specs. Either way the mirror's limit (50 requests/s per client) holds.
 */
export type SandboxClock = 'mainnet' | 'instant';

export const test = base.extend<
  { cspViolations: string[]; classLists: Set<string>; serverLog: undefined },
  { siteDir: string; sandboxClock: SandboxClock; sandboxEnv: Record<string, string>; sandboxServer: TestServer; sandboxOrigin: string }
>({
  siteDir: [process.env.SITE_DIR ?? 'dist', { scope: 'worker', option: true }],
  sandboxClock: ['instant', { scope: 'worker', option: true }],
  /** More settings of the sandbox network (its fees): a describe that sets them gets workers of its own. */
  sandboxEnv: [{}, { scope: 'worker', option: true }],
  sandboxServer: [
    async ({ siteDir, sandboxClock, sandboxEnv }, use) => {
      // The reconciler on its default timer, as with `npm start`.
      const server = await startTestServer({
        site: true,
        mainnetClock: sandboxClock === 'mainnet',
        env: { SITE_DIR: siteDir, RECONCILER_INTERVAL_MS: '60000', ...sandboxEnv },
      });
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: patient(150_000) },
  ],
  sandboxOrigin: [async ({ sandboxServer }, use) => use(sandboxServer.origin), { scope: 'worker' }],
  baseURL: async ({ sandboxOrigin }, use) => use(sandboxOrigin),
  /** A failed test carries what the server logged while it ran (its warnings and errors: a mirror read out of budget, a 5xx), as the report's attachment. */
  serverLog: [
    async ({ sandboxServer }, use, testInfo) => {
      const from = sandboxServer.output().length;
      await use(undefined);
      const logged = sandboxServer.output().slice(from).trim();
      if (testInfo.status !== testInfo.expectedStatus && logged) await testInfo.attach('server log', { body: logged, contentType: 'text/plain' });
    },
    { auto: true },
  ],
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
  classLists: [
    async ({ context }, use) => {
      const lists = new Set<string>();
      await context.exposeBinding(CLASS_BINDING, (_source, fresh: string[]) => {
        for (const list of fresh) lists.add(list);
      });
      await context.addInitScript(reportClassLists, CLASS_BINDING);
      await use(lists);
      expect(classConflicts(lists), 'class lists with conflicting Tailwind classes').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
