import type { Page } from '@playwright/test';
import { LEDGER_FLOW_MS, MARKETPLACE, NFT_TOKEN, PAWS_TOKEN } from './support/ledger';
import { buyCheapestAsDave } from './support/market-flows';
import { startListing } from './support/paws-flows';
import { describeRequest, expect, test } from './support/walletconnect-wallet';
import { patient } from './support/pace';

// Several tabs of the site through WalletConnect, on a relay that pushes a client's messages to its
// newest connection only (as the real one does): every tab of one origin is one client to it.

const ALICE = '0.0.7001001';
const BOB = '0.0.7001002';
const DAVE = '0.0.7001004';
const connectButton = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' });

/** The tab shows `accountId` signed in (its wallet menu says so). */
async function expectSignedIn(page: Page, accountId: string): Promise<void> {
  await expect(page.getByTestId('wallet-menu')).toContainText(accountId, { timeout: 5_000 });
  await page.getByTestId('wallet-menu').click();
  await expect(page.getByRole('menu')).toContainText(`Signed in as ${accountId}`, { timeout: 5_000 });
  await page.keyboard.press('Escape');
}

test.describe('WalletConnect in several tabs', () => {
  test('two tabs: a connect and sign-in in one reach the other at once; each lists through the one client (a refusal in one while the other waits); a disconnect reaches the other; the other pairs and buys', async ({
    page,
    context,
    walletConnect,
  }) => {
    test.setTimeout(patient(240_000));
    const second = await context.newPage();
    await page.goto('/paws-marketplace');
    await second.goto('/paws-marketplace');
    await expect(connectButton(second)).toBeVisible();

    await walletConnect.connectAs(page, 'Alice');
    await expectSignedIn(page, ALICE);
    // The other tab follows at once, without a reload.
    await expectSignedIn(second, ALICE);
    expect(walletConnect.pairings).toBe(1);

    // Both tabs ask at once: the wallet shows one prompt at a time (its library queues a session's requests). The first
    // tab's request is refused while the second tab waits, then the second's is approved.
    const first = await startListing(page, 'first', '31');
    const firstRequest = await walletConnect.nextRequest();
    expect(describeRequest(firstRequest)).toContain(`${MARKETPLACE} may transfer NFT ${NFT_TOKEN} #${first.serial}`);
    const other = await startListing(second, 'last', '32');
    expect(other.serial).not.toBe(first.serial);
    await firstRequest.decide('reject-4001');
    await expect(first.dialog.getByRole('alert')).toHaveText('NFT allowance was cancelled by user');
    await page.keyboard.press('Escape');
    await expect(first.dialog).toBeHidden();
    const secondRequest = await walletConnect.nextRequest();
    expect(describeRequest(secondRequest)).toContain(`${MARKETPLACE} may transfer NFT ${NFT_TOKEN} #${other.serial}`);
    await secondRequest.decide('approve');
    await expect(second.getByRole('dialog', { name: 'Listing Created' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
    await second.getByRole('dialog', { name: 'Listing Created' }).getByRole('button', { name: 'Close' }).first().click();

    // A disconnect in the second tab reaches the first at once.
    await walletConnect.disconnect(second);
    await expect(connectButton(page)).toBeVisible({ timeout: 5_000 });
    await expect.poll(() => walletConnect.node.sessions().length).toBe(0);

    // The second tab pairs (its QR code, the first tab's client) and buys; the first follows.
    await buyCheapestAsDave(second, walletConnect);
    await expectSignedIn(page, DAVE);
    expect(walletConnect.pairings).toBe(2);
  });

  test('three tabs: one opened after the connect is signed in; the tab holding the connection closes and another makes an offer through the next; a disconnect reaches the rest', async ({
    page,
    context,
    walletConnect,
  }) => {
    test.setTimeout(patient(240_000));
    const collection = await context.newPage();
    await page.goto('/paws-marketplace');
    await collection.goto('/collection');
    await walletConnect.connectAs(page, 'Bob');
    await expectSignedIn(collection, BOB);
    const market = await context.newPage();
    await market.goto('/paws-marketplace');
    await expectSignedIn(market, BOB);

    // The first tab, which connected (and holds the one connection to the relay), goes.
    await page.close();
    await market.getByRole('tab', { name: 'Offers Made' }).click();
    const form = market.getByRole('form', { name: 'Make an offer' });
    await form.getByLabel('Offer per tiger (PAWS)').fill('1');
    await form.getByLabel('Tigers wanted').fill('1');
    await form.getByRole('button', { name: 'Make Offer' }).click();
    await walletConnect.approveNext(market, new RegExp(`${MARKETPLACE} may spend [\\d.]+ PAWS of token ${PAWS_TOKEN}`));
    await expect(form.getByText('Offer Made', { exact: true })).toBeVisible({ timeout: 2 * LEDGER_FLOW_MS });
    expect(walletConnect.pairings).toBe(1);

    await walletConnect.disconnect(collection);
    await expect(connectButton(market)).toBeVisible({ timeout: 5_000 });
  });
});
