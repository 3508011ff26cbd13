import type { Page } from '@playwright/test';

/**
 * Holds the page's requests to `path` (those whose body `matches` picks) until the returned release:
 * a write waits at its ledger step for as long as the test looks at it, whatever the ledger's pace.
 */
export async function holdRequests(page: Page, path: string, matches: (body: string) => boolean = () => true): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    if (matches(route.request().postData() ?? '')) await released;
    await route.continue();
  });
  return release;
}
