import { SETTLE_TIMEOUT_MS, confirmPurchaseAsDave, expectBoughtOnce } from './support/market-flows';
import { describeRequest, expect, setVisibility, test } from './support/walletconnect-wallet';
import { patient } from './support/pace';

// A wallet's answer is not lost when the page's relay connection drops, when a phone hides the page
// while the holder approves in the wallet app, or when the holder moves to another page of the site.

test.describe('WalletConnect through drops and page changes', () => {
  test('the relay drops the page mid-request: the page reconnects and takes the answer the relay kept', async ({ page, walletConnect }) => {
    await page.goto('/');
    await walletConnect.pickAccount(page, 'Alice');
    const signIn = await walletConnect.nextRequest();
    expect(describeRequest(signIn)).toMatch(/Click to sign in/);
    walletConnect.pageRelay.drop();
    await signIn.decide('approve');
    walletConnect.pageRelay.restore();
    await page.getByTestId('wallet-menu').click();
    await expect(page.getByRole('menu')).toContainText('Signed in as 0.0.7001001');
  });

  test('a request the page sends while hidden (the sign-in, as the pairing lands while the holder is still in the wallet app) is answered', async ({
    page,
    walletConnect,
  }) => {
    test.setTimeout(patient(60_000));
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' }).click();
    const uri = await walletConnect.scanQrCode(page);
    await setVisibility(page, 'hidden');
    await walletConnect.pair(uri, 'Bob');
    // Still hidden, the page asks for the sign-in; then the phone suspends it, its connection dead, while the holder approves.
    const signIn = await walletConnect.nextRequest();
    expect(describeRequest(signIn)).toMatch(/Click to sign in/);
    walletConnect.pageRelay.stall();
    await signIn.decide('approve');
    await setVisibility(page, 'visible');
    await page.getByTestId('wallet-menu').click();
    await expect(page.getByRole('menu')).toContainText('Signed in as 0.0.7001002');
  });

  test('the holder moves to another page while the wallet prompt is open: the next page shows the purchase and completes it', async ({
    page,
    walletConnect,
  }) => {
    test.setTimeout(patient(150_000));
    const { target, daveBefore, request } = await confirmPurchaseAsDave(page, walletConnect);

    await page.goto('/collection');
    const tray = page.getByRole('region', { name: 'Trades in progress' });
    await expect(tray.getByRole('article', { name: new RegExp(`^Buying Wild Tiger #${target.serialId} for [\\d,.]+ HBAR$`) })).toBeVisible({
      timeout: patient(30_000),
    });
    await request.decide('approve');
    await expect(page.getByRole('region', { name: /Notifications/, includeHidden: true })).toContainText('Purchase Successful!', {
      timeout: SETTLE_TIMEOUT_MS,
    });
    await expect(tray).toHaveCount(0);
    await expectBoughtOnce(page, target, daveBefore);
  });
});
