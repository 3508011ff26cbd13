import { expect, test } from './support/test';
import { sandboxDriver } from './support/wallet-driver';
import { refuseSignIn, signInReloadDisconnect } from './support/wallet-flows';

// The same scenarios run with WalletConnect in walletconnect-wallet.spec.ts.
test.describe('sandbox wallet sign-in', () => {
  test('connect -> signed in -> balances -> reload keeps the session -> disconnect clears it', async ({ page }) => {
    await signInReloadDisconnect(page, sandboxDriver);
  });

  test('rejecting the sign-in leaves the wallet connected but not signed in', async ({ page }) => {
    await refuseSignIn(page, sandboxDriver);
  });

  test('cancelling the account picker shows Connection Failed', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' }).click();
    await page.getByRole('dialog', { name: 'Sandbox Wallet: choose an account' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Connection Failed').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
  });
});
