import { expect, test } from './support/test';
import { approveNext, connectAs, disconnect, rejectNext } from './support/sandbox-wallet';

const NFT_TOKEN = '0.0.7000333';
const MARKETPLACE = '0.0.7000100';

async function ledgerNft(page: import('@playwright/test').Page, serial: number) {
  return page.evaluate(
    async ([token, id]) => (await fetch(`/sandbox/mirror/api/v1/tokens/${token}/nfts/${id}`)).json() as Promise<{ account_id: string; spender: string | null }>,
    [NFT_TOKEN, serial] as const,
  );
}

/** An account's PAWS straight from the ledger (the balance API is cached 5 s, as the spec says). */
async function pawsOf(page: import('@playwright/test').Page, accountId: string): Promise<number> {
  const body = await page.evaluate(
    async (id) => (await fetch(`/sandbox/mirror/api/v1/accounts/${id}/tokens?token.id=0.0.9296439`)).json() as Promise<{ tokens: { balance: number }[] }>,
    accountId,
  );
  return (body.tokens[0]?.balance ?? 0) / 1e6;
}

/** On mainnet's clock a wallet's transaction reaches the mirror node 7-12 s after the wallet answers; a flow may wait for two. */
const LEDGER_FLOW_MS = 45_000;

/** How long each flow took, from the click that starts it to its outcome on the page (printed at the end). */
const timings: Record<string, number> = {};
async function timed<T>(flow: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  timings[flow] = Date.now() - started;
  return result;
}

/** Lists the last tiger of the signed-in account's "My NFTs" tab for `price` PAWS; returns its serial. */
async function listLastTiger(page: import('@playwright/test').Page, price: string): Promise<number> {
  await page.getByRole('tab', { name: 'My NFTs' }).click();
  const card = page
    .getByRole('tabpanel')
    .locator('div.rounded-xl', { has: page.getByRole('button', { name: 'List', exact: true }) })
    .last();
  const name = (await card.getByRole('heading').innerText()).trim();
  const serial = Number(name.replace(/\D+/g, ''));
  await card.getByRole('button', { name: 'List', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `List ${name}` });
  await expect(dialog.getByRole('button', { name: 'Create Listing' })).toBeDisabled();
  await dialog.getByLabel('Price (PAWS)').fill('12.345');
  await expect(dialog.getByRole('button', { name: 'Create Listing' })).toBeDisabled();
  await dialog.getByLabel('Price (PAWS)').fill(price);
  await timed(`list for ${price} PAWS`, async () => {
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await approveNext(page, /NFT|Allowance|AccountAllowanceApprove/i);
    // The wallet answered after the precheck: the modal follows the approval on the ledger, and says so.
    await expect(dialog.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Listing Created' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
  });
  await page.getByRole('dialog', { name: 'Listing Created' }).getByRole('button', { name: 'Close' }).first().click();
  return serial;
}

test.describe
  .serial('PAWS marketplace', () => {
    test.afterAll(() => {
      console.info(`PAWS flows on mainnet's clock (consensus 2-4 s, mirror 5-8 s): ${JSON.stringify(timings)}`);
    });

    test('Alice lists, Bob approves PAWS in his wallet and buys; Alice unlists another and its allowance is gone', async ({ page }) => {
      test.setTimeout(300_000);
      await page.goto('/paws-marketplace');
      await expect(page.getByRole('main').getByText('Connect your Hedera wallet', { exact: true })).toBeVisible();
      await connectAs(page, 'Alice');

      const sold = await listLastTiger(page, '25');
      expect((await ledgerNft(page, sold)).spender).toBe('0.0.7000100');
      await page.getByRole('tab', { name: 'My Listings' }).click();
      await expect(page.getByRole('heading', { name: 'My Active Listings' })).toBeVisible();
      await expect(page.getByRole('tabpanel')).toContainText(`Wild Tiger #${sold}`);
      const kept = await listLastTiger(page, '40');
      const aliceBefore = await pawsOf(page, '0.0.7001001');
      await disconnect(page);

      await connectAs(page, 'Bob');
      const bobBefore = await pawsOf(page, '0.0.7001002');
      await expect(page.getByRole('heading', { name: 'Available Listings' })).toBeVisible();
      const card = page.getByRole('tabpanel').locator('div.rounded-xl', { hasText: `Wild Tiger #${sold}` });
      await card.getByRole('button', { name: 'Buy' }).click();
      const dialog = page.getByRole('dialog', { name: `Buy Wild Tiger #${sold}` });
      await timed('buy with a first-time PAWS allowance', async () => {
        await dialog.getByRole('button', { name: 'Purchase', exact: true }).click();
        await approveNext(page, /AccountAllowanceApprove|Allowance/i);
        await expect(dialog.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
        await expect(page.getByRole('dialog', { name: 'Purchase Successful!' })).toBeVisible({ timeout: 2 * LEDGER_FLOW_MS });
      });
      await expect(page.getByText('Purchase Successful!').first()).toBeVisible();

      expect((await ledgerNft(page, sold)).account_id).toBe('0.0.7001002');
      expect(await pawsOf(page, '0.0.7001002')).toBeCloseTo(bobBefore - 25, 6);
      expect(await pawsOf(page, '0.0.7001001')).toBeCloseTo(aliceBefore + 25, 6);
      await page.getByRole('dialog', { name: 'Purchase Successful!' }).getByRole('button', { name: 'Close', exact: true }).click();
      await disconnect(page);

      await connectAs(page, 'Alice');
      await page.getByRole('tab', { name: 'My Listings' }).click();
      const listed = page.getByRole('tabpanel').locator('div.rounded-xl', { hasText: `Wild Tiger #${kept}` });
      await listed.getByRole('button', { name: 'Unlist NFT' }).click();
      const confirm = page.getByRole('dialog', { name: 'Return Tiger to Your Den?' });
      await expect(confirm.getByRole('button', { name: 'Keep Listed' })).toBeVisible();
      await timed('unlist and revoke', async () => {
        await confirm.getByRole('button', { name: 'Return to Den' }).click();
        await approveNext(page);
        await expect(confirm.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
        await expect(page.getByText('Tiger Returned', { exact: true })).toBeVisible({ timeout: LEDGER_FLOW_MS });
      });
      await expect(page.getByText(/marketplace permission is revoked/).first()).toBeVisible();
      expect((await ledgerNft(page, kept)).spender).toBeNull();
      await expect(page.getByRole('tabpanel')).not.toContainText(`Wild Tiger #${kept}`);
    });

    test('approvals answered after the wallet’s 45 s time-out still complete the listing and the purchase, asked for once', async ({ page }) => {
      test.setTimeout(300_000);
      // The page's clock, to jump past the wallet's 45 s time-out without waiting for it.
      await page.clock.install();
      await page.goto('/paws-marketplace');
      await connectAs(page, 'Carol');
      await page.getByRole('tab', { name: 'My NFTs' }).click();
      const card = page
        .getByRole('tabpanel')
        .locator('div.rounded-xl', { has: page.getByRole('button', { name: 'List', exact: true }) })
        .last();
      const name = (await card.getByRole('heading').innerText()).trim();
      const serial = Number(name.replace(/\D+/g, ''));
      await card.getByRole('button', { name: 'List', exact: true }).click();
      const listing = page.getByRole('dialog', { name: `List ${name}` });
      await listing.getByLabel('Price (PAWS)').fill('30');
      await listing.getByRole('button', { name: 'Create Listing' }).click();
      await expect(page.getByRole('dialog', { name: 'Sandbox Wallet: signature request' })).toBeVisible();
      await page.clock.fastForward('00:46');
      // The wallet's prompt is still open above the (inert) listing dialog, which says what happens now.
      await expect(
        page.getByText('Wallet execution timeout after 45 seconds. If you approve it in your wallet, the listing completes once the ledger confirms it.'),
      ).toBeVisible();
      // Nothing offers to prepare a second approval while this one may still reach the ledger.
      await expect(page.getByRole('button', { name: /Create Listing|Try Again/, includeHidden: true })).toHaveCount(0);
      await approveNext(page, /AccountAllowanceApprove/);
      await expect(page.getByRole('dialog', { name: 'Listing Created' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
      expect((await ledgerNft(page, serial)).spender).toBe('0.0.7000100');
      await page.getByRole('dialog', { name: 'Listing Created' }).getByRole('button', { name: 'Close' }).first().click();
      await disconnect(page);

      await connectAs(page, 'Bob');
      const offer = page.getByRole('tabpanel').locator('div.rounded-xl', { hasText: `Wild Tiger #${serial}` });
      await offer.getByRole('button', { name: 'Buy' }).click();
      const purchase = page.getByRole('dialog', { name: `Buy Wild Tiger #${serial}` });
      await purchase.getByRole('button', { name: 'Purchase', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Sandbox Wallet: signature request' })).toContainText(/AccountAllowanceApprove/);
      await page.clock.fastForward('00:46');
      await expect(
        page.getByText('Wallet execution timeout after 45 seconds. If you approve it in your wallet, the purchase goes on once the ledger confirms it.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /^(Purchase|Try Again)$/, includeHidden: true })).toHaveCount(0);
      await approveNext(page, /AccountAllowanceApprove/);
      await expect(page.getByRole('dialog', { name: 'Purchase Successful!' })).toBeVisible({ timeout: 2 * LEDGER_FLOW_MS });
      expect((await ledgerNft(page, serial)).account_id).toBe('0.0.7001002');
    });

    test('a refused approval offers Try Again; an unlist whose permission removal is refused says so, and is finished later from the profile', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.goto('/paws-marketplace');
      await connectAs(page, 'Bob');
      await page.getByRole('tab', { name: 'My NFTs' }).click();
      const card = page
        .getByRole('tabpanel')
        .locator('div.rounded-xl', { has: page.getByRole('button', { name: 'List', exact: true }) })
        .last();
      const name = (await card.getByRole('heading').innerText()).trim();
      const serial = Number(name.replace(/\D+/g, ''));
      await card.getByRole('button', { name: 'List', exact: true }).click();
      const listing = page.getByRole('dialog', { name: `List ${name}` });
      await listing.getByLabel('Price (PAWS)').fill('15');
      await listing.getByRole('button', { name: 'Create Listing' }).click();
      await rejectNext(page);
      // The wallet reported a refusal ('NFT allowance was cancelled by user'): the spec's rule offers Try Again.
      await expect(listing.getByRole('alert')).toHaveText('NFT allowance was cancelled by user');
      await listing.getByRole('button', { name: 'Try Again' }).click();
      await approveNext(page, /AccountAllowanceApprove/);
      const created = page.getByRole('dialog', { name: 'Listing Created' });
      await expect(created).toBeVisible({ timeout: LEDGER_FLOW_MS });
      await expect(created).toContainText(`${name} is listed on the PAWS marketplace.`);
      await expect(created).not.toContainText('Set a price in PAWS');
      await created.getByRole('button', { name: 'Close' }).first().click();

      await page.getByRole('tab', { name: 'My Listings' }).click();
      await page.getByRole('tabpanel').locator('div.rounded-xl', { hasText: name }).getByRole('button', { name: 'Unlist NFT' }).click();
      await page.getByRole('dialog', { name: 'Return Tiger to Your Den?' }).getByRole('button', { name: 'Return to Den' }).click();
      await rejectNext(page);
      // Half done: the listing is gone, the permission is not; the dialog says so plainly and offers to finish.
      const unfinished = page.getByRole('dialog', { name: 'Revoke the Marketplace’s Permission' });
      await expect(unfinished).toContainText(`${name} is no longer listed, but the marketplace can still move it until you revoke its permission.`);
      await expect(unfinished.getByRole('alert')).toHaveText('The permission was not revoked: NFT allowance was cancelled by user');
      await expect(unfinished.getByRole('button', { name: 'Revoke Permission' })).toBeEnabled();
      await expect(page.getByText(/Unlist(ing)? Failed/)).toHaveCount(0);
      expect((await ledgerNft(page, serial)).spender).toBe(MARKETPLACE);
      await unfinished.getByRole('button', { name: 'Not Now' }).click();
      await expect(page.getByRole('tabpanel')).not.toContainText(name);
      await page.getByRole('tab', { name: 'My NFTs' }).click();
      await expect(page.getByRole('button', { name: `Revoke Permission on ${name}` })).toBeVisible();

      // The profile page offers to finish it too.
      await page.goto('/wild-tiger-profile');
      const revoke = page.getByRole('button', { name: `Revoke Permission on ${name}` });
      await expect(revoke).toBeVisible({ timeout: 20_000 });
      await revoke.click();
      const finish = page.getByRole('dialog', { name: 'Revoke the Marketplace’s Permission' });
      await expect(finish).toContainText(`${name} is no longer listed, but the marketplace can still move it until you revoke its permission.`);
      await timed('finish a half-done unlist from the profile', async () => {
        await finish.getByRole('button', { name: 'Revoke Permission' }).click();
        await approveNext(page);
        await expect(page.getByText('Tiger Returned', { exact: true })).toBeVisible({ timeout: LEDGER_FLOW_MS });
      });
      expect((await ledgerNft(page, serial)).spender).toBeNull();
      await expect(revoke).toHaveCount(0);
    });
  });
