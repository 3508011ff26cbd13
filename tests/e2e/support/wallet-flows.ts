import { type Page, expect } from '@playwright/test';
import type { WalletDriver } from './wallet-driver';

/** The app's keys in localStorage. */
export const storedFlags = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('wildTigers.')));

/** Connect -> signed in -> balances -> a reload keeps the session -> disconnect clears it (with either wallet). */
export async function signInReloadDisconnect(page: Page, wallet: WalletDriver): Promise<void> {
  await page.goto('/paws-marketplace');
  await wallet.connectAs(page, 'Carol');
  await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001003');
  await page.getByTestId('wallet-menu').click();
  await expect(page.getByRole('menu')).toContainText('Signed in as 0.0.7001003');
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/wild-tiger-profile');
  await page.keyboard.press('Escape');
  await expect(page.getByText('5,000 PAWS')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001003');
  await expect(page.getByText('5,000 PAWS')).toBeVisible();
  const flags = await page.evaluate(() => ({ ...localStorage }));
  expect(Object.values(flags)).toContain('0.0.7001003');

  await wallet.disconnect(page);
  expect(await storedFlags(page)).toEqual([]);
  const session = await page.evaluate(() => fetch('/api/auth/session').then((response) => response.json()));
  expect(session).toEqual({ authenticated: false });
}

/** Refusing the automatic sign-in leaves the wallet connected but not signed in (with either wallet). */
export async function refuseSignIn(page: Page, wallet: WalletDriver): Promise<void> {
  await page.goto('/');
  await wallet.pickAccount(page, 'Dave');
  await wallet.rejectNext(page);
  await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001004');
  await page.getByTestId('wallet-menu').click();
  await expect(page.getByRole('menu')).toContainText('Connected (not signed in)');
  await expect(page.getByRole('menuitem', { name: 'Authenticate' })).toBeVisible();
}
