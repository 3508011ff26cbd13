import type { Page } from '@playwright/test';
import { LEDGER_FLOW_MS, MARKETPLACE, NFT_TOKEN } from './support/ledger';
import { SETTLE_TIMEOUT_MS, confirmPurchaseAsDave, expectBoughtOnce } from './support/market-flows';
import { startListing } from './support/paws-flows';
import { describeRequest, expect, test } from './support/walletconnect-wallet';

// A wallet's answer is not lost when the page's relay connection drops, when a phone hides the page
// while the holder approves in the wallet app, or when the holder moves to another page of the site.

/** What a phone's browser does as the holder switches apps: the page's visibility changes (its 'visibilitychange'). */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test.describe('WalletConnect through drops and page changes', () => {
  test('the relay drops the page mid-request: the page reconnects and takes the answer the relay kept', async ({ page, walletConnect }) => {
    test.setTimeout(120_000);
    await page.goto('/paws-marketplace');
    await walletConnect.connectAs(page, 'Alice');
    const { serial } = await startListing(page, 'last', '26');
    const request = await walletConnect.nextRequest();
    expect(describeRequest(request)).toContain(`${MARKETPLACE} may transfer NFT ${NFT_TOKEN} #${serial}`);
    walletConnect.pageRelay.drop();
    await request.decide('approve');
    walletConnect.pageRelay.restore();
    await expect(page.getByRole('dialog', { name: 'Listing Created' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
  });

  test('a phone hides the page while the holder approves in the wallet app and resumes it on a dead connection: visible again, the page collects the answer', async ({
    page,
    walletConnect,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/paws-marketplace');
    await walletConnect.connectAs(page, 'Alice');
    await page.setViewportSize({ width: 390, height: 844 });
    const { serial } = await startListing(page, 'first', '28');
    const request = await walletConnect.nextRequest();
    expect(describeRequest(request)).toContain(`#${serial}`);
    // The holder switches to the wallet app: the page is hidden, and its connection dies without closing.
    await setVisibility(page, 'hidden');
    walletConnect.pageRelay.stall();
    const pushesTaken = walletConnect.pageRelay.acknowledged();
    await request.decide('approve');
    await setVisibility(page, 'visible');
    await expect(page.getByRole('dialog', { name: 'Listing Created' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
    // The answer came over the relay (the page took the push), not from the ledger once the wallet's 45 s time-out passed.
    expect(walletConnect.pageRelay.acknowledged()).toBeGreaterThan(pushesTaken);
  });

  test('a request the page sends while hidden (the sign-in, as the pairing lands while the holder is still in the wallet app) is answered', async ({
    page,
    walletConnect,
  }) => {
    test.setTimeout(60_000);
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
    test.setTimeout(150_000);
    const { target, daveBefore, request } = await confirmPurchaseAsDave(page, walletConnect);

    await page.goto('/collection');
    const tray = page.getByRole('region', { name: 'Trades in progress' });
    await expect(tray.getByRole('article', { name: new RegExp(`^Buying Wild Tiger #${target.serialId} for [\\d,.]+ HBAR$`) })).toBeVisible({
      timeout: 30_000,
    });
    await request.decide('approve');
    await expect(page.getByRole('region', { name: /Notifications/, includeHidden: true })).toContainText('Purchase Successful!', {
      timeout: SETTLE_TIMEOUT_MS,
    });
    await expect(tray).toHaveCount(0);
    await expectBoughtOnce(page, target, daveBefore);
  });
});
