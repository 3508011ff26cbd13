import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PAGE_PATHS } from '../../src/features/site/site';
import { sandboxDriver } from './support/wallet-driver';
import { watchRequests } from './support/quiet-network';
import { patient } from './support/pace';

/** Phones from the smallest still sold (320) to a common Android (360) and iPhone (390) width, a tablet and a desktop. */
const WIDTHS = [320, 360, 390, 768, 1440] as const;
/** Below this width the nav's links collapse into the menu (SiteNav.astro). */
const NAV_COLLAPSES_BELOW = 1024;
const PAGES = [...PAGE_PATHS, '/no-such-tiger'];

/**
 * What a reader would miss on this page: visible text pushed outside the viewport, and text cut
 * with an ellipsis. Decorations (aria-hidden) and content inside a container that scrolls
 * sideways on purpose are not counted.
 */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const scrollsSideways = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if ((overflowX === 'auto' || overflowX === 'scroll') && node.scrollWidth > node.clientWidth) return true;
      }
      return false;
    };
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *, header *, footer *'))) {
      if (element.closest('[aria-hidden="true"]') || element.closest('.sr-only')) continue;
      const text = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!text) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      const name = `${element.tagName.toLowerCase()} "${text.slice(0, 40)}"`;
      if ((box.right > width + 1 || box.left < -1) && !scrollsSideways(element)) found.push(`${name} spans ${Math.round(box.left)}..${Math.round(box.right)}`);
      if (getComputedStyle(element).textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) found.push(`${name} is cut with an ellipsis`);
    }
    return found;
  });
}

/** Lets the page lay itself out at its new width (two frames: media queries, then the islands' effects). */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

// One load per page, measured at every width by resizing the window (media queries apply as they would on a device).
for (const path of PAGES) {
  test(`${path} at ${WIDTHS.join(', ')} px: no sideways scrolling, nothing cut off, the menu within reach`, async ({ page }) => {
    test.setTimeout(patient(120_000));
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    const quiet = watchRequests(page);
    await page.goto(path);
    // The wallet menu hydrates when the browser is idle: on a busy phone that can take a while.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).first()).toBeEnabled({ timeout: patient(20_000) });
    // Let data-driven islands render their content (cards, tabs, tiles) before measuring.
    await quiet();

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await settle(page);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(clientWidth);
      expect(await cutOff(page), `cut off at ${width} px`).toEqual([]);

      const nav = page.getByRole('navigation', { name: 'Main' });
      const toggle = nav.getByRole('button', { name: 'Menu' });
      if (width < NAV_COLLAPSES_BELOW) {
        const box = await toggle.boundingBox();
        expect(box, `menu button at ${width} px`).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await toggle.click();
        await expect(nav.getByRole('link', { name: 'Collection' })).toBeInViewport();
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      } else {
        await expect(toggle).toBeHidden();
        await expect(nav.getByRole('link', { name: 'Collection' })).toBeInViewport();
      }
    }
  });
}

/** Everything in the banner (nav links, the wallet's buttons, the menu toggle) that lies outside the window. */
async function bannerOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll<HTMLElement>('header a, header button'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.right > width + 1 || box.left < -1);
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`);
  });
}

for (const width of [320, 768, 1024, 1280] as const) {
  test(`at ${width} px a connected wallet that is not signed in keeps the whole nav on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/marketplace');
    await sandboxDriver.pickAccount(page, 'Dave');
    await sandboxDriver.rejectNext(page);
    await expect(page.getByTestId('wallet-menu')).toBeVisible();
    expect(await bannerOutside(page)).toEqual([]);
    // Where the nav has room, the sign-in is one click away beside the account.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Authenticate' })).toBeVisible({ visible: width >= 1280 });
  });
}
