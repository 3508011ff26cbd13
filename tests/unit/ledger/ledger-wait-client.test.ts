import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiJson } from '@/lib/api';
import { LedgerStillPending, callWhenSettled, requireLedgerSuccess, waitForLedger } from '@/features/ledger/ledger-wait-client';
import { mayStillExecute } from '@/features/wallet/wallet-errors';
import {
  clearPendingAction,
  forgetTransaction,
  pendingListing,
  pendingPurchase,
  recentTransactionIds,
  rememberTransaction,
  savePendingAction,
} from '@/features/ledger/kept-transactions';
import { toMirrorTransactionId } from '@/features/ledger/transaction-id';
import { WALLET_MESSAGES, WalletError, toWalletError } from '@/features/wallet/wallet-errors';
import { installFakeFetch } from '../client/fake-fetch';
import { memoryStorage } from '../client/memory-storage';

const now = () => Math.floor(Date.now() / 1000);
const ID = `0.0.7001002@${now()}.000000001`;

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('waiting for the ledger in the browser', () => {
  it('follows a transaction by its mirror id until the ledger shows it, waiting out pending answers and outages', async () => {
    const { calls } = installFakeFetch(
      { body: '{"state":"pending"}' },
      { status: 503, body: '{"error":"The Hedera mirror node is unavailable, try again shortly","code":"LEDGER_UNAVAILABLE"}' },
      { body: '{"state":"success","consensusTimestamp":"1.2"}' },
    );
    expect(await waitForLedger(ID)).toEqual({ state: 'success', consensusTimestamp: '1.2' });
    expect(calls.map((call) => call.url)).toEqual(Array(3).fill(`/api/hedera/transaction/${encodeURIComponent(toMirrorTransactionId(ID) ?? '')}`));
  });

  it('gives up at its deadline with pending, never a failure', async () => {
    installFakeFetch({ body: '{"state":"pending"}' });
    expect(await waitForLedger(ID, Date.now() + 1_500)).toEqual({ state: 'pending' });
  });

  it('asks the server again once the transaction it waits for settled; a long wait is LedgerStillPending', async () => {
    installFakeFetch(
      { status: 409, body: JSON.stringify({ error: 'Waiting for the ledger', code: 'LEDGER_PENDING', transactionId: ID }) },
      { body: '{"state":"success","consensusTimestamp":"1.2"}' },
      { body: '{"listing":{"id":"L1"}}' },
    );
    expect(await callWhenSettled(() => apiJson('/api/paws/listings/complete', { method: 'POST' }))).toEqual({ listing: { id: 'L1' } });

    installFakeFetch(
      { status: 409, body: JSON.stringify({ error: 'Waiting for the ledger', code: 'LEDGER_PENDING', transactionId: ID }) },
      { body: '{"state":"pending"}' },
    );
    await expect(callWhenSettled(() => apiJson('/api/paws/listings/complete'), { untilMs: Date.now() + 500 })).rejects.toBeInstanceOf(LedgerStillPending);

    installFakeFetch({ status: 409, body: JSON.stringify({ error: 'This tiger is already listed', code: 'ALREADY_LISTED' }) });
    await expect(callWhenSettled(() => apiJson('/api/paws/listings/complete'))).rejects.toMatchObject({ status: 409 });
  });

  it('asks again, a bounded number of times, when the server ran out of time before it submitted anything', async () => {
    const outOfTime = {
      status: 504,
      body: JSON.stringify({ error: 'The ledger was slow to answer; nothing was charged. Try the sale again.', code: 'LEDGER_TIMEOUT' }),
    };
    const { calls } = installFakeFetch(outOfTime, { body: '{"transactionId":"T1"}' });
    expect(await callWhenSettled(() => apiJson('/api/paws/offers/O1/accept', { method: 'POST' }))).toEqual({ transactionId: 'T1' });
    expect(calls).toHaveLength(2);

    const always = installFakeFetch(outOfTime);
    await expect(callWhenSettled(() => apiJson('/api/paws/offers/O1/accept', { method: 'POST' }))).rejects.toMatchObject({
      status: 504,
      message: expect.stringContaining('nothing was charged'),
    });
    expect(always.calls).toHaveLength(3);
  });

  it('turns an approval that did not succeed into the flow’s error: still pending, refused by the ledger, or expired', () => {
    expect(() => requireLedgerSuccess({ state: 'success', consensusTimestamp: '1.2' }, 'Token allowance approval failed')).not.toThrow();
    expect(() => requireLedgerSuccess({ state: 'pending' }, 'Token allowance approval failed')).toThrow(LedgerStillPending);
    expect(() => requireLedgerSuccess({ state: 'failed', result: 'INSUFFICIENT_TOKEN_BALANCE' }, 'Token allowance approval failed')).toThrow(
      'Token allowance approval failed: the ledger answered INSUFFICIENT_TOKEN_BALANCE',
    );
    expect(() => requireLedgerSuccess({ state: 'expired' }, 'Token allowance approval failed')).toThrow(
      'Token allowance approval failed: it never reached the ledger',
    );
  });

  it('treats a wallet that did not answer as one that may still execute, and a refusal as final, by the error’s kind, not its words', () => {
    expect(mayStillExecute(new WalletError(WALLET_MESSAGES.executionTimeout, false, false, true))).toBe(true);
    expect(mayStillExecute(toWalletError(new Error('request timed out'), 'transaction'))).toBe(true);
    expect(mayStillExecute(new WalletError(WALLET_MESSAGES.txCancelled, true))).toBe(false);
    // The catalogue's words for a time-out, on an error not marked as one, decide nothing.
    expect(mayStillExecute(new WalletError(WALLET_MESSAGES.executionTimeout))).toBe(false);
    expect(mayStillExecute(new Error('the node refused the transaction: INVALID_SIGNATURE'))).toBe(false);
  });

  it('keeps a pending action until it is cleared or its transaction can no longer reach the ledger', () => {
    savePendingAction({ kind: 'listing', accountId: '0.0.7001003', serialNumber: 607, pendingListingId: 'P1', transactionId: ID, price: '30' });
    savePendingAction({ kind: 'purchase', accountId: '0.0.7001002', listingId: 'L1', transactionId: `0.0.7001002@${now()}.000000002` });
    savePendingAction({ kind: 'purchase', accountId: '0.0.7001002', listingId: 'L2', transactionId: '0.0.7001002@1700000000.000000003' });
    expect(pendingListing('0.0.7001003', 607)?.pendingListingId).toBe('P1');
    expect(pendingListing('0.0.7001003', 608)).toBeUndefined();
    expect(pendingPurchase('0.0.7001002', 'L1')?.listingId).toBe('L1');
    expect(pendingPurchase('0.0.7001002', 'L2')).toBeUndefined();
    clearPendingAction(ID);
    expect(pendingListing('0.0.7001003', 607)).toBeUndefined();
  });

  it('remembers an account’s recent transactions for a sync or an avatar change to wait for', () => {
    rememberTransaction('0.0.7001002', ID);
    rememberTransaction('0.0.7001001', `0.0.7000100@${now()}.000000009`);
    expect(recentTransactionIds('0.0.7001002')).toEqual([ID]);
    forgetTransaction(ID);
    expect(recentTransactionIds('0.0.7001002')).toEqual([]);
  });
});
