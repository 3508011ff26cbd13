import { connectByQrCode, openPage, type TestPage } from '../../support/walletconnect/harness';
import type { NodeWallet } from '../../support/walletconnect/node-wallet';
import { PrivateKey } from '@hiero-ledger/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WalletAdapter } from '../../../src/features/wallet/wallet-port';
import { WALLET_MESSAGES, WalletError, toWalletError } from '../../../src/features/wallet/wallet-errors';

const account = { accountId: '0.0.1001', privateKey: PrivateKey.generateED25519() };
const noLedger = () => Promise.reject(new Error('no transactions in this file'));
const EIGHT_DAYS_MS = 8 * 24 * 3_600_000;

let page: TestPage;
beforeAll(async () => {
  page = await openPage();
});
afterAll(() => page.close());
afterEach(() => vi.restoreAllMocks());

/** A fresh wallet paired with a freshly loaded adapter, and a counter of the adapter's session-ended calls. */
async function connected(name: string): Promise<{ wallet: NodeWallet; adapter: WalletAdapter; ended: () => number }> {
  const wallet = await page.startWallet({ name, accounts: [account], execute: noLedger });
  const adapter = await page.loadAdapter();
  let ended = 0;
  adapter.onSessionEnded(() => (ended += 1));
  await connectByQrCode(adapter, wallet);
  return { wallet, adapter, ended: () => ended };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('WalletConnect sessions', () => {
  it('keeps one connector per page: a disconnect, a new adapter and a new pairing reuse it', async () => {
    const first = await connected('First wallet');
    await first.adapter.disconnect();
    expect(first.ended()).toBe(0);
    const second = await connected('Second wallet');
    await expect(second.adapter.signMessage(account.accountId, 'hello')).resolves.toEqual(expect.any(String));
    // Every DAppConnector starts a sign client, whose core counts itself on globalThis.
    expect((globalThis as Record<string, unknown>)._walletConnectCore__count).toBe(1);
    await second.adapter.disconnect();
  });

  it('asks to reconnect when no session exists for the account', async () => {
    const { adapter } = await connected('Wallet');
    const failure = await failureOf(adapter.signAndExecuteTransaction('0.0.4242', 'AAAA'));
    expect(failure).toBeInstanceOf(WalletError);
    expect(failure).toMatchObject({ message: WALLET_MESSAGES.sessionExpired, reconnect: true });
    expect(toWalletError(failure, 'transaction').message).toBe('Wallet session expired. Please reconnect your wallet');
    await adapter.disconnect();
  });

  it('reports a disconnect made in the wallet, after which the session counts as expired', async () => {
    const { wallet, adapter, ended } = await connected('Wallet');
    await wallet.disconnect();
    await expect.poll(ended, { timeout: 5_000 }).toBe(1);
    expect(adapter.hasSession?.(account.accountId)).toBe(false);
    expect(adapter.accountId()).toBeNull();
    await expect(failureOf(adapter.signMessage(account.accountId, 'hello'))).resolves.toMatchObject({
      message: WALLET_MESSAGES.sessionExpired,
      reconnect: true,
    });
  });

  it('reports a session that reached its expiry, after which it counts as expired', async () => {
    const { adapter, ended } = await connected('Wallet');
    // Sessions last 7 days; both ends check their expiry at every 5 s heartbeat.
    const now = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => now() + EIGHT_DAYS_MS);
    // Every session of the page expires (earlier tests left some): each end is reported.
    await expect.poll(ended, { timeout: 8_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    expect(adapter.hasSession?.(account.accountId)).toBe(false);
    expect(adapter.accountId()).toBeNull();
    await expect(failureOf(adapter.signMessage(account.accountId, 'hello'))).resolves.toMatchObject({
      message: WALLET_MESSAGES.sessionExpired,
      reconnect: true,
    });
  });

  it('gets no answer from a wallet whose side of the session expired', async () => {
    const { wallet, adapter } = await connected('Wallet');
    await wallet.expireSession();
    expect(wallet.sessions()).toEqual([]);
    const outcome = await Promise.race([
      adapter.signMessage(account.accountId, 'hello').then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 1_000)),
    ]);
    expect(outcome).toBe('pending');
    await adapter.disconnect();
  });

  // The failure comes when the page sees its socket gone, not at the request's 5 min expiry: the test's time-out bounds it.
  it('reports a lost relay connection, and works again once the relay is back', { timeout: 40_000 }, async () => {
    const { adapter } = await connected('Wallet');
    page.relay.suspend();
    // The page notices the dropped socket (a request sent into it before then is retried by the library).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const failure = await failureOf(adapter.signMessage(account.accountId, 'hello'));
    expect(failure).toMatchObject({ message: WALLET_MESSAGES.connectionLost, reconnect: true });
    expect(toWalletError(failure, 'transaction').message).toBe('Wallet connection lost. Please reconnect your wallet');

    page.relay.resume();
    await expect
      .poll(
        () =>
          adapter.signMessage(account.accountId, 'hello').then(
            () => 'signed',
            () => 'failed',
          ),
        { timeout: 15_000, interval: 500 },
      )
      .toBe('signed');
  });
});
