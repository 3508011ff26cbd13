import { type Page, expect } from '@playwright/test';
import { pawsOf } from './ledger';
import type { WalletDriver } from './wallet-driver';

/** The toast area (one toast at a time). */
export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/, includeHidden: true });

/** An account's PAWS on the ledger as the page shows it ('5,000 PAWS'). */
async function pawsShown(page: Page, accountId: string): Promise<string> {
  return `${(await pawsOf(page, accountId)).toLocaleString('en-US', { maximumFractionDigits: 2 })} PAWS`;
}

/**
 * The app's session keys in localStorage. An account's 'seen' markers (what was new since its last visit: sales,
 * offers) outlive a session on purpose, so that the next visit says only what is new.
 */
export const storedFlags = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('wildTigers.') && !/[sS]een\./.test(key)));

/** Connect -> signed in -> balances -> a reload keeps the session -> disconnect clears it (with either wallet). */
export async function signInReloadDisconnect(page: Page, wallet: WalletDriver): Promise<void> {
  await page.goto('/paws-marketplace');
  await wallet.connectAs(page, 'Carol');
  await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001003');
  // The automatic sign-in went through: the toast says so, and no longer asks to click 'Authenticate'.
  await expect(toasts(page)).toContainText('Signed in as 0.0.7001003');
  await expect(toasts(page)).not.toContainText('Authenticate');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Authenticate' })).toHaveCount(0);
  await page.getByTestId('wallet-menu').click();
  await expect(page.getByRole('menu')).toContainText('Signed in as 0.0.7001003');
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/wild-tiger-profile');
  await page.keyboard.press('Escape');
  const paws = await pawsShown(page, '0.0.7001003');
  await expect(page.getByText(paws, { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001003');
  await expect(page.getByText(paws, { exact: true })).toBeVisible();
  const flags = await page.evaluate(() => ({ ...localStorage }));
  expect(Object.values(flags)).toContain('0.0.7001003');

  await wallet.disconnect(page);
  expect(await storedFlags(page)).toEqual([]);
  const session = await page.evaluate(() => fetch('/api/auth/session').then((response) => response.json()));
  expect(session).toEqual({ authenticated: false });
}

/**
 * Refusing the automatic sign-in leaves the wallet connected but not signed in, and says so where a
 * user looks: the toast (no longer 'Wallet Connected … Click Authenticate'), an 'Authenticate'
 * button beside the account and in its menu; signing in from there works (with either wallet).
 */
export async function refuseSignIn(page: Page, wallet: WalletDriver): Promise<void> {
  await page.goto('/');
  await wallet.pickAccount(page, 'Dave');
  await wallet.rejectNext(page);
  await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001004');
  const refused = toasts(page).getByText('Authentication was cancelled by user');
  await expect(refused).toBeVisible();
  await expect(toasts(page)).toContainText('Not Signed In');
  await expect(toasts(page)).not.toContainText('Wallet Connected');
  const authenticate = page.getByRole('banner').getByRole('button', { name: 'Authenticate' });
  await expect(authenticate).toBeVisible();

  await page.getByTestId('wallet-menu').click();
  await expect(page.getByRole('menu')).toContainText('Connected (not signed in)');
  await expect(page.getByRole('menu').getByText('Authentication was cancelled by user')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Authenticate' })).toBeVisible();
  await page.keyboard.press('Escape');

  await authenticate.click();
  await wallet.approveNext(page, /Click to sign in/);
  await expect(toasts(page)).toContainText('Signed in as 0.0.7001004');
  await expect(authenticate).toHaveCount(0);
  await page.getByTestId('wallet-menu').click();
  await expect(page.getByRole('menu')).toContainText('Signed in as 0.0.7001004');
}
