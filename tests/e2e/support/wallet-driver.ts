import { type Page, expect } from '@playwright/test';
import { approveNext, connectAs, disconnect, rejectNext } from './sandbox-wallet';
import { patient } from './pace';

export type DemoName = 'Alice' | 'Bob' | 'Carol' | 'Dave';

/**
 * What a wallet flow needs from the wallet the page uses, so one scenario runs with the sandbox
 * wallet (its prompts in the page) and with a WalletConnect wallet (a Node wallet on the relay).
 */
export interface WalletDriver {
  readonly name: 'sandbox' | 'walletconnect';
  /** Connect Wallet, then picks a demo account in the wallet (picker or QR pairing); the sign-in request follows. */
  pickAccount(page: Page, name: DemoName): Promise<void>;
  /** Connects as a demo account and approves the automatic sign-in. */
  connectAs(page: Page, name: DemoName): Promise<void>;
  /** Approves the wallet's next request (its description must match `text`, when given); resolves to its transaction id, if any. */
  approveNext(page: Page, text?: RegExp): Promise<string | undefined>;
  /** Refuses the wallet's next request; resolves to its transaction id, if any. */
  rejectNext(page: Page): Promise<string | undefined>;
  /** Disconnects from the page's wallet menu. */
  disconnect(page: Page): Promise<void>;
}

const SANDBOX_PROMPT = 'Sandbox Wallet: signature request';

async function promptedTransactionId(page: Page): Promise<string | undefined> {
  const prompt = page.getByRole('dialog', { name: SANDBOX_PROMPT });
  await expect(prompt).toBeVisible({ timeout: patient(15_000) });
  const line = prompt.getByText(/^Transaction /);
  if (!(await line.count())) return undefined;
  return (await line.innerText()).replace(/^Transaction\s+/, '').trim();
}

/** The sandbox wallet: its account picker and approve/reject prompts inside the page. */
export const sandboxDriver: WalletDriver = {
  name: 'sandbox',
  async pickAccount(page, name) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' }).click();
    await page
      .getByRole('dialog', { name: 'Sandbox Wallet: choose an account' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
  },
  connectAs,
  async approveNext(page, text) {
    const transactionId = await promptedTransactionId(page);
    await approveNext(page, text);
    return transactionId;
  },
  async rejectNext(page) {
    const transactionId = await promptedTransactionId(page);
    await rejectNext(page);
    return transactionId;
  },
  disconnect,
};
