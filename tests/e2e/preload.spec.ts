import type { Page } from '@playwright/test';
import { NFT_TOKEN } from '../support/sandbox-client';
import { cards } from './support/market-flows';
import { expect, test } from './support/test';
import { patient } from './support/pace';

// The islands' fixed reads (market-client.ts, market-stats-client.ts, collection-client.ts).
const SALES = `/api/market/activity?token=${NFT_TOKEN}&activityFilter=Sales&amount=100`;
const LISTINGS = `/api/market/listings?token=${NFT_TOKEN}&sortBy=listingDate&sortDirection=DESC&fetchAll=true&limit=1000`;
const OWNERS = `/api/market/whales/${NFT_TOKEN}`;

/** How the page's resources were fetched: the initiator of each resource-timing entry, by path and query. */
async function fetchedBy(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const byPath: Record<string, string[]> = {};
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const url = new URL(entry.name);
      const key = url.pathname + url.search;
      byPath[key] = [...(byPath[key] ?? []), entry.initiatorType];
    }
    return byPath;
  });
}

const preloadLinks = (page: Page) =>
  page
    .locator('head link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((link) => [link.getAttribute('href'), link.getAttribute('crossorigin')]));

/**
 * Each preloaded read went to the network once, from the <link> while the HTML was parsed, and the
 * island's fetch took that answer: a fetch that missed it (another credentials mode, another URL)
 * would show as a second entry, from 'fetch'.
 */
async function expectPreloadedOnce(page: Page, paths: string[]): Promise<void> {
  expect(new Set(await preloadLinks(page))).toEqual(new Set(paths.map((path) => [path, 'use-credentials'])));
  const fetched = await fetchedBy(page);
  for (const path of paths) expect(fetched[path], path).toEqual(['link']);
}

test.describe('API reads start while the HTML is parsed', () => {
  test('marketplace: sales, listings, figures and owners', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(cards(page).first()).toBeVisible({ timeout: patient(20_000) });
    await expect(page.getByTestId('market-figures')).toHaveAttribute('aria-busy', 'false');
    await expectPreloadedOnce(page, [SALES, LISTINGS, '/api/market/figures', OWNERS]);
  });

  test('PAWS marketplace: figures and owners', async ({ page }) => {
    await page.goto('/paws-marketplace');
    await expect(page.getByTestId('market-figures')).toHaveAttribute('aria-busy', 'false', { timeout: patient(20_000) });
    await expectPreloadedOnce(page, ['/api/paws/stats', OWNERS]);
  });

  test('collection: floor and holders', async ({ page }) => {
    await page.goto('/collection');
    await expect(page.getByTestId('stat-floor')).toHaveText(/^\d[\d,.]* HBAR$/, { timeout: patient(20_000) });
    await expect(page.getByTestId('stat-holders')).toHaveText(/^\d[\d,]*$/);
    await expectPreloadedOnce(page, ['/api/market/floor', OWNERS]);
  });
});
