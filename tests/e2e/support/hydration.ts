import type { Page } from '@playwright/test';

/**
 * Records React hydration failures on `page` from now on (error #418 and its kin, thrown or logged),
 * each with the page's address; the returned function reads them.
 */
export function watchHydrationErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  return () => errors.filter((text) => /#418|hydrat/i.test(text));
}
