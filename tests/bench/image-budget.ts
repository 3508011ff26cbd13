/**
 * Image budget of a collection page on a phone (part of `npm run bench`; runnable alone:
 * `npx tsx tests/bench/image-budget.ts`): serves the built site (SITE_DIR, default dist/) with the
 * local server over a fresh sandbox store, opens /collection in headless Chromium as a 390x844
 * phone at 3x density, scrolls through the whole first page so every card's image loads, and adds
 * up the bytes of every image response (headers and body as transferred). Target: at most 1 MB
 * (1,048,576 bytes). Exits non-zero when a page fails to load, or over budget with BENCH_STRICT=1.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { startTestServer } from '../support/local-server';

export const IMAGE_BUDGET_BYTES = 1024 * 1024;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const STRICT = process.env.BENCH_STRICT === '1';
const projectRoot = resolve(import.meta.dirname, '../..');
const siteDir = resolve(projectRoot, process.env.SITE_DIR ?? 'dist');
if (!existsSync(join(siteDir, 'index.html'))) {
  process.stderr.write(`No site build in ${siteDir}: run \`npm run build\` first\n`);
  process.exit(1);
}

const server = await startTestServer({ site: true, env: { SITE_DIR: siteDir } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
let over = false;
try {
  const page = await browser.newPage(PHONE);
  const images: { url: string; bytes: number }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'image') return;
    void request.sizes().then((sizes) => images.push({ url: request.url(), bytes: sizes.responseHeadersSize + sizes.responseBodySize }));
  });
  await page.goto(`${server.origin}/collection`, { waitUntil: 'load' });
  await page.locator('article[data-serial]').first().waitFor({ timeout: 60_000 });
  const cards = await page.locator('article[data-serial]').count();
  // Scroll the whole page a screen at a time, so every lazily loaded card image is fetched.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += PHONE.viewport.height) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const total = images.reduce((sum, image) => sum + image.bytes, 0);
  const thumbnails = images.filter((image) => new URL(image.url).pathname.startsWith('/img/'));
  const widths = [...new Set(thumbnails.map((image) => new URL(image.url).pathname.split('/')[3]))].join(', ');
  over = total > IMAGE_BUDGET_BYTES;
  process.stdout.write(
    `/collection on a 390x844 phone (3x): ${cards} cards, ${images.length} images (${thumbnails.length} thumbnails at width ${widths || 'none'}), ` +
      `${(total / 1024).toFixed(0)} KiB of images (budget ${IMAGE_BUDGET_BYTES / 1024} KiB: ${over ? 'OVER' : 'met'})\n`,
  );
} finally {
  await browser.close();
  await server.dispose();
}
process.exit(STRICT && over ? 1 : 0);
