import type { Page } from '@playwright/test';

/**
 * Waits until the page's finite animations (a dialog opening, a toast fading) have finished, so a
 * layout measured next is the one at rest: boxes read one after another mid-animation belong to
 * different frames (on a busy host, a sweep field read a frame after its form 'lay outside' it).
 */
export async function atRest(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
