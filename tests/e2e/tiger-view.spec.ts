import type { Locator, Page } from '@playwright/test';
import { BOB } from '../../src/sandbox/ledger/demo-accounts';
import { axeViolations } from './support/axe';
import { LEDGER_FLOW_MS, MARKETPLACE, PAWS_TOKEN } from './support/ledger';
import { listLastTiger } from './support/paws-flows';
import { approveNext, connectAs, disconnect } from './support/sandbox-wallet';
import { expect, test } from './support/test';
import { sandboxDriver } from './support/wallet-driver';
import { patient } from './support/pace';

/** The view of `serial`, a dialog labelled by the tiger's name. */
const tigerView = (page: Page, serial: number) => page.getByRole('dialog', { name: `Wild Tiger #${serial}`, exact: true });
const serialOf = async (card: Locator) => Number(await card.getAttribute('data-serial'));

/** The view shows the tiger: rank / 3,333, its traits each with its share, and both listing lines. */
async function expectTigerShown(view: Locator, serial: number): Promise<void> {
  // Opened from the address, it waits for the page to hydrate and the view's code to load: longer while the other workers load pages too.
  await expect(view).toBeVisible({ timeout: patient(20_000) });
  await expect(view.getByTestId('tiger-view-rank')).toContainText('/ 3,333');
  const traits = view.getByRole('list', { name: 'Traits' }).getByRole('listitem');
  await expect(traits.first()).toBeVisible();
  await expect(traits.first()).toContainText(/\d+(\.\d+)?% have it/);
  await expect(view.getByRole('region', { name: 'Listings' })).toBeVisible();
  await expect(view.getByTestId('tiger-view-owner')).toContainText(/0\.0\.\d+|Not Minted/);
  await expect(view.getByRole('heading', { name: `Wild Tiger #${serial}` })).toBeVisible();
}

test.describe('the view of one tiger', () => {
  test('opens from a /collection card with its HBAR listing, is shareable by URL, and closes with Back', async ({ page }) => {
    // Three loads of the collection and four openings of the view: beside three ledger flows starting on two cores it took 70 s (each step within its own wait).
    test.setTimeout(patient(120_000));
    await page.goto('/collection?sort=price-low');
    const first = page.locator('article[data-serial]').first();
    await expect(first.getByTestId('price')).toContainText('HBAR');
    const serial = await serialOf(first);
    const price = (await first.getByTestId('price').innerText()).trim();
    await first.getByRole('link', { name: `View Wild Tiger #${serial}` }).click();
    const view = tigerView(page, serial);
    await expectTigerShown(view, serial);
    await expect(view.getByTestId('listing-HBAR')).toContainText(price);
    await expect(view.getByRole('button', { name: 'Buy with HBAR' })).toBeVisible();
    await expect(view.getByTestId('no-paws-listing')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/collection\\?sort=price-low&tiger=${serial}$`));
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    // A reload of its address shows the same view.
    await page.reload();
    await expectTigerShown(tigerView(page, serial), serial);
    await expect(tigerView(page, serial).getByTestId('listing-HBAR')).toContainText(price);

    // Back closes it and leaves the page's own address; the close button too.
    await page.goBack();
    await expect(tigerView(page, serial)).toBeHidden();
    await expect(page).toHaveURL(/\/collection\?sort=price-low$/);
    await expect(page.locator('article[data-serial]').first()).toBeVisible();
    await page.locator('article[data-serial]').first().getByRole('link').first().click();
    await expect(tigerView(page, serial)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tigerView(page, serial)).toBeHidden();
    await expect(page).toHaveURL(/\/collection\?sort=price-low$/);
    // Focus goes back to the card that opened it.
    await expect(page.getByRole('link', { name: `View Wild Tiger #${serial}` })).toBeFocused();
  });

  test('opens from a /marketplace card in place, with the listing and its buy action, and after a reload', async ({ page }) => {
    await page.goto('/marketplace');
    // The tabs work once the market has hydrated: its first cards are on screen.
    await expect(page.getByRole('tabpanel').locator('[data-serial]').first()).toBeVisible({ timeout: patient(20_000) });
    await page.getByRole('tab', { name: /^Current Listings/ }).click();
    await expect(page.getByRole('tab', { name: /^Current Listings/ })).toHaveAttribute('aria-selected', 'true');
    const first = page.getByRole('tabpanel').locator('[data-serial]').first();
    const serial = await serialOf(first);
    await first.getByRole('link', { name: `View Wild Tiger #${serial}` }).click();
    const view = tigerView(page, serial);
    await expectTigerShown(view, serial);
    await expect(view.getByTestId('listing-HBAR')).toContainText('HBAR');
    await expect(page).toHaveURL(new RegExp(`/marketplace\\?tiger=${serial}$`));
    // Buying without a wallet says so (the HBAR purchase flow's own guard).
    await view.getByRole('button', { name: 'Buy with HBAR' }).click();
    await expect(page.getByText('Please connect your wallet to purchase NFTs').first()).toBeVisible();

    await page.reload();
    await expectTigerShown(tigerView(page, serial), serial);
    await tigerView(page, serial).getByRole('button', { name: 'Close tiger view' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
  });

  test('a tiger not minted yet takes no offers: the view says so instead of an offer form', async ({ page }) => {
    await page.goto('/marketplace');
    await connectAs(page, 'Alice');
    await page.goto('/collection?tiger=3330');
    const view = tigerView(page, 3330);
    await expect(view.getByTestId('tiger-view-owner')).toContainText('Not Minted');
    await expect(view.getByTestId('tiger-view-not-minted')).toHaveText('Not minted yet: it cannot be offered on, bought or listed.');
    await expect(view.getByRole('button', { name: /Make Offer|Buy|List/ })).toHaveCount(0);
  });

  test('a PAWS purchase started in the view completes, and the view shows the new owner and the sale', { tag: '@ledger' }, async ({ page }) => {
    test.setTimeout(patient(240_000));
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Alice');
    // Alice lists her last tiger for 30 PAWS.
    const serial = await listLastTiger(page, sandboxDriver, '30');
    await disconnect(page);

    // Bob opens it from its card on the marketplace tab and buys it from the view.
    await connectAs(page, 'Bob');
    await expect(page.getByRole('heading', { name: 'Available Listings' })).toBeVisible();
    await page
      .getByRole('tabpanel')
      .getByRole('link', { name: `View Wild Tiger #${serial}` })
      .click();
    const view = tigerView(page, serial);
    await expectTigerShown(view, serial);
    await expect(view.getByTestId('listing-PAWS')).toContainText('30 PAWS');
    await expect(page).toHaveURL(new RegExp(`/paws-marketplace\\?tiger=${serial}$`));

    await page.reload();
    await expectTigerShown(tigerView(page, serial), serial);
    await expect(tigerView(page, serial).getByTestId('listing-PAWS')).toContainText('30 PAWS');

    const purchase = page.getByRole('dialog', { name: `Buy Wild Tiger #${serial}` });
    // One click right after the reload: the wallet store restores the connection as the tiger view first reads it,
    // not when the wallet menu hydrates (client:idle, late under load, when this click used to find no wallet).
    await tigerView(page, serial).getByRole('button', { name: 'Buy with PAWS' }).click();
    await expect(purchase).toBeVisible();
    await purchase.getByRole('button', { name: 'Purchase', exact: true }).click();
    await approveNext(page, new RegExp(`${MARKETPLACE} may spend [\\d.]+ PAWS of token ${PAWS_TOKEN}`));
    // Closed while the ledger settles it: the purchase goes on, and the view follows its end without a reload.
    await expect(purchase.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
    await purchase.getByRole('button', { name: 'Close purchase' }).click();
    await expect(page.getByText('Purchase Successful!', { exact: true })).toBeVisible({ timeout: 2 * LEDGER_FLOW_MS });

    // Still in the view: Bob owns it now, it is no longer listed, and the sale is in its history.
    await expect(tigerView(page, serial).getByTestId('tiger-view-owner')).toContainText(BOB, { timeout: patient(15_000) });
    await expect(tigerView(page, serial).getByTestId('no-paws-listing')).toBeVisible();
    await expect(tigerView(page, serial).getByRole('list', { name: 'Last sales' })).toContainText('30 PAWS');
    await expect(tigerView(page, serial).getByRole('button', { name: 'List for PAWS' })).toBeVisible();
  });

  for (const size of [
    { width: 320, height: 640 },
    { width: 1440, height: 900 },
  ]) {
    test(`fits ${size.width} px${size.width < 640 ? ' as a full-screen sheet' : ''}`, async ({ page }, testInfo) => {
      await page.setViewportSize(size);
      await page.goto('/collection?tiger=3321');
      const view = tigerView(page, 3321);
      await expectTigerShown(view, 3321);
      const box = await view.boundingBox();
      if (size.width < 640) expect(box).toMatchObject({ x: 0, y: 0, width: size.width, height: size.height });
      else expect(box?.width).toBeLessThanOrEqual(1024);
      const overflow = await view.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBe(0);
      // Kept in the test's output folder, to look at.
      await page.screenshot({ path: testInfo.outputPath(`tiger-view-${size.width}.png`) });
    });
  }
});
