/**
 * Issue 20 items 4, 6 and 7: the PAWS market sorts and filters with its state in the URL (a reload
 * keeps it, Back/Forward step through it), the landing page's strip links to a tiger's view, and the
 * collection's market chart switches its time range.
 */
import type { Page } from '@playwright/test';
import { BOB, MARKETPLACE, NFT_TOKEN, call, ownedSerials, signAndExecute, signIn } from '../support/sandbox-client';
import { connectAs } from './support/sandbox-wallet';
import { expect, test } from './support/test';
import { patient } from './support/pace';

interface Listed {
  serialNumber: number;
  pawsPrice: string;
  traits: { trait_type: string; value: string }[];
}

/** Lists a tiger through the API as its owner's wallet would (the completion waits for the mirror: 409 until then). */
async function listViaApi(origin: string, cookie: string, seller: string, serial: number, price: string): Promise<void> {
  const prepared = await call<{ pendingListing: { id: string }; code?: string }>(origin, 'POST', '/api/paws/listings/prepare', {
    cookie,
    body: { sellerId: seller, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: price },
  });
  if (prepared.json.code === 'ALREADY_LISTED') return;
  expect(prepared.status).toBe(200);
  const allowance = await call<{ transactionBytes: string }>(origin, 'POST', '/api/paws/allowance/prepare', {
    cookie,
    body: { ownerAccountId: seller, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
  });
  const approval = await signAndExecute(origin, seller, allowance.json.transactionBytes);
  expect(approval.status).toBe('SUCCESS');
  await expect
    .poll(
      async () =>
        (
          await call(origin, 'POST', '/api/paws/listings/complete', {
            cookie,
            body: { pendingListing: prepared.json.pendingListing, approvalTransactionId: approval.transactionId },
          })
        ).status,
      { timeout: patient(45_000), intervals: [2_000] },
    )
    .toBe(200);
}

/** The prices of the market tab's cards, in order. */
async function cardPrices(page: Page): Promise<number[]> {
  // Each card's price line (a card's offers name PAWS amounts too).
  const texts = await page.getByTestId('paws-listings-grid').locator('p.text-primary').allInnerTexts();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

test.describe('browsing', () => {
  test('the PAWS market sorts and filters, its view in the URL: a reload keeps it, Back steps back', async ({ page, baseURL }) => {
    test.setTimeout(patient(180_000));
    const origin = baseURL as string;
    const cookie = await signIn(origin, BOB);
    const serials = (await ownedSerials(origin, BOB)).slice(0, 3);
    for (const [index, price] of ['7', '300', '45'].entries()) await listViaApi(origin, cookie, BOB, serials[index] as number, price);
    const all = (await call<{ listings: Listed[] }>(origin, 'GET', '/api/paws/listings?limit=100')).json.listings;
    const mine = all.find((entry) => entry.serialNumber === serials[0]) as Listed;
    const trait = mine.traits[0] as { trait_type: string; value: string };
    const matching = all.filter((entry) => entry.traits.some((t) => t.trait_type === trait.trait_type && t.value === trait.value)).length;

    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
    const grid = page.getByTestId('paws-listings-grid');
    await expect(grid.getByRole('heading', { name: `Wild Tiger #${serials[0]}` })).toBeVisible();

    // Sort: price low to high.
    await page.getByLabel('Sort by').selectOption('price-low');
    await expect(page).toHaveURL(/[?&]sort=price-low/);
    const sorted = async () => {
      const prices = await cardPrices(page);
      return prices.every((price, index) => index === 0 || (prices[index - 1] as number) <= price) ? prices.length : 0;
    };
    await expect.poll(sorted).toBeGreaterThanOrEqual(3);

    // Filter by one trait of Bob's first tiger.
    const filters = page.locator('#paws-filters');
    if (!(await filters.isVisible())) await page.getByRole('button', { name: 'Filters' }).click();
    // The value names its count among the listings and its floor across both markets (trait floors).
    const name = new RegExp(`^${trait.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, ${matching} tigers?, floor [\\d,.]+ PAWS$`);
    const group = filters.locator('details').filter({ has: page.getByRole('checkbox', { name, includeHidden: true }) });
    await group.locator('summary').click();
    const box = group.getByRole('checkbox', { name });
    await box.check();
    await expect.poll(() => new URL(page.url()).searchParams.get('traits')).toBe(`${trait.trait_type}:${trait.value}`);
    await expect(page.getByTestId('paws-listings-summary')).toHaveText(`${matching} of ${all.length} listings match the filters`);
    await expect(grid.getByRole('heading', { name: `Wild Tiger #${serials[0]}` })).toBeVisible();

    // A reload shows the same view.
    await page.reload();
    await expect(page.getByTestId('paws-listings-summary')).toHaveText(`${matching} of ${all.length} listings match the filters`);
    await expect(page.getByLabel('Sort by')).toHaveValue('price-low');
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(trait.value);
    await expect.poll(sorted).toBeGreaterThanOrEqual(1);

    // Back: the filter goes, then the sort.
    await page.goBack();
    await expect(page).not.toHaveURL(/traits=/);
    await expect(page.getByTestId('paws-listings-summary')).toHaveText(`${all.length} listings`);
    await expect(page.getByLabel('Sort by')).toHaveValue('price-low');
    await page.goBack();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
  });

  test('each market page says which tier scale its badges use, and opens the scale from the keyboard', async ({ page }) => {
    for (const [path, summary, first] of [
      ['/marketplace', 'Tiers on this page follow the rarity percentile (SentX’s scale)', 'Mythic: the rarest 1%'],
      ['/collection', 'Tiers on this page follow the rarity rank', 'Legendary: rank 1 to 100'],
      ['/paws-marketplace', 'Tiers on this page follow the rarity rank', 'Legendary: rank 1 to 100'],
    ] as const) {
      await page.goto(path);
      const scale = page.getByTestId('tier-scale');
      await expect(scale.locator('summary')).toHaveText(summary);
      await expect(scale.getByRole('listitem').first()).toBeHidden();
      await scale.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(scale.getByRole('listitem').first()).toHaveText(first);
    }
  });

  test('the landing strip shows real tigers and links to their views', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('#tigers');
    await section.scrollIntoViewIfNeeded();
    const rarest = section.getByRole('region', { name: 'Rarest listed' });
    const first = rarest.getByTestId('strip-tiger').first();
    await expect(first).toBeVisible({ timeout: patient(15_000) });
    await expect(first).toHaveAttribute('href', /^\/collection\?tiger=\d+$/);
    await expect(section.getByRole('region', { name: 'Latest sales' }).getByTestId('strip-tiger').first()).toHaveAttribute('href', /^\/collection\?tiger=\d+$/);
    const href = (await first.getAttribute('href')) as string;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
  });

  test('the market chart shows floor, volume and sales with hover values, and switches ranges', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const days = new URL(request.url()).searchParams.get('days');
      if (request.url().includes('/api/market/stats') && days) asked.push(days);
    });
    await page.goto('/collection');
    const ranges = page.getByRole('group', { name: 'Time range' });
    const chart = page.getByTestId('market-chart');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('canvas')).toHaveCount(2);
    await expect(ranges.getByRole('button', { name: '30 d', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('market-chart-description')).toContainText('of the last 30 days');

    const readout = page.getByTestId('market-chart-readout');
    const latest = await readout.innerText();
    const plot = chart.locator('.u-over').first();
    const area = (await plot.boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(area.x + 4, area.y + area.height / 2);
    await expect(readout).not.toHaveText(latest);
    await expect(readout).toContainText(/Floor .* Volume .* HBAR .*sales?/);
    // Both panels draw one time axis: the same plot width, and the hover's line on one day in each.
    const [floorPlot, activityPlot] = await Promise.all([0, 1].map((index) => chart.locator('.u-over').nth(index).boundingBox()));
    expect(activityPlot?.x).toBeCloseTo(floorPlot?.x as number, 0);
    expect(activityPlot?.width).toBeCloseTo(floorPlot?.width as number, 0);
    await page.mouse.move(area.x + area.width * 0.6, area.y + area.height / 2);
    const lines = chart.locator('.u-cursor-x');
    await expect(lines).toHaveCount(2);
    const [floorLine, activityLine] = await Promise.all([0, 1].map((index) => lines.nth(index).boundingBox()));
    expect(Math.abs((floorLine?.x as number) - (activityLine?.x as number))).toBeLessThanOrEqual(1);

    await ranges.getByRole('button', { name: '7 d', exact: true }).click();
    await expect(ranges.getByRole('button', { name: '7 d', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('market-chart-description')).toContainText('of the last 7 days');
    await expect(chart).toHaveAttribute('data-days', '7');
    await ranges.getByRole('button', { name: 'All', exact: true }).click();
    await expect(ranges.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => asked).toEqual(expect.arrayContaining(['30', '7', '365']));
  });
});
