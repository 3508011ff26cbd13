/**
 * What the e2e specs read straight from the sandbox ledger (its mirror REST, as the page's origin
 * serves it) to check a flow's outcome, and the ids and waits they share.
 */
import { type Page, expect } from '@playwright/test';
import { MARKETPLACE, NFT_TOKEN, PAWS_TOKEN, ROYALTY_COLLECTOR } from '../../support/sandbox-client';
import { patient } from './pace';

export { MARKETPLACE, NFT_TOKEN, PAWS_TOKEN, ROYALTY_COLLECTOR };

/** What a seller keeps of a PAWS sale at `price` after the sandbox collection's 5/100 royalty. */
export const afterRoyalty = (price: number) => price * 0.95;
/** On mainnet's clock a wallet's transaction reaches the mirror node 7-12 s after the wallet answers; a flow may wait for two. */
export const LEDGER_FLOW_MS = patient(45_000);
/**
 * A write is done at consensus (its receipt); the mirror node shows it 5-8 s later on mainnet's clock:
 * a check of the state it made polls the mirror this long.
 */
export const SHOWN_ON_MIRROR = { timeout: patient(20_000) } as const;

async function mirror<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/sandbox/mirror/api/v1${path}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** A tiger's owner and approved spender on the ledger. */
export function ledgerNft(page: Page, serial: number): Promise<{ account_id: string; spender: string | null }> {
  return mirror(page, `/tokens/${NFT_TOKEN}/nfts/${serial}`);
}

/** An account's HBAR on the ledger, in tinybars. */
export async function tinybarsOf(page: Page, accountId: string): Promise<bigint> {
  return BigInt((await mirror<{ balance: { balance: number } }>(page, `/accounts/${accountId}`)).balance.balance);
}

/** An account's PAWS on the ledger (the balance API is cached 5 s, as the spec says). */
export async function pawsOf(page: Page, accountId: string): Promise<number> {
  const body = await mirror<{ tokens: { balance: number }[] }>(page, `/accounts/${accountId}/tokens?token.id=${PAWS_TOKEN}`);
  return (body.tokens[0]?.balance ?? 0) / 1e6;
}

/** The PAWS the marketplace may spend of an account, on the ledger. */
export async function pawsAllowanceOf(page: Page, accountId: string): Promise<number> {
  const body = await mirror<{ allowances: { amount: number }[] }>(
    page,
    `/accounts/${accountId}/allowances/tokens?spender.id=${MARKETPLACE}&token.id=${PAWS_TOKEN}`,
  );
  return (body.allowances[0]?.amount ?? 0) / 1e6;
}
