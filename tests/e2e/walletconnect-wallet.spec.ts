import { expect, setVisibility, test } from './support/walletconnect-wallet';
import { refuseSignIn, signInReloadDisconnect, storedFlags } from './support/wallet-flows';
import { patient } from './support/pace';

// The WalletConnect build (PUBLIC_WALLET=walletconnect): the page's real DAppConnector, a local
// relay and a Node wallet on the library's wallet side. The sandbox wallet runs the same scenarios
// in wallet.spec.ts.
test.describe('WalletConnect sign-in', () => {
  test('pair by the QR code -> signed in -> balances -> reload keeps the session without a new pairing -> disconnect clears it', async ({
    page,
    walletConnect,
  }) => {
    await signInReloadDisconnect(page, walletConnect);
    expect(walletConnect.pairings).toBe(1);
    // The page's disconnect ended the session in the wallet too.
    await expect.poll(() => walletConnect.node.sessions().length).toBe(0);
  });

  test('rejecting the sign-in leaves the wallet connected but not signed in', async ({ page, walletConnect }) => {
    await refuseSignIn(page, walletConnect);
  });

  test('what a sign-in costs: Connect Wallet -> QR pairing -> automatic sign-in', async ({ page, walletConnect }) => {
    await page.goto('/');
    const started = Date.now();
    await walletConnect.connectAs(page, 'Bob');
    await page.getByTestId('wallet-menu').click();
    await expect(page.getByRole('menu')).toContainText('Signed in as 0.0.7001002');
    const elapsed = Date.now() - started;
    test.info().annotations.push({ type: 'timing', description: `WalletConnect sign-in: ${elapsed} ms` });
    console.log(`[timing] WalletConnect sign-in (click -> signed in): ${elapsed} ms`);
  });

  test('a reload restores the session; a disconnect in the wallet (session_delete) returns the page to disconnected', async ({ page, walletConnect }) => {
    await page.goto('/marketplace');
    await walletConnect.connectAs(page, 'Alice');
    await page.reload();
    await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001001');
    expect(walletConnect.pairings).toBe(1);
    expect(await storedFlags(page)).toEqual(expect.arrayContaining(['wildTigers.walletConnected', 'wildTigers.accountId']));

    await walletConnect.node.disconnect();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' })).toBeVisible({ timeout: patient(15_000) });
    expect(await storedFlags(page)).toEqual([]);
    await expect(page.getByText('Wallet Disconnected').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => fetch('/api/auth/session').then((response) => response.json()))).toEqual({ authenticated: false });
  });

  test('a wallet extension in the browser is offered beside the QR code and pairs without it', async ({ page, walletConnect }) => {
    const extension = await walletConnect.addExtension(page, { id: 'hashpack-test', name: 'HashPack', icon: '' }, 'Carol');
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' }).click();
    const chooser = page.getByRole('dialog', { name: 'Connect Wallet' });
    await expect(chooser.getByRole('button', { name: 'WalletConnect QR code' })).toBeVisible();
    await chooser.getByRole('button', { name: 'HashPack' }).click();
    await expect(chooser).toBeHidden();
    await walletConnect.approveNext(page, /Click to sign in/);
    await page.getByTestId('wallet-menu').click();
    await expect(page.getByRole('menu')).toContainText('Signed in as 0.0.7001003');
    expect(walletConnect.pairings).toBe(1);
    // Each request on an extension's session asks the extension to show itself.
    expect(extension.opened()).toBeGreaterThanOrEqual(1);
    await expect(page.locator('wcm-qrcode')).toHaveCount(0);
  });

  test('a phone: the connect dialog offers the wallet apps with the pairing link; the holder approves in the app while the page is hidden and comes back signed in', async ({
    page,
    walletConnect,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' }).click();
    const chooser = page.getByRole('dialog', { name: 'Connect Wallet' });
    const apps = chooser.getByRole('region', { name: 'Wallet app on this phone' });
    await expect(apps.getByRole('button')).toHaveText(['HashPack', 'Kabila', 'Blade']);
    await expect(chooser.getByRole('button', { name: 'Scan a QR code' })).toBeVisible();
    await apps.getByRole('button', { name: 'HashPack' }).click();
    const hashPack = apps.getByRole('link', { name: 'Open HashPack' });
    await expect(hashPack).toHaveAttribute('href', /^https:\/\/link\.hashpack\.app\/wc\?uri=wc%3A/);
    await expect(apps.getByRole('link', { name: 'Open Kabila' })).toHaveAttribute('href', /^https:\/\/wallet\.kabila\.app\/wc\?uri=wc%3A/);
    await expect(apps.getByRole('link', { name: 'Open Blade' })).toHaveAttribute('href', /^org\.bladelabs\.bladewallet:\/\/wc\?uri=wc%3A/);
    const uri = new URL(String(await hashPack.getAttribute('href'))).searchParams.get('uri') ?? '';
    // Kept in the test's output folder, to look at (at 390 and 320 px).
    await page.screenshot({ path: test.info().outputPath('connect-phone-390.png') });
    await page.setViewportSize({ width: 320, height: 640 });
    await page.screenshot({ path: test.info().outputPath('connect-phone-320.png') });
    expect(await chooser.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBe(0);

    // The phone opens HashPack: the page is hidden and its connection dies without closing; the holder approves there.
    await setVisibility(page, 'hidden');
    walletConnect.pageRelay.stall();
    await walletConnect.pair(uri, 'Carol');
    await setVisibility(page, 'visible');
    await expect(chooser).toBeHidden();
    await walletConnect.approveNext(page, /Click to sign in/);
    await expect(page.getByTestId('wallet-menu')).toContainText('0.0.7001003');
    await page.getByTestId('wallet-menu').click();
    await expect(page.getByRole('menu')).toContainText('Signed in as 0.0.7001003');
    expect(walletConnect.pairings).toBe(1);
  });
});
