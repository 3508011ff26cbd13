import { BOB } from '../../src/sandbox/ledger/demo-accounts';
import { approvePawsSpend, signedInHolder } from '../support/paws-trades';
import { NFT_TOKEN, call } from '../support/sandbox-client';
import { openListDialog } from './support/paws-flows';
import { axeViolations } from './support/axe';
import { connectAs } from './support/sandbox-wallet';
import { expect, test } from './support/test';

const OFFER_WARNING = 'accepting the offer pays you more';

/** Bob's item offer on `serial` for `amount` PAWS, through the API as his own browser would make it. */
async function offerOn(origin: string, serial: number, amount: string): Promise<void> {
  const bob = await signedInHolder(origin, BOB);
  const allowanceTransactionId = await approvePawsSpend(bob, amount);
  const made = await call(origin, 'POST', '/api/paws/offers', {
    cookie: bob.cookie,
    body: {
      offerId: crypto.randomUUID(),
      buyerId: BOB,
      tokenId: NFT_TOKEN,
      kind: 'item',
      serialNumber: serial,
      pawsAmount: amount,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      allowanceTransactionId,
    },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
}

test.describe('listing with market context', () => {
  test('the listing dialog shows the floors, last sale and best offer beside the price, and warns under the best offer without blocking', async ({
    page,
    sandboxOrigin,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
    const { dialog, serial } = await openListDialog(page);
    await expect(dialog.getByText('Collection floor', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Trait floor', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Last sale', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('best-offer')).toHaveText('None');

    // Bob offers 250 PAWS on this very tiger while the dialog is open: the market's event shows it at once.
    await offerOn(sandboxOrigin, serial, '250');
    await expect(dialog.getByTestId('best-offer')).toHaveText('250 PAWS (for this tiger)');

    const price = dialog.getByLabel('Price (PAWS)');
    await price.fill('200');
    const warning = dialog.getByTestId('warning-under-offer');
    await expect(warning).toHaveText(`⚠ This price is under the best standing offer of 250 PAWS for this tiger: ${OFFER_WARNING}.`);
    await expect(warning).toBeInViewport();
    // The warning is read with the price, and never blocks the listing.
    await expect(price).toHaveAccessibleDescription(new RegExp(OFFER_WARNING));
    await expect(dialog.getByRole('button', { name: 'Create Listing' })).toBeEnabled();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('listing-dialog-1440.png') });

    await price.fill('250');
    await expect(dialog.getByText(OFFER_WARNING, { exact: false })).toHaveCount(0);

    await price.fill('199.99');
    await expect(warning).toBeVisible();
    await page.setViewportSize({ width: 320, height: 900 });
    await expect(warning).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('listing-dialog-320.png') });
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
