import { sandboxDriver } from './support/wallet-driver';
import { BOB, CAROL } from '../../src/sandbox/ledger/demo-accounts';
import { approveTigerSpend, listForPaws, signedInHolder } from '../support/paws-trades';
import { call, ownedSerials } from '../support/sandbox-client';
import { LEDGER_FLOW_MS, MARKETPLACE, ledgerNft, SHOWN_ON_MIRROR } from './support/ledger';
import { listBuyUnlist, listLastTiger, openListDialog } from './support/paws-flows';
import { approveNext, connectAs, disconnect, rejectNext } from './support/sandbox-wallet';
import { atRest } from './support/at-rest';
import { expect, test } from './support/test';
import { holdRequests } from './support/hold-requests';
import { patient } from './support/pace';

/** How long each flow took, from the click that starts it to its outcome on the page (printed at the end). */
const timings: Record<string, number> = {};
async function timed<T>(flow: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  timings[flow] = Date.now() - started;
  return result;
}

// Mainnet's clock ('ledger' project): these flows prove the ledger's waits. They run side by side: each lists tigers of its own.
test.describe('PAWS marketplace', { tag: '@ledger' }, () => {
  test.afterAll(() => {
    console.info(`PAWS flows on mainnet's clock (consensus 2-4 s, mirror 5-8 s): ${JSON.stringify(timings)}`);
  });

  test('Alice lists, Bob approves PAWS in his wallet and buys; Alice unlists another and its allowance is gone', async ({ page }) => {
    test.setTimeout(patient(300_000));
    Object.assign(timings, await listBuyUnlist(page, sandboxDriver));
  });

  test('approvals answered after the wallet’s 45 s time-out still complete the listing and the purchase, asked for once', async ({ page }) => {
    test.setTimeout(patient(300_000));
    // The page's clock, to jump past the wallet's 45 s time-out without waiting for it.
    await page.clock.install();
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
    const { dialog: listing, serial } = await openListDialog(page);
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
    await expect.poll(async () => (await ledgerNft(page, serial)).spender, SHOWN_ON_MIRROR).toBe(MARKETPLACE);
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
    await expect.poll(async () => (await ledgerNft(page, serial)).account_id, SHOWN_ON_MIRROR).toBe(BOB);
  });

  test('a listing goes on when its dialog is closed, or the page changed, while the ledger confirms it: the tray shows it until it is listed', async ({
    page,
  }) => {
    test.setTimeout(patient(300_000));
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
    const tray = page.getByRole('region', { name: 'Trades in progress' });

    const first = await openListDialog(page);
    await first.dialog.getByLabel('Price (PAWS)').fill('42');
    // What the wallet will ask, said before it opens.
    await expect(first.dialog).toContainText(`Next, your wallet asks you to let the marketplace (${MARKETPLACE}) transfer this one tiger`);
    // What the seller receives after the collection's royalty, read from the ledger's token info.
    await expect(first.dialog.getByTestId('seller-proceeds')).toHaveText('You receive 39.9 PAWS after the 5 % creator royalty (2.1 PAWS).');
    // Held until the tray was looked at: at consensus's pace the listing may otherwise go live before a busy page draws the tray.
    const releaseFirst = await holdRequests(page, '/api/paws/listings/complete');
    await first.dialog.getByRole('button', { name: 'Create Listing' }).click();
    await approveNext(page, /AccountAllowanceApprove/);
    await expect(first.dialog.getByRole('list', { name: 'Listing progress' })).toBeVisible();
    await expect(first.dialog.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
    await first.dialog.getByRole('button', { name: 'Close listing' }).click();
    await expect(first.dialog).toBeHidden();
    await expect(tray.getByRole('article', { name: `Listing ${first.name} for 42 PAWS` })).toContainText('Waiting for the ledger…');
    releaseFirst();
    await expect(page.getByText('Tiger Listed!', { exact: true })).toBeVisible({ timeout: LEDGER_FLOW_MS });
    await expect(tray).toBeHidden();
    await expect.poll(async () => (await ledgerNft(page, first.serial)).spender, SHOWN_ON_MIRROR).toBe(MARKETPLACE);

    // Approved, then straight to another page: the listing is picked up there, and the tray's link
    // leads to its own dialog over the tiger's view. Its completion is held until the test has looked.
    const second = await openListDialog(page);
    await second.dialog.getByLabel('Price (PAWS)').fill('43');
    // Held before the wallet answers: the approval reaches consensus (its receipt) in seconds.
    const release = await holdRequests(page, '/api/paws/listings/complete');
    await second.dialog.getByRole('button', { name: 'Create Listing' }).click();
    await approveNext(page, /AccountAllowanceApprove/);
    await expect(second.dialog.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
    await page.goto('/');
    const article = tray.getByRole('article', { name: `Listing ${second.name} for 43 PAWS` });
    await article.getByRole('link', { name: 'Show progress' }).click();
    const reopened = page.getByRole('dialog', { name: `List ${second.name}` });
    // It opens once the view knows the tiger's owner: a read of the ledger, which under load can take the mirror's whole budget more than once.
    await expect(reopened.getByRole('list', { name: 'Listing progress' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
    await expect(reopened.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
    await expect(tray).toBeHidden();
    // Behind it, the tiger's view says the listing is under way.
    await expect(page.getByTestId('tiger-view').getByRole('button', { name: 'Listing…', includeHidden: true })).toBeAttached();
    release();
    await expect(page.getByRole('dialog', { name: 'Listing Created' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
    await page.getByRole('dialog', { name: 'Listing Created' }).getByRole('button', { name: 'Close listing' }).click();
    await expect.poll(async () => (await ledgerNft(page, second.serial)).spender, SHOWN_ON_MIRROR).toBe(MARKETPLACE);
    await page.goto('/paws-marketplace');
    await page.getByRole('tab', { name: 'My Listings' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(first.name);
    await expect(page.getByRole('tabpanel')).toContainText(second.name);
  });

  test('a PAWS purchase goes on when its dialog is closed while the ledger settles it, shown in the tray until the tiger is the buyer’s', async ({ page }) => {
    test.setTimeout(patient(300_000));
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
    const serial = await listLastTiger(page, sandboxDriver, '33');
    await disconnect(page);

    await connectAs(page, 'Bob');
    const name = `Wild Tiger #${serial}`;
    await page.getByRole('tabpanel').locator('div.rounded-xl', { hasText: name }).getByRole('button', { name: 'Buy' }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${name}` });
    // What the wallet may ask, said before it opens.
    await expect(dialog.getByTestId('allowance-ask')).toHaveText(
      'Your wallet will ask to allow the marketplace 33 PAWS for this tiger. It takes the PAWS only as the tiger comes to you, in one transaction.',
    );
    await expect(dialog.getByTestId('buyer-cost')).toHaveText('You pay 33 PAWS; the seller receives 31.35 PAWS after the 5 % creator royalty (1.65 PAWS).');
    await dialog.getByRole('button', { name: 'Purchase', exact: true }).click();
    await approveNext(page, /AccountAllowanceApprove/);
    const progress = dialog.getByRole('list', { name: 'Purchase progress' });
    await expect(progress.getByRole('listitem')).toHaveText([/Check the price and your allowance/, /Approve PAWS in your wallet/, /Settle on the ledger/]);
    await expect(dialog.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close purchase' }).click();
    await expect(dialog).toBeHidden();
    const tray = page.getByRole('region', { name: 'Trades in progress' });
    await expect(tray.getByRole('article', { name: `Buying ${name} for 33 PAWS` })).toBeVisible();
    await expect(page.getByText('Purchase Successful!', { exact: true })).toBeVisible({ timeout: 2 * LEDGER_FLOW_MS });
    await expect(tray).toBeHidden();
    await expect.poll(async () => (await ledgerNft(page, serial)).account_id, SHOWN_ON_MIRROR).toBe(BOB);
  });

  test('the tray’s link reopens a purchase under way in its own dialog, over the tiger’s view, which says it is buying', async ({ page }) => {
    test.setTimeout(patient(300_000));
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
    const serial = await listLastTiger(page, sandboxDriver, '34');
    await disconnect(page);

    await connectAs(page, 'Bob');
    const name = `Wild Tiger #${serial}`;
    // The purchase after the allowance is held until the test has looked at the reopened dialog.
    const release = await holdRequests(page, '/api/paws/buy/prepare', (body) => body.includes('allowanceTransactionId'));
    await page.getByRole('tabpanel').locator('div.rounded-xl', { hasText: name }).getByRole('button', { name: 'Buy' }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${name}` });
    await dialog.getByRole('button', { name: 'Purchase', exact: true }).click();
    await approveNext(page, /AccountAllowanceApprove/);
    await expect(dialog.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close purchase' }).click();
    await expect(dialog).toBeHidden();
    const tray = page.getByRole('region', { name: 'Trades in progress' });
    await tray
      .getByRole('article', { name: `Buying ${name} for 34 PAWS` })
      .getByRole('link', { name: 'Show progress' })
      .click();
    await expect(dialog.getByRole('list', { name: 'Purchase progress' })).toBeVisible();
    await expect(dialog.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
    await expect(tray).toBeHidden();
    await expect(page.getByTestId('tiger-view').getByRole('button', { name: 'Buying…', includeHidden: true })).toBeAttached();
    release();
    await expect(page.getByRole('dialog', { name: 'Purchase Successful!' })).toBeVisible({ timeout: 2 * LEDGER_FLOW_MS });
    await expect.poll(async () => (await ledgerNft(page, serial)).account_id, SHOWN_ON_MIRROR).toBe(BOB);
  });

  test('an unlist goes on when its dialog is closed, or the page changed, while the ledger confirms the revocation: the tray shows it until the tiger is back', async ({
    page,
  }) => {
    test.setTimeout(patient(300_000));
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Alice');
    const first = await listLastTiger(page, sandboxDriver, '51');
    const second = await listLastTiger(page, sandboxDriver, '52');
    const tray = page.getByRole('region', { name: 'Trades in progress' });
    await page.getByRole('tab', { name: 'My Listings' }).click();

    /** Starts the unlist of `serial` and approves the revocation: the dialog follows it on the ledger. */
    async function unlist(serial: number) {
      await page
        .getByRole('tabpanel')
        .locator('div.rounded-xl', { hasText: `Wild Tiger #${serial}` })
        .getByRole('button', { name: 'Unlist NFT' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Return Tiger to Your Den?' });
      await dialog.getByRole('button', { name: 'Return to Den' }).click();
      await approveNext(page, /AccountAllowanceDelete|AccountAllowanceApprove|Allowance/);
      await expect(dialog.getByRole('list', { name: 'Unlist progress' }).getByRole('listitem')).toHaveText([
        /Remove the listing/,
        /Revoke the permission in your wallet/,
        /Confirm on the ledger/,
      ]);
      await expect(dialog.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
      return dialog;
    }

    // The ledger's answers on the revocation are held until the tray was looked at (it may reach consensus in two seconds).
    const releaseFirst = await holdRequests(page, '/api/hedera/transaction/**');
    const dialog = await unlist(first);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(tray.getByRole('article', { name: `Returning Wild Tiger #${first} to your den` })).toContainText('Waiting for the ledger…');
    releaseFirst();
    await expect(page.getByText('Tiger Returned', { exact: true })).toBeVisible({ timeout: LEDGER_FLOW_MS });
    await expect(tray).toBeHidden();
    await expect.poll(async () => (await ledgerNft(page, first)).spender, SHOWN_ON_MIRROR).toBeNull();

    // Approved, then straight to another page: the revocation is picked up there and followed to its end.
    const releaseSecond = await holdRequests(page, '/api/hedera/transaction/**');
    await unlist(second);
    await page.goto('/collection');
    await expect(tray.getByRole('article', { name: `Returning Wild Tiger #${second} to your den` })).toBeVisible();
    releaseSecond();
    await expect(page.getByText('Tiger Returned', { exact: true })).toBeVisible({ timeout: LEDGER_FLOW_MS });
    await expect(tray).toBeHidden();
    await expect.poll(async () => (await ledgerNft(page, second)).spender, SHOWN_ON_MIRROR).toBeNull();
  });

  test('a refused approval offers Try Again; an unlist whose permission removal is refused says so, and is finished later from the profile', async ({
    page,
  }) => {
    test.setTimeout(patient(300_000));
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Bob');
    const { dialog: listing, name, serial } = await openListDialog(page);
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
    await expect.poll(async () => (await ledgerNft(page, serial)).spender, SHOWN_ON_MIRROR).toBe(MARKETPLACE);
    await unfinished.getByRole('button', { name: 'Not Now' }).click();
    await expect(page.getByRole('tabpanel')).not.toContainText(name);
    await page.getByRole('tab', { name: 'My NFTs' }).click();
    await expect(page.getByRole('button', { name: `Revoke Permission on ${name}` })).toBeVisible();

    // The profile page offers to finish it too.
    await page.goto('/wild-tiger-profile');
    const revoke = page.getByRole('button', { name: `Revoke Permission on ${name}` });
    await expect(revoke).toBeVisible({ timeout: patient(20_000) });
    await revoke.click();
    const finish = page.getByRole('dialog', { name: 'Revoke the Marketplace’s Permission' });
    await expect(finish).toContainText(`${name} is no longer listed, but the marketplace can still move it until you revoke its permission.`);
    await timed('finish a half-done unlist from the profile', async () => {
      await finish.getByRole('button', { name: 'Revoke Permission' }).click();
      await approveNext(page);
      await expect(page.getByText('Tiger Returned', { exact: true })).toBeVisible({ timeout: LEDGER_FLOW_MS });
    });
    await expect.poll(async () => (await ledgerNft(page, serial)).spender, SHOWN_ON_MIRROR).toBeNull();
    await expect(revoke).toHaveCount(0);
  });
});

test.describe('PAWS marketplace on a small screen', () => {
  test('the List dialog fits a 320 px screen: the price input and the explanation wrap inside it', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
    const { dialog } = await openListDialog(page);
    await expect(dialog.getByLabel('Price (PAWS)')).toBeVisible();
    // Before, the price input's own width widened the dialog's column: its text and button ran past the dialog's edge.
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await dialog.getByRole('button', { name: 'Create Listing' }).boundingBox();
    const frame = await dialog.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
  });
});

test.describe('PAWS marketplace when the server cannot be reached', () => {
  test('Sync NFTs says so in the spec’s words, never a raw “Failed to fetch”, and its Try again syncs once the server is back', async ({ page }) => {
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
    await page.getByRole('tab', { name: 'My NFTs' }).click();
    const sync = /\/api\/profile\/[\d.]+\/sync-nfts$/;
    await page.route(sync, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Sync NFTs' }).click();
    const notice = page.getByRole('region', { name: /Notifications/, includeHidden: true });
    await expect(notice).toContainText('Sync Failed');
    await expect(notice).toContainText('Failed to sync NFTs');
    await expect(notice).not.toContainText('Failed to fetch');

    await page.unroute(sync);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect(notice).toContainText('NFTs Synced');
  });
});

test.describe('PAWS marketplace while the ledger cannot read a holding', () => {
  test('My NFTs answered from the stored copy (which cannot know the marketplace’s permission) is read again, and then offers to revoke it', async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL as string;
    const carol = await signedInHolder(origin, CAROL);
    const serial = (await ownedSerials(origin, CAROL)).at(-1) as number;
    // Carol approved the marketplace for a tiger she did not list: the permission is left, and My NFTs offers to revoke it.
    await approveTigerSpend(carol, serial);
    await expect.poll(async () => (await ledgerNft(page, serial)).spender, SHOWN_ON_MIRROR).toBe(MARKETPLACE);
    // The server's answer when the ledger cannot be read: its stored copy, which knows the tigers but not their spenders.
    let copies = 0;
    await page.route(/\/api\/profile\/[\d.]+\/nfts$/, async (route) => {
      if (copies > 0) return route.continue();
      copies += 1;
      const answer = await (await route.fetch()).json();
      const nfts = answer.nfts.map((nft: Record<string, unknown>) => ({ ...nft, marketplaceApproved: false }));
      await route.fulfill({ json: { ...answer, nfts, verified: false, source: 'database-fallback' } });
    });
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
    await page.getByRole('tab', { name: 'My NFTs' }).click();
    await expect.poll(() => copies).toBe(1);
    await expect(page.getByRole('button', { name: `Revoke Permission on Wild Tiger #${serial}` })).toBeVisible({ timeout: patient(15_000) });
  });
});

/** True when two boxes share any area. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the PAWS market’s sort and filters sit side by side at 320 px, a filter chosen; the sweep’s fields stay inside the cart at 1440 px', async ({
  page,
  baseURL,
}) => {
  // A listing of Carol's, so the market has traits to filter by (taken down at the end: the worker's other specs expect the seeded market).
  const carol = await signedInHolder(baseURL as string, CAROL);
  const listing = await listForPaws(carol, (await ownedSerials(baseURL as string, CAROL))[0] as number, '9');
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/paws-marketplace');
  await sandboxDriver.connectAs(page, 'Bob');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const firstGroup = page.locator('#paws-filters details').first();
  await firstGroup.locator('summary').click();
  await firstGroup.getByRole('checkbox').first().check();
  const sort = await page.getByLabel('Sort by').boundingBox();
  const hide = await page.getByRole('button', { name: /^Hide filters/ }).boundingBox();
  expect(sort && hide && overlap(sort, hide), `the sort select ${JSON.stringify(sort)} and 'Hide filters' ${JSON.stringify(hide)} overlap`).toBe(false);
  for (const box of [sort, hide]) expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(320);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('cart-button').click();
  const sweep = page.getByRole('form', { name: 'Sweep the floor' });
  await expect(sweep).toBeVisible();
  // Measured once the cart has opened: its opening animation moves the form between two reads.
  await atRest(page);
  const form = await sweep.boundingBox();
  for (const field of ['How many (1–25)', 'Tier', 'Maximum total (PAWS, optional)']) {
    const box = await sweep.getByLabel(field).boundingBox();
    expect(box && form && box.x + box.width <= form.x + form.width && box.x >= form.x, `${field} lies outside the sweep form`).toBe(true);
  }
  expect((await call(baseURL as string, 'DELETE', `/api/paws/listings/${listing.id}`, { cookie: carol.cookie })).status).toBe(200);
});
