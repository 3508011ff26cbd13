import type { Page } from '@playwright/test';
import { BOB, CAROL } from '../../src/sandbox/ledger/demo-accounts';
import { approveNext, connectAs, disconnect } from './support/sandbox-wallet';
import { expect, test } from './support/test';

const NFT_TOKEN = '0.0.7000333';
const PAWS_TOKEN = '0.0.9296439';
const MARKETPLACE = '0.0.7000100';
/** On mainnet's clock a wallet's transaction reaches the mirror node 7-12 s after the wallet answers; a flow may wait for two. */
const LEDGER_FLOW_MS = 45_000;

async function ledgerNft(page: Page, serial: number) {
  return page.evaluate(
    async ([token, id]) => (await fetch(`/sandbox/mirror/api/v1/tokens/${token}/nfts/${id}`)).json() as Promise<{ account_id: string; spender: string | null }>,
    [NFT_TOKEN, serial] as const,
  );
}

/** An account's PAWS straight from the ledger (the balance API is cached 5 s, as the spec says). */
async function pawsOf(page: Page, accountId: string): Promise<number> {
  const body = await page.evaluate(
    async ([id, token]) => (await fetch(`/sandbox/mirror/api/v1/accounts/${id}/tokens?token.id=${token}`)).json() as Promise<{ tokens: { balance: number }[] }>,
    [accountId, PAWS_TOKEN] as const,
  );
  return (body.tokens[0]?.balance ?? 0) / 1e6;
}

/** Lists the last tiger of the signed-in account's "My NFTs" tab for `price` PAWS; returns its serial. */
async function listLastTiger(page: Page, price: string): Promise<number> {
  await page.getByRole('tab', { name: 'My NFTs' }).click();
  const card = page
    .getByRole('tabpanel')
    .locator('div.rounded-xl', { has: page.getByRole('button', { name: 'List', exact: true }) })
    .last();
  const name = (await card.getByRole('heading').innerText()).trim();
  const serial = Number(name.replace(/\D+/g, ''));
  await card.getByRole('button', { name: 'List', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `List ${name}` });
  await dialog.getByLabel('Price (PAWS)').fill(price);
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  await approveNext(page, new RegExp(`${MARKETPLACE} may transfer NFT ${NFT_TOKEN} #${serial}`));
  await expect(page.getByRole('dialog', { name: 'Listing Created' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
  await page.getByRole('dialog', { name: 'Listing Created' }).getByRole('button', { name: 'Close' }).first().click();
  return serial;
}

/** How long each flow took, from the click that starts it to its outcome on the page (printed at the end). */
const timings: Record<string, number> = {};
async function timed(flow: string, run: () => Promise<void>): Promise<void> {
  const started = Date.now();
  await run();
  timings[flow] = Date.now() - started;
}

test.describe
  .serial('PAWS offers', () => {
    test.afterAll(() => {
      console.info(`Offer flows on mainnet's clock (consensus 2-4 s, mirror 5-8 s): ${JSON.stringify(timings)}`);
    });

    test('Bob offers on Carol’s tiger, Carol accepts: the tiger and exactly the offered PAWS change hands on the ledger', async ({ page }) => {
      test.setTimeout(420_000);
      await page.goto('/paws-marketplace');
      await connectAs(page, 'Carol');
      const serial = await listLastTiger(page, '40');
      const tiger = `Wild Tiger #${serial}`;
      await disconnect(page);

      await connectAs(page, 'Bob');
      const [bobBefore, carolBefore] = [await pawsOf(page, BOB), await pawsOf(page, CAROL)];
      const card = page.getByRole('tabpanel').locator('div.rounded-xl', { hasText: tiger });
      await expect(card).toContainText('No offers yet');
      await card.getByRole('button', { name: `Offers on ${tiger}` }).click();
      const offers = page.getByRole('dialog', { name: `Offers on ${tiger}` });
      await expect(offers).toContainText('No offers on this tiger yet.');
      const amount = offers.getByLabel('Offer (PAWS)');
      await amount.fill('12.345');
      await expect(offers.getByText('Please enter a valid PAWS price')).toBeVisible();
      await expect(offers.getByRole('button', { name: 'Make Offer' })).toBeDisabled();
      await amount.fill('12.5');
      await offers.getByLabel('Expires in').selectOption('3d');
      await timed('offer with a first-time PAWS allowance', async () => {
        await offers.getByRole('button', { name: 'Make Offer' }).click();
        await approveNext(page, new RegExp(`${MARKETPLACE} may spend \\d+ of token ${PAWS_TOKEN}`));
        // The wallet answered after the precheck: the form follows the approval on the ledger, and says so.
        await expect(offers.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
        await expect(offers.getByText('Offer Made', { exact: true })).toBeVisible({ timeout: 2 * LEDGER_FLOW_MS });
      });
      const own = offers.getByRole('listitem').filter({ hasText: '12.5 PAWS' });
      await expect(own).toContainText(`${BOB} (you)`);
      await expect(own.getByRole('button', { name: 'Cancel Offer' })).toBeVisible();
      await expect(offers).toContainText('Best offer: 12.5 PAWS');
      await offers.getByRole('button', { name: 'Close offers' }).click();
      await expect(offers).toBeHidden();
      await expect(card).toContainText('Best offer: 12.5 PAWS');
      // The tabs are keyboard-usable: arrows move between them.
      await page.getByRole('tab', { name: 'My Listings' }).click();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Offers Made' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: tiger })).toContainText('12.5 PAWS');
      await disconnect(page);

      await connectAs(page, 'Carol');
      // An offer received since Carol's last visit is told once.
      await expect(page.getByText('Offer Received', { exact: true })).toBeVisible({ timeout: 15_000 });
      await page.getByRole('tab', { name: 'Offers Received' }).click();
      const received = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: '12.5 PAWS' });
      await expect(received).toContainText(`For your ${tiger}`);
      await received.getByRole('button', { name: 'Accept 12.5 PAWS' }).click();
      const accept = page.getByRole('dialog', { name: 'Accept Offer' });
      await expect(accept).toContainText(`12.5 PAWS from ${BOB}`);
      await timed('accept (the tiger already approved by its listing)', async () => {
        await accept.getByRole('button', { name: 'Accept Offer' }).click();
        await expect(page.getByRole('dialog', { name: 'Offer Accepted' })).toBeVisible({ timeout: 2 * LEDGER_FLOW_MS });
      });
      await expect(page.getByRole('dialog', { name: 'Offer Accepted' })).toContainText(`${tiger} went to ${BOB} for 12.5 PAWS.`);

      expect((await ledgerNft(page, serial)).account_id).toBe(BOB);
      expect(await pawsOf(page, BOB)).toBeCloseTo(bobBefore - 12.5, 6);
      expect(await pawsOf(page, CAROL)).toBeCloseTo(carolBefore + 12.5, 6);
      await page.getByRole('dialog', { name: 'Offer Accepted' }).getByRole('button', { name: 'Close', exact: true }).click();
      await expect(page.getByRole('tabpanel')).toContainText('No Offers Received');
      // Accepting took down the tiger's PAWS listing.
      await page.getByRole('tab', { name: 'My Listings' }).click();
      await expect(page.getByRole('tabpanel')).not.toContainText(tiger);
      await disconnect(page);

      await connectAs(page, 'Bob');
      await expect(page.getByText('Offer Filled', { exact: true })).toBeVisible({ timeout: 15_000 });
      await page.getByRole('tab', { name: 'Offers Made' }).click();
      await expect(page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: tiger })).toContainText('Filled');
    });
  });
