import { type Locator, type Page, expect } from '@playwright/test';
import { DAVE } from '../../../src/sandbox/ledger/demo-accounts';
import { axeViolations } from './axe';
import { NFT_TOKEN, ledgerNft, tinybarsOf, SHOWN_ON_MIRROR } from './ledger';
import type { HeldRequest } from '../../support/walletconnect/node-wallet';
import type { WalletDriver } from './wallet-driver';
import { patient } from './pace';

const SALES = `/api/market/activity?token=${NFT_TOKEN}&activityFilter=Sales&amount=100`;
const LISTINGS = `/api/market/listings?token=${NFT_TOKEN}&sortBy=listingDate&sortDirection=DESC&fetchAll=true&limit=1000`;
/** A purchase settles on the ledger before it completes: consensus and the mirror node take their time. */
export const SETTLE_TIMEOUT_MS = patient(60_000);

export interface Listing {
  serialId: number;
  salePrice: number;
  sellerAddress: string;
  listingDate: string;
}
export interface Sale {
  nftSerialId: number;
  salePrice: number;
  buyerAddress: string;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${path}${path.includes('?') ? '&' : '?'}_=${Date.now()}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}
export const listings = async (page: Page) => (await apiGet<{ marketListings: Listing[] }>(page, LISTINGS)).marketListings;
export const sales = async (page: Page) => (await apiGet<{ marketActivity: Sale[] }>(page, SALES)).marketActivity;
/** The owner of a serial on the ledger (the sandbox mirror node). */
export const owner = async (page: Page, serial: number) => (await ledgerNft(page, serial)).account_id;
/** The cheapest listing (lowest serial among equals). */
export const cheapest = (current: Listing[]) => [...current].sort((a, b) => a.salePrice - b.salePrice || a.serialId - b.serialId)[0] as Listing;

export const panel = (page: Page) => page.getByRole('tabpanel');
export const cards = (page: Page) => panel(page).locator('[data-serial]');
export const card = (page: Page, serial: number) => panel(page).locator(`[data-serial="${serial}"]`);
export const pages = (page: Page, name: string) => page.getByRole('navigation', { name: `${name} pages` });

/**
 * Clicks a button below the cards once the scroll to it has settled. The cards are laid out only
 * near the viewport (content-visibility), each taking its real height as the scroll reaches it: a
 * click aimed while they still do could land where the button was a frame earlier.
 */
export async function clickBelowCards(button: Locator): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  await button.page().evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await button.click();
}

/** Opens the listings sorted by price, low first (the card of `serial` is then on page 1 or 2). */
export async function showListing(page: Page, serial: number): Promise<void> {
  await page.getByRole('tab', { name: /^Current Listings/ }).click();
  await page.getByLabel('Sort listings').selectOption('price-low');
  if (!(await card(page, serial).count())) await pages(page, 'Current listings').getByRole('button', { name: 'Next' }).click();
  await expect(card(page, serial)).toBeVisible();
}

/** Opens the purchase dialog of `target` (connected already) and returns it. */
export async function openPurchase(page: Page, target: Listing) {
  await showListing(page, target.serialId);
  await card(page, target.serialId)
    .getByRole('button', { name: `Buy Wild Tiger #${target.serialId}` })
    .click();
  return page.getByRole('dialog', { name: `Buy Wild Tiger #${target.serialId}` });
}

/** A wallet whose requests wait for the test's decision (the WalletConnect harness wallet). */
interface HoldingWallet extends WalletDriver {
  nextRequest(): Promise<HeldRequest>;
}

/**
 * Dave confirms the purchase of the cheapest listed tiger on /marketplace (`beforeLoad` runs before
 * the page loads, to install its clock); resolves once his wallet holds the request, unanswered.
 */
export async function confirmPurchaseAsDave(page: Page, wallet: HoldingWallet, beforeLoad?: () => Promise<void>) {
  const target = cheapest(await listings(page));
  const daveBefore = await tinybarsOf(page, DAVE);
  await beforeLoad?.();
  await page.goto('/marketplace');
  await wallet.connectAs(page, 'Dave');
  const dialog = await openPurchase(page, target);
  await dialog.getByRole('button', { name: /^Confirm Purchase/ }).click();
  return { target, daveBefore, request: await wallet.nextRequest() };
}

/** Dave bought `target` once: exactly its price left his account, the market has one sale of it to him. */
export async function expectBoughtOnce(page: Page, target: Listing, daveBefore: bigint): Promise<void> {
  await expect.poll(() => tinybarsOf(page, DAVE), SHOWN_ON_MIRROR).toBe(daveBefore - BigInt(Math.round(target.salePrice * 100_000_000)));
  // The market records the sale once its mirror shows the payment (the page completes it again then).
  const bought = async () => (await sales(page)).filter((sale) => sale.nftSerialId === target.serialId && sale.buyerAddress === DAVE).length;
  await expect.poll(bought, SHOWN_ON_MIRROR).toBe(1);
}

/**
 * Dave buys the cheapest listed tiger: his wallet signs, the ledger moves the tiger and the HBAR,
 * the page shows the sale (with either wallet). Resolves to the time from Confirm Purchase to
 * 'Purchase Successful!', in ms.
 */
export async function buyCheapestAsDave(page: Page, wallet: WalletDriver): Promise<number> {
  const before = await listings(page);
  const target = cheapest(before);
  const salesBefore = await sales(page);
  const daveBefore = await tinybarsOf(page, DAVE);
  expect(await owner(page, target.serialId)).toBe(target.sellerAddress);

  await page.goto('/marketplace');
  await wallet.connectAs(page, 'Dave');
  const dialog = await openPurchase(page, target);
  await expect(dialog).toContainText(`${target.salePrice} HBAR`);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  const refetched = page.waitForRequest((request) => /\/api\/market\/listings\?.*&_=\d+$/.test(request.url()));
  const started = Date.now();
  await dialog.getByRole('button', { name: /^Confirm Purchase/ }).click();
  await wallet.approveNext(page, new RegExp(`NFT ${NFT_TOKEN} #${target.serialId}: ${target.sellerAddress} -> ${DAVE}`));
  const done = page.getByRole('dialog', { name: 'Purchase Successful!' });
  await expect(done).toBeVisible({ timeout: SETTLE_TIMEOUT_MS });
  const elapsed = Date.now() - started;
  await expect(done.getByText('Transaction')).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/, includeHidden: true })).toContainText('Purchase Successful!');
  await refetched;

  // The ledger: the tiger is Dave's and exactly the price left his account.
  await expect.poll(() => owner(page, target.serialId), SHOWN_ON_MIRROR).toBe(DAVE);
  await expect.poll(() => tinybarsOf(page, DAVE), SHOWN_ON_MIRROR).toBe(daveBefore - BigInt(Math.round(target.salePrice * 100_000_000)));

  await done.getByRole('button', { name: 'Done' }).click();
  await expect(done).toBeHidden();
  await expect(page.getByRole('tab', { name: `Current Listings (${before.length - 1})` })).toBeVisible();
  await expect(card(page, target.serialId)).toHaveCount(0);
  // The card whose Buy opened the dialog is gone: focus is on its tab panel, not back at the top of the page.
  await expect(page.getByRole('tabpanel')).toBeFocused();
  await page.getByRole('tab', { name: /^Recent Sales/ }).click();
  // The market records the sale once its mirror node shows the payment; the page then shows it.
  await expect(page.getByRole('tab', { name: `Recent Sales (${Math.min(100, salesBefore.length + 1)})` })).toBeVisible(SHOWN_ON_MIRROR);
  const top = cards(page).first();
  await expect(top).toHaveAttribute('data-serial', String(target.serialId));
  await expect(top).toHaveAttribute('data-label', 'SALE');
  await expect(top).toContainText(`Buyer${DAVE}`);
  await expect(top).toContainText(`${target.salePrice.toLocaleString('en-US')} HBAR`);
  await expect(top).toContainText('Just now');

  // A reload reads the same from the server.
  await page.reload();
  await expect(cards(page).first()).toHaveAttribute('data-serial', String(target.serialId));
  return elapsed;
}

/** Dave refuses in his wallet: 'Transaction Cancelled'; Try Again signs the very same transaction; nothing moves (with either wallet). */
export async function refusePurchaseAsDave(page: Page, wallet: WalletDriver): Promise<void> {
  const target = cheapest(await listings(page));
  const daveBefore = await tinybarsOf(page, DAVE);

  await page.goto('/marketplace');
  await wallet.connectAs(page, 'Dave');
  const dialog = await openPurchase(page, target);
  await dialog.getByRole('button', { name: /^Confirm Purchase/ }).click();
  const firstId = await wallet.rejectNext(page);
  expect(firstId).toMatch(/^0\.0\.\d+@\d+\.\d+$/);

  const failed = page.getByRole('dialog', { name: 'Transaction Cancelled' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('You cancelled the transaction in your wallet');
  await expect(page.getByRole('region', { name: /Notifications/, includeHidden: true })).toContainText('Transaction Cancelled');
  await expect(failed.getByRole('button', { name: 'Reconnect Wallet' })).toHaveCount(0);

  // Try Again returns to confirm; the retry signs the very same prepared transaction.
  await failed.getByRole('button', { name: 'Try Again' }).click();
  await expect(dialog.getByRole('button', { name: /^Confirm Purchase/ })).toBeEnabled();
  await dialog.getByRole('button', { name: /^Confirm Purchase/ }).click();
  expect(await wallet.rejectNext(page)).toBe(firstId);
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
  await expect.poll(() => tinybarsOf(page, DAVE), SHOWN_ON_MIRROR).toBe(daveBefore);
  expect((await listings(page)).map((listing) => listing.serialId)).toContain(target.serialId);
  await expect(card(page, target.serialId)).toHaveAttribute('data-label', 'LISTING');
}
