import { type Locator, type Page, expect } from '@playwright/test';
import { ALICE, BOB } from '../../../src/sandbox/ledger/demo-accounts';
import { LEDGER_FLOW_MS, MARKETPLACE, NFT_TOKEN, PAWS_TOKEN, ROYALTY_COLLECTOR, afterRoyalty, ledgerNft, pawsOf, SHOWN_ON_MIRROR } from './ledger';
import type { WalletDriver } from './wallet-driver';
import { approvePawsSpend, listForPaws, signedInHolder } from '../../support/paws-trades';
import { call, ownedSerials } from '../../support/sandbox-client';
import { sandboxRarity } from '../../../src/sandbox/collection/sandbox-rarity';
import { tierByRank } from '../../../src/features/tiger/tiers';

/** Opens the List dialog of the last (or first) listable tiger in the signed-in account's "My NFTs" tab. */
export async function openListDialog(page: Page, which: 'first' | 'last' = 'last'): Promise<{ dialog: Locator; name: string; serial: number }> {
  await page.getByRole('tab', { name: 'My NFTs' }).click();
  // A tiger's List button is named for its tiger ('List Wild Tiger #12'), as on the profile.
  const list = page.getByRole('button', { name: /^List Wild Tiger #\d+$/ });
  const cards = page.getByRole('tabpanel').locator('div.rounded-xl', { has: list });
  const card = which === 'last' ? cards.last() : cards.first();
  const name = ((await card.getByRole('heading').textContent()) ?? '').trim();
  await card.getByRole('button', { name: `List ${name}`, exact: true }).click();
  return { dialog: page.getByRole('dialog', { name: `List ${name}` }), name, serial: Number(name.replace(/\D+/g, '')) };
}

/** Starts a listing in the List dialog of the first or last listable tiger, up to the wallet's prompt. */
export async function startListing(page: Page, which: 'first' | 'last', price: string): Promise<{ dialog: Locator; serial: number }> {
  const { dialog, serial } = await openListDialog(page, which);
  await dialog.getByLabel('Price (PAWS)').fill(price);
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  return { dialog, serial };
}

/**
 * Lists the last tiger of the signed-in account's "My NFTs" tab for `price` PAWS (a price of more
 * than 2 decimals is refused first): the wallet approves the tiger, the modal follows the approval
 * on the ledger and says so, 'Listing Created' is closed. Resolves to the tiger's serial.
 */
export async function listLastTiger(page: Page, wallet: WalletDriver, price: string): Promise<number> {
  const { dialog, serial } = await openListDialog(page);
  const create = dialog.getByRole('button', { name: 'Create Listing' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Price (PAWS)').fill('12.345');
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Price (PAWS)').fill(price);
  await create.click();
  await wallet.approveNext(page, new RegExp(`${MARKETPLACE} may transfer NFT ${NFT_TOKEN} #${serial}`));
  await expect(dialog.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Listing Created' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
  await page.getByRole('dialog', { name: 'Listing Created' }).getByRole('button', { name: 'Close' }).first().click();
  return serial;
}

/**
 * Alice lists two tigers; Bob approves PAWS in his wallet and buys one; Alice unlists the other and
 * its allowance is gone (with either wallet). Resolves to each flow's wall time in ms.
 */
export async function listBuyUnlist(page: Page, wallet: WalletDriver): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const timed = async (flow: string, run: () => Promise<void>) => {
    const started = Date.now();
    await run();
    timings[flow] = Date.now() - started;
  };

  await page.goto('/paws-marketplace');
  await expect(page.getByRole('main').getByText('Connect your Hedera wallet', { exact: true })).toBeVisible();
  await wallet.connectAs(page, 'Alice');

  let sold = 0;
  await timed('list', async () => {
    sold = await listLastTiger(page, wallet, '25');
  });
  await expect.poll(async () => (await ledgerNft(page, sold)).spender, SHOWN_ON_MIRROR).toBe(MARKETPLACE);
  await page.getByRole('tab', { name: 'My Listings' }).click();
  await expect(page.getByRole('heading', { name: 'My Active Listings' })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText(`Wild Tiger #${sold}`);
  const kept = await listLastTiger(page, wallet, '40');
  const [aliceBefore, collectorBefore] = [await pawsOf(page, ALICE), await pawsOf(page, ROYALTY_COLLECTOR)];
  await wallet.disconnect(page);

  await wallet.connectAs(page, 'Bob');
  const bobBefore = await pawsOf(page, BOB);
  await expect(page.getByRole('heading', { name: 'Available Listings' })).toBeVisible();
  const card = page.getByRole('tabpanel').locator('div.rounded-xl', { hasText: `Wild Tiger #${sold}` });
  await card.getByRole('button', { name: 'Buy' }).click();
  const dialog = page.getByRole('dialog', { name: `Buy Wild Tiger #${sold}` });
  await timed('approve PAWS and buy', async () => {
    await dialog.getByRole('button', { name: 'Purchase', exact: true }).click();
    await wallet.approveNext(page, new RegExp(`${MARKETPLACE} may spend [\\d.]+ PAWS of token ${PAWS_TOKEN}`));
    await expect(dialog.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Purchase Successful!' })).toBeVisible({ timeout: 2 * LEDGER_FLOW_MS });
  });
  await expect(page.getByText('Purchase Successful!').first()).toBeVisible();
  await expect.poll(async () => (await ledgerNft(page, sold)).account_id, SHOWN_ON_MIRROR).toBe(BOB);
  await expect.poll(() => pawsOf(page, BOB), SHOWN_ON_MIRROR).toBeCloseTo(bobBefore - 25, 6);
  // The collection's royalty comes out of what the seller receives, to its collector.
  await expect.poll(() => pawsOf(page, ALICE), SHOWN_ON_MIRROR).toBeCloseTo(aliceBefore + afterRoyalty(25), 6);
  await expect.poll(() => pawsOf(page, ROYALTY_COLLECTOR), SHOWN_ON_MIRROR).toBeCloseTo(collectorBefore + 25 - afterRoyalty(25), 6);
  await page.getByRole('dialog', { name: 'Purchase Successful!' }).getByRole('button', { name: 'Close', exact: true }).click();
  await wallet.disconnect(page);

  await wallet.connectAs(page, 'Alice');
  await page.getByRole('tab', { name: 'My Listings' }).click();
  const listed = page.getByRole('tabpanel').locator('div.rounded-xl', { hasText: `Wild Tiger #${kept}` });
  await listed.getByRole('button', { name: 'Unlist NFT' }).click();
  const confirm = page.getByRole('dialog', { name: 'Return Tiger to Your Den?' });
  await expect(confirm.getByRole('button', { name: 'Keep Listed' })).toBeVisible();
  await timed('unlist', async () => {
    await confirm.getByRole('button', { name: 'Return to Den' }).click();
    await wallet.approveNext(page, /AccountAllowanceDelete|AccountAllowanceApprove|Allowance/);
    await expect(confirm.getByRole('status').filter({ hasText: 'Waiting for the ledger…' })).toBeVisible();
    await expect(page.getByText('Tiger Returned', { exact: true })).toBeVisible({ timeout: LEDGER_FLOW_MS });
  });
  await expect(page.getByText(/marketplace permission is revoked/).first()).toBeVisible();
  await expect.poll(async () => (await ledgerNft(page, kept)).spender, SHOWN_ON_MIRROR).toBeNull();
  await expect(page.getByRole('tabpanel')).not.toContainText(`Wild Tiger #${kept}`);
  return timings;
}

/**
 * Alice lists five tigers at once (one price for all, one changed), approved in one wallet
 * transaction; Bob puts three of them in his cart from their cards and checks out: one PAWS
 * approval in his wallet for the whole cart, one atomic settlement. Resolves to each flow's wall time in ms.
 */
export async function bulkListAndCheckout(page: Page, wallet: WalletDriver): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  await page.goto('/paws-marketplace');
  await expect(page.getByRole('main').getByText('Connect your Hedera wallet', { exact: true })).toBeVisible();
  await wallet.connectAs(page, 'Alice');

  await page.getByRole('tab', { name: 'My NFTs' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Select several' }).click();
  const boxes = panel.getByRole('checkbox', { name: /^Select Wild Tiger #\d+$/ });
  await expect(boxes.first()).toBeVisible();
  const serials: number[] = [];
  for (let index = 0; index < 5; index += 1) {
    const box = boxes.nth(index);
    serials.push(Number(((await box.getAttribute('aria-label')) ?? '').replace(/\D+/g, '')));
    await box.check();
  }
  await panel.getByRole('button', { name: 'List selected (5)' }).click();
  const dialog = page.getByRole('dialog', { name: 'List 5 tigers' });
  await dialog.getByLabel('One price for all (PAWS)').fill('30');
  await dialog.getByRole('button', { name: 'Apply to all' }).click();
  await dialog.getByLabel(`Price of Wild Tiger #${serials[0]} in PAWS`).fill('31');
  await expect(dialog.getByTestId('seller-proceeds').first()).toContainText('You receive');
  let started = Date.now();
  await dialog.getByRole('button', { name: 'Approve and list 5 tigers' }).click();
  await wallet.approveNext(page, new RegExp(`${MARKETPLACE} may transfer NFT ${NFT_TOKEN} #`));
  await expect(page.getByRole('dialog', { name: 'Listings Created' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
  timings['bulk list 5'] = Date.now() - started;
  await page.getByRole('dialog', { name: 'Listings Created' }).getByRole('button', { name: 'Close', exact: true }).click();
  for (const serial of serials) await expect.poll(async () => (await ledgerNft(page, serial)).spender, SHOWN_ON_MIRROR).toBe(MARKETPLACE);
  await wallet.disconnect(page);

  await wallet.connectAs(page, 'Bob');
  const bobBefore = await pawsOf(page, BOB);
  await expect(page.getByRole('heading', { name: 'Available Listings' })).toBeVisible();
  const bought = serials.slice(0, 3);
  for (const serial of bought) {
    await page
      .getByRole('tabpanel')
      .locator('div.rounded-xl', { hasText: `Wild Tiger #${serial}` })
      .getByRole('button', { name: 'Add to cart' })
      .click();
  }
  await page.getByTestId('cart-button').click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByTestId('cart-lines').getByRole('listitem')).toHaveCount(3);
  await expect(cart.getByTestId('cart-total')).toHaveText('91 PAWS');
  await expect(cart.getByTestId('cart-line-fees').first()).toContainText('creator royalty');
  // A sweep that matches nothing keeps the cart as it was, and says so.
  await cart.getByLabel('Maximum total (PAWS, optional)').fill('0.01');
  await cart.getByRole('button', { name: /^Fill the cart with the \d+ cheapest$/ }).click();
  await expect(cart.getByTestId('sweep-status')).toHaveText('Even the cheapest matching listing passes your maximum total: the cart was left as it was.');
  await expect(cart.getByTestId('cart-lines').getByRole('listitem')).toHaveCount(3);

  // While the cart waits, the seller unlists one of its tigers and lists another again at a new price.
  const [kept, repriced, gone] = bought as [number, number, number];
  const alice = await signedInHolder(new URL(page.url()).origin, ALICE);
  const live = await call<{ listings: { id: string; serialNumber: number }[] }>(alice.origin, 'GET', `/api/paws/listings/user/${ALICE}`);
  const listingOf = (serial: number) => live.json.listings.find((listing) => listing.serialNumber === serial)?.id as string;
  for (const serial of [gone, repriced])
    expect((await call(alice.origin, 'DELETE', `/api/paws/listings/${listingOf(serial)}`, { cookie: alice.cookie })).status).toBe(200);
  await listForPaws(alice, repriced, '45');

  // Checkout reads every line again before the wallet is asked: the sold line and the new price are named, the new total confirmed.
  started = Date.now();
  await cart.getByRole('button', { name: 'Checkout 3 for 91 PAWS' }).click();
  const changed = cart.getByRole('group', { name: 'Your choice is needed' });
  await expect(changed).toContainText('Your cart changed since you filled it. New total: 76 PAWS for 2 tigers.');
  await expect(changed.getByRole('listitem')).toHaveText([
    `Wild Tiger #${repriced}: re-priced 30 → 45 PAWS`,
    `Wild Tiger #${gone}: sold or unlisted before you paid`,
  ]);
  await changed.getByRole('button', { name: 'Checkout 2 for 76 PAWS' }).click();
  await wallet.approveNext(page, new RegExp(`${MARKETPLACE} may spend 76 PAWS of token ${PAWS_TOKEN}`));
  await expect(cart.getByTestId('write-outcome')).toContainText(`Bought Wild Tiger #${kept}, Wild Tiger #${repriced} for 76 PAWS in all.`, {
    timeout: 2 * LEDGER_FLOW_MS,
  });
  timings['cart checkout (re-checked, 2)'] = Date.now() - started;
  for (const serial of [kept, repriced]) await expect.poll(async () => (await ledgerNft(page, serial)).account_id, SHOWN_ON_MIRROR).toBe(BOB);
  expect((await ledgerNft(page, gone)).account_id).toBe(ALICE);
  await expect.poll(() => pawsOf(page, BOB), SHOWN_ON_MIRROR).toBeCloseTo(bobBefore - 76, 6);
  await expect(cart.getByTestId('cart-lines')).toHaveCount(0);
  await cart.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('cart-button')).toHaveText('Cart (0)');
  return timings;
}

/**
 * Alice accepts two of Bob's offers at once: an item offer on one of her tigers, and a collection
 * offer that could take any of them. Each row names the tiger's tier and rank, the offer's kind and
 * maker and what she receives after the royalty; nothing is chosen for her, the collection offer
 * suggests her commonest eligible tiger (never her Legendary), and she picks another. One approval
 * in her wallet, then both sales. Resolves to the time from her click to 'Offers Accepted' (ms).
 */
export async function acceptSeveralChoosingTiger(page: Page, wallet: WalletDriver, origin: string): Promise<number> {
  const rarity = sandboxRarity().rarityData;
  const rankOf = (serial: number) => rarity[String(serial)]?.rarityRank ?? null;
  const mine = await ownedSerials(origin, ALICE);
  const legendary = mine.find((serial) => tierByRank(rankOf(serial)) === 'Legendary') as number;
  const commons = mine.filter((serial) => tierByRank(rankOf(serial)) === 'Common');
  const item = commons[0] as number;
  const bob = await signedInHolder(origin, BOB);
  // The offers name the approval: on mainnet's clock the server waits for the mirror node to show it before it reads the allowance.
  const allowanceTransactionId = await approvePawsSpend(bob, '100');
  const offer = async (terms: Record<string, unknown>) => {
    const made = await call(origin, 'POST', '/api/paws/offers', {
      cookie: bob.cookie,
      body: {
        offerId: crypto.randomUUID(),
        buyerId: BOB,
        tokenId: NFT_TOKEN,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        allowanceTransactionId,
        ...terms,
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
  };
  await offer({ kind: 'item', serialNumber: item, pawsAmount: '20' });
  await offer({ kind: 'collection', quantity: 1, pawsAmount: '15' });

  await page.goto('/paws-marketplace');
  await wallet.connectAs(page, 'Alice');
  await page.getByRole('tab', { name: 'Offers Received' }).click();
  await page.getByRole('button', { name: /^Accept several offers \(\d+ possible sales\)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept several offers' });
  // Nothing is chosen for the holder: an irreversible sale is never pre-selected.
  await expect(dialog.getByRole('button', { name: 'Accept 0 offers' })).toBeDisabled();

  const itemRow = dialog.getByTestId('accept-row').filter({ has: page.getByRole('checkbox', { name: `Sell Wild Tiger #${item} to the 20 PAWS item offer` }) });
  await expect(itemRow).toContainText(`Wild Tiger #${item} · rank ${(rankOf(item) as number).toLocaleString('en-US')}`);
  await expect(itemRow).toContainText('Common');
  await expect(itemRow).toContainText('Item offer · 20 PAWS');
  await expect(itemRow.getByTestId('seller-proceeds')).toHaveText('You receive 19 PAWS after the 5 % creator royalty (1 PAWS).');

  const anyRow = dialog
    .getByTestId('accept-row')
    .filter({ has: page.getByRole('checkbox', { name: 'Sell the tiger picked below to the 15 PAWS collection offer' }) });
  await expect(anyRow).toContainText('Collection offer (any tiger) · 15 PAWS');
  const select = anyRow.getByLabel('Tiger to sell');
  const suggested = Number(await select.inputValue());
  // The commonest eligible tiger is suggested, never the Legendary; the Legendary stays a choice the holder may make.
  expect(suggested).not.toBe(legendary);
  expect(tierByRank(rankOf(suggested))).toBe('Common');
  await expect(select.locator('option', { hasText: `Wild Tiger #${legendary} · Legendary` })).toHaveCount(1);
  const picked = commons.find((serial) => serial !== item && serial !== suggested) as number;
  await select.selectOption(String(picked));

  await itemRow.getByRole('checkbox').check();
  await anyRow.getByRole('checkbox').check();
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Accept 2 offers' }).click();
  await wallet.approveNext(page, /may transfer NFT/);
  await expect(page.getByRole('dialog', { name: 'Offers Accepted' })).toBeVisible({ timeout: LEDGER_FLOW_MS });
  const took = Date.now() - started;
  await expect(page.getByRole('dialog', { name: 'Offers Accepted' }).getByTestId('write-outcome')).toContainText(
    new RegExp(`Sold (Wild Tiger #${item} for 20 PAWS, Wild Tiger #${picked} for 15 PAWS|Wild Tiger #${picked} for 15 PAWS, Wild Tiger #${item} for 20 PAWS)`),
  );
  for (const serial of [item, picked]) await expect.poll(async () => (await ledgerNft(page, serial)).account_id, SHOWN_ON_MIRROR).toBe(BOB);
  expect((await ledgerNft(page, suggested)).account_id).toBe(ALICE);
  return took;
}
