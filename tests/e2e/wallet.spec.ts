import { expect, test } from '@playwright/test';
import { connectAs, disconnect, rejectNext } from './support/sandbox-wallet';

test.describe('sandbox wallet sign-in', () => {
  test('connect -> signed in -> balances -> reload keeps the session -> disconnect clears it', async ({ page }) => {
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
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

    await disconnect(page);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('wildTigers.')))).toEqual([]);
    const session = await page.evaluate(() => fetch('/api/auth/session').then((response) => response.json()));
    expect(session).toEqual({ authenticated: false });
  });

  test('rejecting the sign-in leaves the wallet connected but not signed in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' }).click();
    await page.getByRole('dialog', { name: 'Sandbox Wallet: choose an account' }).getByRole('button', { name: /^Dave/ }).click();
    await rejectNext(page);
    await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001004');
    await page.getByTestId('wallet-menu').click();
    await expect(page.getByRole('menu')).toContainText('Connected (not signed in)');
    await expect(page.getByRole('menuitem', { name: 'Authenticate' })).toBeVisible();
  });

  test('cancelling the account picker shows Connection Failed', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' }).click();
    await page.getByRole('dialog', { name: 'Sandbox Wallet: choose an account' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Connection Failed').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
  });
});
