/**
 * Playwright's `test` for every e2e spec: pages run under the production Content-Security-Policy
 * (the local server sends CloudFront's headers), and a CSP violation on any page of the test's
 * context fails the test, naming the directive and what it blocked.
 */
import { test as base, expect } from '@playwright/test';

const MARK = 'CSP violation:';

export const test = base.extend<{ cspViolations: string[] }>({
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
