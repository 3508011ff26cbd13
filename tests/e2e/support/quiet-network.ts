import { type Page, type Request, expect } from '@playwright/test';

/**
 * Watches the page's requests from now on; the returned function waits until every one has its answer
 * and none has started for `quietMs`. Playwright's 'networkidle' is no use here: the marketplace's
 * reads of sales and listings, which its stores take over from the page's preloads, never report their
 * end to it, so it waited ~30 s, until the browser dropped them, though the page had long used them.
 */
export function watchRequests(page: Page): (quietMs?: number) => Promise<void> {
  const waiting = new Set<Request>();
  let changedAt = Date.now();
  const answered = (request: Request) => {
    if (waiting.delete(request)) changedAt = Date.now();
  };
  page.on('request', (request) => {
    waiting.add(request);
    changedAt = Date.now();
  });
  page.on('response', (response) => answered(response.request()));
  page.on('requestfailed', answered);
  return async (quietMs = 500) => {
    await expect.poll(() => waiting.size === 0 && Date.now() - changedAt >= quietMs, { message: 'the page stops requesting', intervals: [100] }).toBe(true);
  };
}
