import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { atRest } from './at-rest';

/**
 * Axe's violations on the page (or within `selector`), as 'rule: targets' lines, judged at rest: axe blends a
 * fading element's colours into its contrast, and a toast fading out failed color-contrast on CI. Animations are
 * cut short (global.css's reduced-motion rules) and finished before the analysis, then motion is as it was.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await atRest(page);
    const builder = new AxeBuilder({ page });
    const { violations } = await (selector ? builder.include(selector) : builder).analyze();
    return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}
