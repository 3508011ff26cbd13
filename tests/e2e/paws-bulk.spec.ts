import { approvePawsSpend, signedInHolder } from '../support/paws-trades';
import { ALICE, BOB, NFT_TOKEN, call, ownedSerials } from '../support/sandbox-client';
import { LEDGER_FLOW_MS } from './support/ledger';
import { bulkListAndCheckout } from './support/paws-flows';
import { expect, test } from './support/test';
import { sandboxDriver } from './support/wallet-driver';

// Trading in bulk on mainnet's clock ('ledger' project), through the sandbox wallet (walletconnect-paws.spec.ts: through WalletConnect).
test.describe('PAWS trading in bulk', { tag: '@ledger' }, () => {
  test('Alice lists five tigers with one approval; Bob checks out three from his cart with one PAWS approval', async ({ page }) => {
    test.setTimeout(240_000);
    const timings = await bulkListAndCheckout(page, sandboxDriver);
    console.info(`[timing] bulk flows through the sandbox wallet (ms): ${JSON.stringify(timings)}`);
  });
});

// The instant clock ('trading' project): the bulk view of the offers received.
test('Alice accepts two of Bob’s offers at once, chosen in the bulk view and approved in one wallet transaction', async ({ page, baseURL }) => {
  const origin = baseURL as string;
  const bob = await signedInHolder(origin, BOB);
  const serials = (await ownedSerials(origin, ALICE)).slice(-2);
  await approvePawsSpend(bob, '100');
  for (const serial of serials) {
    const made = await call(origin, 'POST', '/api/paws/offers', {
      cookie: bob.cookie,
      body: {
        offerId: crypto.randomUUID(),
        buyerId: BOB,
        tokenId: NFT_TOKEN,
        kind: 'item',
        serialNumber: serial,
        pawsAmount: '20',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
  }
  await page.goto('/paws-marketplace');
  await sandboxDriver.connectAs(page, 'Alice');
  await page.getByRole('tab', { name: 'Offers Received' }).click();
  await page.getByRole('button', { name: 'Accept several offers (2 tigers)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept several offers' });
  const accept = dialog.getByRole('button', { name: 'Accept 0 offers' });
  // Nothing is chosen for the holder: an irreversible sale is never pre-selected.
  await expect(accept).toBeDisabled();
  for (const serial of serials) await dialog.getByRole('checkbox', { name: `Wild Tiger #${serial}` }).check();
  await dialog.getByRole('button', { name: 'Accept 2 offers' }).click();
  await sandboxDriver.approveNext(page, /may transfer NFT/);
  await expect(page.getByRole('dialog', { name: 'Offers Accepted' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
  for (const serial of serials) await expect(page.getByText(`Wild Tiger #${serial} for 20 PAWS`).first()).toBeVisible();
});
