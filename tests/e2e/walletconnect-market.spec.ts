import { DAVE } from '../../src/sandbox/ledger/demo-accounts';
import { NFT_TOKEN } from './support/ledger';
import { SETTLE_TIMEOUT_MS, buyCheapestAsDave, confirmPurchaseAsDave, expectBoughtOnce, refusePurchaseAsDave } from './support/market-flows';
import { expect, test } from './support/walletconnect-wallet';
import { patient } from './support/pace';

/** The wallet's signing time-out (spec 000 §4), after which the dialog stops waiting for an answer. */
const SIGNING_TIMEOUT_MS = 45_000;

// The HBAR marketplace through WalletConnect; the sandbox wallet runs the same flows in marketplace.spec.ts.
test.describe
  .serial('HBAR marketplace through WalletConnect', () => {
    test('Dave buys a listed tiger: his wallet signs, the ledger moves tiger and HBAR, the page shows the sale', async ({ page, walletConnect }) => {
      test.setTimeout(patient(180_000));
      const elapsed = await buyCheapestAsDave(page, walletConnect);
      test.info().annotations.push({ type: 'timing', description: `WalletConnect HBAR purchase: ${elapsed} ms` });
      console.log(`[timing] WalletConnect HBAR purchase (Confirm Purchase -> Purchase Successful!): ${elapsed} ms`);
    });

    test('Dave rejects in his wallet: Transaction Cancelled, Try Again signs the same transaction, nothing moves', async ({ page, walletConnect }) => {
      test.setTimeout(patient(120_000));
      await refusePurchaseAsDave(page, walletConnect);
    });

    test('a wallet that answers after the 45 s time-out: the dialog waits instead of failing, and the late approval completes one sale with one charge', async ({
      page,
      walletConnect,
    }) => {
      test.setTimeout(patient(150_000));
      // The page's clock, to jump past the wallet's time-out without waiting for it.
      const { target, daveBefore, request } = await confirmPurchaseAsDave(page, walletConnect, () => page.clock.install());

      // The user leaves the prompt open past the time-out: the purchase waits, nothing is reported as failed.
      await page.clock.fastForward(SIGNING_TIMEOUT_MS + 1_000);
      const waiting = page.getByRole('dialog', { name: 'Waiting for Your Wallet' });
      await expect(waiting).toContainText('Wallet execution timeout after 45 seconds');
      await expect(waiting.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
      await expect(waiting.getByRole('button', { name: 'Try Again' })).toHaveCount(0);

      await request.decide('approve');
      await expect(page.getByRole('dialog', { name: 'Purchase Successful!' })).toBeVisible({ timeout: SETTLE_TIMEOUT_MS });
      await expectBoughtOnce(page, target, daveBefore);
      // Nothing is kept to complete any more.
      expect(await page.evaluate(() => localStorage.getItem('wildTigers.pendingLedgerActions') ?? '')).not.toContain('hbar-purchase');
    });

    test('a late approval after a reload: the page picks the purchase up and completes it from the ledger', async ({ page, walletConnect }) => {
      test.setTimeout(patient(150_000));
      const { target, daveBefore, request } = await confirmPurchaseAsDave(page, walletConnect, () => page.clock.install());
      await page.clock.fastForward(SIGNING_TIMEOUT_MS + 1_000);
      await expect(page.getByRole('dialog', { name: 'Waiting for Your Wallet' })).toBeVisible();

      // The user reloads, then approves the prompt still open in the wallet: only the ledger learns of it.
      await page.reload();
      const tray = page.getByRole('region', { name: 'Trades in progress' });
      const purchase = tray.getByRole('article', { name: new RegExp(`^Buying Wild Tiger #${target.serialId} for [\\d,.]+ HBAR$`) });
      // The wallet menu restores the connection once it hydrates (client:idle), which a busy machine can delay; the kept
      // payment is then followed on the ledger (the page cannot know whether the wallet's prompt is still open).
      await expect(purchase).toContainText('Waiting for the ledger', { timeout: patient(30_000) });
      await request.decide('approve');
      await expect(page.getByRole('region', { name: /Notifications/, includeHidden: true })).toContainText('Purchase Successful!', {
        timeout: SETTLE_TIMEOUT_MS,
      });
      await expect(tray).toHaveCount(0);
      await expectBoughtOnce(page, target, daveBefore);
      // Buying it again is impossible: the server never prepares a second purchase. Until SentX has recorded the sale
      // (the page completes it again once the mirror shows the payment) it hands back the paid one to complete; then
      // SentX refuses a tiger no longer listed.
      const answer = await page.request.post('/api/market/buy', {
        data: { token_address: NFT_TOKEN, serial_number: target.serialId, user_address: DAVE, price: String(target.salePrice) },
      });
      if (answer.status() === 200) expect((await answer.json()).data).toMatchObject({ resumed: 'paid' });
      else expect(answer.status()).toBe(400);
    });
  });
