import { expect, test } from './support/test';
import { watchHydrationErrors } from './support/hydration';
import { watchRequests } from './support/quiet-network';
import { sandboxDriver } from './support/wallet-driver';
import { approveNext, connectAs } from './support/sandbox-wallet';
import { refuseSignIn, signInReloadDisconnect } from './support/wallet-flows';
import { patient } from './support/pace';

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

test.describe('signing in from the page', () => {
  test('keeps focus: once the Authenticate button gives way, it is on the wallet menu, not at the top of the page', async ({ page }) => {
    await page.goto('/paws-marketplace');
    await sandboxDriver.pickAccount(page, 'Dave');
    await sandboxDriver.rejectNext(page);
    const authenticate = page.getByRole('main').getByRole('button', { name: 'Authenticate' });
    await authenticate.focus();
    await page.keyboard.press('Enter');
    await approveNext(page, /Click to sign in/);
    await expect(authenticate).toHaveCount(0);
    await expect(page.getByTestId('wallet-menu')).toBeFocused();
  });
});

test.describe('a restored session', () => {
  test('hydrates without a mismatch: no React error #418 on /, /paws-marketplace and /wild-tiger-profile', async ({ page }) => {
    test.setTimeout(patient(90_000));
    await page.goto('/');
    await connectAs(page, 'Carol');
    const hydrationErrors = watchHydrationErrors(page);
    const quiet = watchRequests(page);
    for (const path of ['/', '/paws-marketplace', '/wild-tiger-profile']) {
      await page.goto(path);
      // The session is restored on load: the account shows, and the page's islands have hydrated.
      await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001003', { timeout: patient(20_000) });
      await quiet();
      if (path === '/') await expect(page.getByTestId('balance-paws')).toBeVisible();
      else await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    }
    expect(hydrationErrors()).toEqual([]);
  });
});

test.describe('a slow session check', () => {
  test('never tells a signed-in holder "Not signed in", nor shows zeros, while it is pending', async ({ page }) => {
    await page.goto('/marketplace');
    await connectAs(page, 'Carol');
    // The server's answer to the session check is held back (a slow network), on every page below.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((done) => (answer = done));
    await page.route('**/api/auth/session', async (route) => {
      await answered;
      await route.continue().catch(() => undefined);
    });
    const banner = page.getByRole('banner');
    for (const path of ['/marketplace', '/paws-marketplace', '/wild-tiger-profile']) {
      await page.goto(path);
      await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001003');
      if (path !== '/marketplace') await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Checking your sign-in…' })).toBeVisible();
      await expect(page.getByText('Not signed in.')).toHaveCount(0);
      await expect(banner.getByRole('button', { name: 'Authenticate' })).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('button', { name: 'Authenticate' })).toHaveCount(0);
    }
    await page.getByTestId('wallet-menu').click();
    await expect(page.getByRole('menu')).toContainText('Checking your sign-in… 0.0.7001003');
    await page.keyboard.press('Escape');

    // The answer comes while the holder's tigers are still on their way: the profile opens with placeholders, not zeros.
    let deliver: () => void = () => undefined;
    const delivered = new Promise<void>((done) => (deliver = done));
    await page.route('**/api/profile/*/nfts', async (route) => {
      await delivered;
      await route.continue().catch(() => undefined);
    });
    const tigers = page.getByRole('term').filter({ hasText: 'Wild Tigers' }).locator('xpath=following-sibling::dd');
    answer();
    await expect(tigers).toHaveText('Loading');
    await expect(page.getByRole('tab', { name: /^Collection/ })).toHaveText('Collection (Loading)');
    await expect(page.getByRole('list', { name: 'Tigers per rarity tier' })).not.toContainText('0');
    deliver();
    await expect(tigers).toHaveText(/^[1-9][\d,]*$/);
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Checking your sign-in…' })).toHaveCount(0);
  });
});

test.describe('the profile page', () => {
  test('its hero stops asking to connect once a wallet is connected; the prompt below does the asking', async ({ page }) => {
    await page.goto('/wild-tiger-profile');
    const hero = page.getByRole('main').locator('header');
    await expect(page.getByRole('heading', { name: 'Wallet Connection Required' })).toBeVisible();
    await connectAs(page, 'Carol');
    await expect(page.getByRole('heading', { name: 'Wallet Connection Required' })).toHaveCount(0);
    await expect(hero).toContainText('Your Wild Tigers, portfolio analytics and achievements in one place.');
    await expect(hero).not.toContainText('Connect your Hedera wallet');
  });
});
