/**
 * The collection's custom fees where the ledger would refuse them: the 'fees' project's server runs a
 * sandbox network whose royalty collector cannot hold PAWS (playwright.config.ts).
 */
import { ROYALTY_COLLECTOR, ledgerNft, SHOWN_ON_MIRROR } from './support/ledger';
import { openListDialog } from './support/paws-flows';
import { connectAs } from './support/sandbox-wallet';
import { expect, test } from './support/test';

test.describe('PAWS marketplace when the royalty collector cannot hold PAWS', () => {
  test('a listing refuses with the reason before the wallet is asked, instead of every sale failing at consensus', async ({ page }) => {
    await page.goto('/paws-marketplace');
    await connectAs(page, 'Carol');
    const { dialog, serial } = await openListDialog(page);
    await dialog.getByLabel('Price (PAWS)').fill('10');
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `The fee collector ${ROYALTY_COLLECTOR} cannot receive PAWS, so the ledger would refuse any sale of this tiger. Nothing was listed.`,
    );
    await expect(page.getByRole('dialog', { name: 'Sandbox Wallet: signature request' })).toHaveCount(0);
    await expect.poll(async () => (await ledgerNft(page, serial)).spender, SHOWN_ON_MIRROR).toBeNull();
  });
});
