import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { approveNext, connectAs, rejectNext } from './support/sandbox-wallet';
import { DAVE } from '../../src/sandbox/ledger/demo-accounts';

const NFT_TOKEN = '0.0.7000333';
const SALES = `/api/market/activity?token=${NFT_TOKEN}&activityFilter=Sales&amount=100`;
const LISTINGS = `/api/market/listings?token=${NFT_TOKEN}&sortBy=listingDate&sortDirection=DESC&fetchAll=true&limit=1000`;

interface Listing {
  serialId: number;
  salePrice: number;
  sellerAddress: string;
  listingDate: string;
}
interface Sale {
  nftSerialId: number;
  salePrice: number;
  buyerAddress: string;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${path}${path.includes('?') ? '&' : '?'}_=${Date.now()}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}
const listings = async (page: Page) => (await apiGet<{ marketListings: Listing[] }>(page, LISTINGS)).marketListings;
const sales = async (page: Page) => (await apiGet<{ marketActivity: Sale[] }>(page, SALES)).marketActivity;
const owner = async (page: Page, serial: number) =>
  (await apiGet<{ account_id: string }>(page, `/sandbox/mirror/api/v1/tokens/${NFT_TOKEN}/nfts/${serial}`)).account_id;
const tinybars = async (page: Page, account: string) =>
  BigInt((await apiGet<{ balance: { balance: number } }>(page, `/sandbox/mirror/api/v1/accounts/${account}`)).balance.balance);

const panel = (page: Page) => page.getByRole('tabpanel');
const cards = (page: Page) => panel(page).locator('[data-serial]');
const card = (page: Page, serial: number) => panel(page).locator(`[data-serial="${serial}"]`);
const pages = (page: Page, name: string) => page.getByRole('navigation', { name: `${name} pages` });

async function axeViolations(page: Page, selector = 'main'): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Opens the listings sorted by price, low first (the card of `serial` is then on page 1 or 2). */
async function showListing(page: Page, serial: number): Promise<void> {
  await page.getByRole('tab', { name: /^Current Listings/ }).click();
  await page.getByLabel('Sort listings').selectOption('price-low');
  if (!(await card(page, serial).count())) await pages(page, 'Current listings').getByRole('button', { name: 'Next' }).click();
  await expect(card(page, serial)).toBeVisible();
}

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

    test('Dave buys a listed tiger: his wallet signs, the ledger moves tiger and HBAR, the page shows the sale', async ({ page }) => {
      test.setTimeout(120_000);
      const before = await listings(page);
      const target = [...before].sort((a, b) => a.salePrice - b.salePrice || a.serialId - b.serialId)[0] as Listing;
      const salesBefore = await sales(page);
      const daveBefore = await tinybars(page, DAVE);
      expect(await owner(page, target.serialId)).toBe(target.sellerAddress);

      await page.goto('/marketplace');
      await connectAs(page, 'Dave');
      await showListing(page, target.serialId);
      await card(page, target.serialId)
        .getByRole('button', { name: `Buy Wild Tiger #${target.serialId}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Buy Wild Tiger #${target.serialId}` });
      await expect(dialog).toContainText(`${target.salePrice} HBAR`);
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

      const refetched = page.waitForRequest((request) => /\/api\/market\/listings\?.*&_=\d+$/.test(request.url()));
      await dialog.getByRole('button', { name: /^Confirm Purchase/ }).click();
      await approveNext(page, new RegExp(`NFT ${NFT_TOKEN} #${target.serialId}: ${target.sellerAddress} -> ${DAVE}`));
      const done = page.getByRole('dialog', { name: 'Purchase Successful!' });
      await expect(done).toBeVisible({ timeout: 20_000 });
      await expect(done.getByText('Transaction')).toBeVisible();
      await expect(page.getByRole('region', { name: /Notifications/, includeHidden: true })).toContainText('Purchase Successful!');
      await refetched;

      // The ledger: the tiger is Dave's and exactly the price left his account.
      expect(await owner(page, target.serialId)).toBe(DAVE);
      expect(await tinybars(page, DAVE)).toBe(daveBefore - BigInt(Math.round(target.salePrice * 100_000_000)));

      await done.getByRole('button', { name: 'Done' }).click();
      await expect(done).toBeHidden();
      await expect(page.getByRole('tab', { name: `Current Listings (${before.length - 1})` })).toBeVisible();
      await expect(card(page, target.serialId)).toHaveCount(0);
      await page.getByRole('tab', { name: /^Recent Sales/ }).click();
      await expect(page.getByRole('tab', { name: `Recent Sales (${Math.min(100, salesBefore.length + 1)})` })).toBeVisible();
      const top = cards(page).first();
      await expect(top).toHaveAttribute('data-serial', String(target.serialId));
      await expect(top).toHaveAttribute('data-label', 'SALE');
      await expect(top).toContainText(`Buyer${DAVE}`);
      await expect(top).toContainText(`${target.salePrice.toLocaleString('en-US')} HBAR`);
      await expect(top).toContainText('Just now');

      // A reload reads the same from the server.
      await page.reload();
      await expect(cards(page).first()).toHaveAttribute('data-serial', String(target.serialId));
    });

    test('Dave rejects in his wallet: Transaction Cancelled, Try Again signs the same transaction, nothing moves', async ({ page }) => {
      test.setTimeout(120_000);
      const current = await listings(page);
      const target = [...current].sort((a, b) => a.salePrice - b.salePrice || a.serialId - b.serialId)[0] as Listing;
      const daveBefore = await tinybars(page, DAVE);

      await page.goto('/marketplace');
      await connectAs(page, 'Dave');
      await showListing(page, target.serialId);
      await card(page, target.serialId)
        .getByRole('button', { name: `Buy Wild Tiger #${target.serialId}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Buy Wild Tiger #${target.serialId}` });
      await dialog.getByRole('button', { name: /^Confirm Purchase/ }).click();

      const prompt = page.getByRole('dialog', { name: 'Sandbox Wallet: signature request' });
      await expect(prompt).toBeVisible({ timeout: 15_000 });
      const firstId = (await prompt.getByText(/^Transaction /).innerText()).trim();
      await rejectNext(page);

      const failed = page.getByRole('dialog', { name: 'Transaction Cancelled' });
      await expect(failed).toBeVisible();
      await expect(failed).toContainText('You cancelled the transaction in your wallet');
      await expect(page.getByRole('region', { name: /Notifications/, includeHidden: true })).toContainText('Transaction Cancelled');
      await expect(failed.getByRole('button', { name: 'Reconnect Wallet' })).toHaveCount(0);

      // Try Again returns to confirm; the retry signs the very same prepared transaction.
      await failed.getByRole('button', { name: 'Try Again' }).click();
      await expect(dialog.getByRole('button', { name: /^Confirm Purchase/ })).toBeEnabled();
      await dialog.getByRole('button', { name: /^Confirm Purchase/ }).click();
      await expect(prompt).toBeVisible({ timeout: 15_000 });
      expect((await prompt.getByText(/^Transaction /).innerText()).trim()).toBe(firstId);
      await rejectNext(page);
      await expect(failed).toBeVisible();

      // Closing resets the dialog; nothing moved.
      await failed.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(failed).toBeHidden();
      await card(page, target.serialId)
        .getByRole('button', { name: `Buy Wild Tiger #${target.serialId}` })
        .click();
      await expect(dialog.getByRole('button', { name: /^Confirm Purchase/ })).toBeVisible();
      await page.keyboard.press('Escape');

      expect(await owner(page, target.serialId)).toBe(target.sellerAddress);
      expect(await tinybars(page, DAVE)).toBe(daveBefore);
      expect((await listings(page)).map((listing) => listing.serialId)).toContain(target.serialId);
      await expect(card(page, target.serialId)).toHaveAttribute('data-label', 'LISTING');
    });
  });
