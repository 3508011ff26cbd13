import { expect, test } from './support/test';
import { type Listing, type Sale, axeViolations, buyCheapestAsDave, cards, listings, pages, panel, refusePurchaseAsDave, sales } from './support/market-flows';
import { sandboxDriver } from './support/wallet-driver';

test.describe
  .serial('HBAR marketplace', () => {
    test('browse: skeletons, both tabs with counts, 25 a page, sort back to page 1, Buy needs a wallet', async ({ page }) => {
      test.setTimeout(90_000);
      const [allSales, allListings] = await Promise.all([sales(page), listings(page)]);
      expect(allSales.length).toBeGreaterThan(50);
      expect(allListings.length).toBeGreaterThan(25);

      // Hold the activity answer a moment: the sales tab shows its 12 skeleton cards meanwhile.
      let release: () => void = () => undefined;
      const held = new Promise<void>((done) => (release = done));
      await page.route('**/api/market/activity**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/marketplace');
      await expect(page.getByTestId('market-skeletons').locator(':scope > div')).toHaveCount(12);
      await expect(page.getByRole('tab', { name: 'Recent Sales (…)' })).toBeVisible();
      release();

      await expect(page.getByRole('tab', { name: `Recent Sales (${allSales.length})` })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: `Current Listings (${allListings.length})` })).toBeVisible();
      await expect(panel(page).getByText(`Showing 1-25 of ${allSales.length}`)).toBeVisible();
      await expect(cards(page)).toHaveCount(25);
      const first = cards(page).first();
      const newest = allSales[0] as Sale;
      await expect(first).toHaveAttribute('data-serial', String(newest.nftSerialId));
      await expect(first.getByRole('heading', { name: `Wild Tiger #${newest.nftSerialId}` })).toBeVisible();
      await expect(first).toContainText(/(\d[\d,]*h ago|Just now)/);
      await expect(first).toContainText(/(SALE|LISTING)/);
      await expect(first).toContainText(/(Common|Uncommon|Rare|Epic|Legendary|Mythic)/);
      if ((await first.getAttribute('data-label')) === 'SALE') await expect(first).toContainText(`Buyer${newest.buyerAddress}`);

      const salesNav = pages(page, 'Recent sales');
      const salePages = Math.ceil(allSales.length / 25);
      await expect(salesNav.getByText(`Page 1 of ${salePages}`)).toBeVisible();
      await expect(salesNav.getByRole('button', { name: 'Previous' })).toBeDisabled();
      await salesNav.getByRole('button', { name: 'Next' }).click();
      await expect(panel(page).getByText(`Showing 26-${Math.min(50, allSales.length)} of ${allSales.length}`)).toBeVisible();
      await expect(salesNav.getByText(`Page 2 of ${salePages}`)).toBeVisible();
      await expect(salesNav.getByRole('button', { name: 'Previous' })).toBeEnabled();
      for (let current = 2; current < salePages; current += 1) await salesNav.getByRole('button', { name: 'Next' }).click();
      await expect(salesNav.getByText(`Page ${salePages} of ${salePages}`)).toBeVisible();
      await expect(salesNav.getByRole('button', { name: 'Next' })).toBeDisabled();
      await expect(cards(page)).toHaveCount(allSales.length - (salePages - 1) * 25);

      // Listings: newest first by default; Buy is there but needs a wallet.
      await page.getByRole('tab', { name: /^Current Listings/ }).click();
      await expect(panel(page).getByText(`Showing 1-25 of ${allListings.length}`)).toBeVisible();
      await expect(page.getByLabel('Sort listings')).toHaveValue('newest');
      await expect(cards(page).first()).toHaveAttribute('data-serial', String(allListings[0]?.serialId));
      await expect(cards(page).first()).toHaveAttribute('data-label', 'LISTING');
      await expect(cards(page).first().getByRole('button', { name: /^Buy / })).toBeDisabled();
      expect(await axeViolations(page)).toEqual([]);

      const listingsNav = pages(page, 'Current listings');
      await listingsNav.getByRole('button', { name: 'Next' }).click();
      await expect(listingsNav.getByText('Page 2 of 2')).toBeVisible();
      await expect(panel(page).getByText(`Showing 26-${allListings.length} of ${allListings.length}`)).toBeVisible();

      const prices = allListings.map((listing) => listing.salePrice);
      const cheapest = allListings.filter((listing) => listing.salePrice === Math.min(...prices)).sort((a, b) => a.serialId - b.serialId)[0] as Listing;
      const dearest = allListings.filter((listing) => listing.salePrice === Math.max(...prices)).sort((a, b) => a.serialId - b.serialId)[0] as Listing;
      await page.getByLabel('Sort listings').selectOption('price-low');
      await expect(listingsNav.getByText('Page 1 of 2')).toBeVisible();
      await expect(cards(page).first()).toHaveAttribute('data-serial', String(cheapest.serialId));
      await expect(cards(page).first()).toContainText(`${cheapest.salePrice.toLocaleString('en-US')} HBAR`);
      await listingsNav.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Sort listings').selectOption('price-high');
      await expect(listingsNav.getByText('Page 1 of 2')).toBeVisible();
      await expect(cards(page).first()).toHaveAttribute('data-serial', String(dearest.serialId));
    });

    // The same purchase flows run with WalletConnect in walletconnect-market.spec.ts.
    test('Dave buys a listed tiger: his wallet signs, the ledger moves tiger and HBAR, the page shows the sale', async ({ page }) => {
      test.setTimeout(120_000);
      await buyCheapestAsDave(page, sandboxDriver);
    });

    test('Dave rejects in his wallet: Transaction Cancelled, Try Again signs the same transaction, nothing moves', async ({ page }) => {
      test.setTimeout(120_000);
      await refusePurchaseAsDave(page, sandboxDriver);
    });
  });
