import { type Page, expect } from '@playwright/test';
import { SESSION_COOKIE } from '../../../src/features/auth/session-token';
import { patient } from './pace';

/** Connects the sandbox wallet as a demo account and approves the automatic sign-in; returns once the session cookie is set. */
export async function connectAs(page: Page, name: 'Alice' | 'Bob' | 'Carol' | 'Dave'): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' }).click();
  const picker = page.getByRole('dialog', { name: 'Sandbox Wallet: choose an account' });
  await picker.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await approveNext(page, /Click to sign in and accept the Terms of Service of Wild Tigers/);
  await expect(page.getByTestId('wallet-menu')).toBeVisible();
  // The menu shows once connected; the sign-in's answer (its cookie) may come a moment later.
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(true);
}

/** Approves the sandbox wallet's next signature request (its text must match, when given). */
export async function approveNext(page: Page, text?: RegExp): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Sandbox Wallet: signature request' });
  await expect(prompt).toBeVisible({ timeout: patient(15_000) });
  if (text) await expect(prompt).toContainText(text);
  await prompt.getByRole('button', { name: 'Approve' }).click();
  await expect(prompt).toBeHidden();
}

/** Rejects the sandbox wallet's next signature request. */
export async function rejectNext(page: Page): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Sandbox Wallet: signature request' });
  await expect(prompt).toBeVisible({ timeout: patient(15_000) });
  await prompt.getByRole('button', { name: 'Reject' }).click();
}

/** Opens the wallet menu and disconnects. */
export async function disconnect(page: Page): Promise<void> {
  await page.getByTestId('wallet-menu').click();
  await page.getByRole('menuitem', { name: 'Disconnect' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
}
