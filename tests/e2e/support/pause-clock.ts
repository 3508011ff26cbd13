import type { Page } from '@playwright/test';

/**
 * Stops the page's installed clock a second from its now, so that nothing on the page runs out of
 * time while a test looks. pauseAt refuses a time already past: on a busy host the page's second
 * could be over before the pause reached it (fresh-clone CI), so the now is read again and the pause
 * asked again until it lands.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (;;) {
    const at = await page.evaluate(() => Date.now() + 1_000);
    try {
      await page.clock.pauseAt(at);
      return;
    } catch (error) {
      if (!String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}
