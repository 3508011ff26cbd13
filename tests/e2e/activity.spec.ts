import type { APIRequestContext } from '@playwright/test';
import { ALICE, BOB } from '../../src/sandbox/ledger/demo-accounts';
import { signAndExecute, signIn } from '../support/sandbox-client';
import { listings } from './support/market-flows';
import { connectAs } from './support/sandbox-wallet';
import { MARKETPLACE, NFT_TOKEN, PAWS_TOKEN } from './support/ledger';
import { expect, test } from './support/test';
import { patient } from './support/pace';

/** On mainnet's clock a transaction reaches the mirror node 7-12 s after it is submitted. */
const LEDGER_MS = 45_000;

/** Answers that change nothing and ask to try again: the mirror node has not caught up, or the request's budget ran out first. */
const RETRY_CODES = ['LEDGER_PENDING', 'LEDGER_TIMEOUT'];

/** A POST asked again while the server answers that the ledger is still catching up (as the pages do). */
async function settle(api: APIRequestContext, path: string, cookie: string, data: unknown): Promise<Record<string, unknown>> {
  const deadline = Date.now() + LEDGER_MS;
  for (;;) {
    const answer = await api.post(path, { headers: { cookie }, data });
    const body = (await answer.json()) as Record<string, unknown>;
    if (answer.ok()) return body;
    if (!RETRY_CODES.includes(String(body.code)) || Date.now() > deadline) throw new Error(`${path}: ${answer.status()} ${JSON.stringify(body)}`);
    await new Promise((done) => setTimeout(done, 1000));
  }
}

/** Alice lists one of her tigers and Bob buys it, through the API and the sandbox ledger (as their wallets would). */
async function sellAliceTiger(api: APIRequestContext, origin: string, price: string): Promise<number> {
  const [alice, bob] = [await signIn(origin, ALICE), await signIn(origin, BOB)];
  const owned = (await (await api.get(`/sandbox/mirror/api/v1/accounts/${ALICE}/nfts?token.id=${NFT_TOKEN}&limit=100`)).json()) as {
    nfts: { serial_number: number }[];
  };
  // Her first tiger (the highest serial): the listing flows of the specs sharing this worker's sandbox list her last ones.
  const serial = owned.nfts[0]?.serial_number as number;
  const prepared = await settle(api, '/api/paws/listings/prepare', alice, { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: price });
  const allowance = await settle(api, '/api/paws/allowance/prepare', alice, {
    ownerAccountId: ALICE,
    tokenId: NFT_TOKEN,
    serialNumber: serial,
    spenderAccountId: MARKETPLACE,
  });
  const approval = await signAndExecute(origin, ALICE, allowance.transactionBytes as string);
  await settle(api, '/api/paws/listings/complete', alice, { pendingListing: prepared.pendingListing, approvalTransactionId: approval.transactionId });
  const listingId = ((await (await api.get(`/api/paws/listings/user/${ALICE}`)).json()) as { listings: { id: string; serialNumber: number }[] }).listings.find(
    (listing) => listing.serialNumber === serial,
  )?.id;
  const pawsAllowance = await settle(api, '/api/paws/token-allowance/prepare', bob, {
    ownerAccountId: BOB,
    tokenId: PAWS_TOKEN,
    amount: price,
    spenderAccountId: MARKETPLACE,
  });
  const approved = await signAndExecute(origin, BOB, pawsAllowance.transactionBytes as string);
  await settle(api, '/api/paws/buy/prepare', bob, { listingId, buyerId: BOB, allowanceTransactionId: approved.transactionId });
  return serial;
}

test.describe('market figures and activity', () => {
  test('the HBAR marketplace shows its figures and the activity of both markets, filterable, each row linking to its tiger', async ({ page }) => {
    await page.goto('/marketplace');
    const figures = page.getByTestId('market-figures');
    await expect(page.getByRole('heading', { name: 'HBAR market figures' })).toBeVisible();
    for (const name of ['Floor', '24h Volume', '24h Sales', '7d Volume', '7d Sales', 'Listed', 'Owners'])
      await expect(figures.getByText(name, { exact: true })).toBeVisible();
    await expect(figures).not.toContainText('Loading...');
    await expect(figures.locator('dd').first()).toContainText('ℏ');
    // The listed count and its share of 3,333, as the market lists them now (other specs buy some of the 30 it starts with).
    const listed = (await listings(page)).length;
    await expect(figures).toContainText(`${listed} · ${((listed / 3333) * 100).toFixed(1)}%`);

    await page.getByRole('link', { name: 'See activity' }).click();
    const activity = page.locator('#activity');
    await expect(activity.getByRole('heading', { name: 'Activity' })).toBeInViewport();
    const rows = activity.getByTestId('activity-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows).toHaveCount(20);
    const link = rows.first().getByRole('link');
    await expect(link).toHaveAttribute('href', /^\/collection\?tiger=\d+$/);

    await activity.getByRole('group', { name: 'Kind' }).getByRole('button', { name: 'Listings' }).click();
    await expect(activity.getByRole('button', { name: 'Listings' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows.first().getByText('Listed', { exact: true })).toBeVisible();
    await expect(rows.filter({ hasText: 'Sale' })).toHaveCount(0);
    await activity.getByRole('button', { name: 'Show more' }).click();
    await expect(rows).toHaveCount(30);

    await activity.getByRole('group', { name: 'Market' }).getByRole('button', { name: 'PAWS' }).click();
    await expect(rows.filter({ hasText: 'HBAR' })).toHaveCount(0);
  });

  test('a See activity click keeps the activity in view while the listings above it are still coming in', async ({ page }) => {
    // The listings' code arrives after the click (a slow phone): the grid above the activity grows from 12 placeholders
    // to a page of 25 cards, and the activity heading must not leave the screen.
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route(/\/_astro\/HbarMarketplace[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/marketplace');
    await expect(page.getByTestId('market-figures').locator('dd').first()).toContainText('ℏ');
    await expect(page.getByTestId('market-skeletons')).toBeVisible();
    await page.getByRole('link', { name: 'See activity' }).click();
    const heading = page.locator('#activity').getByRole('heading', { name: 'Activity' });
    await expect(heading).toBeInViewport();
    release();
    await expect(page.getByRole('navigation', { name: 'Recent sales pages' })).toBeAttached();
    await expect(page.getByTestId('market-skeletons')).toHaveCount(0);
    await expect(heading).toBeInViewport();
  });

  test('a PAWS sale shows in the activity and tells its seller once', async ({ page, request, baseURL }) => {
    test.setTimeout(patient(150_000));
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Alice');
    await expect(page.getByRole('heading', { name: 'PAWS market figures' })).toBeVisible();
    // The first visit sets Alice's last-seen mark and tells nothing.
    await expect(page.getByRole('tab', { name: 'My Listings' })).toBeVisible();

    const serial = await sellAliceTiger(request, baseURL as string, '77.5');

    await page.reload();
    await expect(page.getByText('Your Tiger Sold', { exact: true })).toBeVisible({ timeout: patient(15_000) });
    await expect(page.getByText(`Wild Tiger #${serial} sold for 77.5 PAWS since your last visit.`, { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'My Listings' }).click();
    const sold = page.getByTestId('my-sales');
    await expect(sold.getByRole('listitem').filter({ hasText: `Wild Tiger #${serial}` })).toContainText('New');
    await expect(sold.getByRole('link', { name: `Wild Tiger #${serial}` })).toHaveAttribute('href', `/collection?tiger=${serial}`);

    const activity = page.locator('#activity');
    await activity.scrollIntoViewIfNeeded();
    await activity.getByRole('group', { name: 'Market' }).getByRole('button', { name: 'PAWS' }).click();
    await activity.getByRole('group', { name: 'Kind' }).getByRole('button', { name: 'Sales' }).click();
    // The filtered page replaces the whole one: until it has, the tiger's listing row is there too.
    await expect(activity.getByTestId('activity-row').filter({ hasText: 'Listed' })).toHaveCount(0);
    const row = activity.getByTestId('activity-row').filter({ hasText: `Wild Tiger #${serial}` });
    await expect(row).toContainText('77.5 PAWS');
    await expect(row.getByRole('link', { name: `Wild Tiger #${serial}` })).toHaveAttribute('href', `/collection?tiger=${serial}`);

    // Told once: the next visit shows the sale in the history without a toast or a 'New' mark.
    await page.reload();
    await page.getByRole('tab', { name: 'My Listings' }).click();
    await expect(
      page
        .getByTestId('my-sales')
        .getByRole('listitem')
        .filter({ hasText: `Wild Tiger #${serial}` }),
    ).toBeVisible();
    await expect(page.getByTestId('my-sales')).not.toContainText('New');
    await expect(page.getByText('Your Tiger Sold', { exact: true })).toHaveCount(0);
  });
});
