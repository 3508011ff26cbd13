import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { WALLET_MESSAGES, WalletError } from '@/features/wallet/wallet-errors';
import {
  INITIAL_PURCHASE,
  type PurchaseEvent,
  type PurchaseState,
  PURCHASE_MESSAGES,
  PurchaseError,
  completeFailureText,
  isBusy,
  needsReconnect,
  prepareFailureText,
  pendingPurchaseNote,
  purchaseBlocker,
  purchaseFailure,
  purchaseReducer,
} from '@/features/hbar-market/purchase-machine';

const run = (...events: PurchaseEvent[]): PurchaseState => events.reduce(purchaseReducer, INITIAL_PURCHASE);
const failure = { title: 'Transaction Cancelled', description: 'You cancelled the transaction in your wallet', reconnect: false };

describe('purchase dialog state machine (spec 000 §4)', () => {
  it('goes confirm -> preparing -> signing -> completing -> success', () => {
    const steps: string[] = [];
    let state = INITIAL_PURCHASE;
    for (const event of [
      { type: 'start' },
      { type: 'prepared', saleVerificationCode: 'abc' },
      { type: 'signed', transactionId: '0.0.5@1.000000001' },
      { type: 'completed' },
    ] as PurchaseEvent[]) {
      state = purchaseReducer(state, event);
      steps.push(state.step);
    }
    expect(steps).toEqual(['preparing', 'signing', 'completing', 'success']);
    expect(state).toEqual({ step: 'success', error: null, transactionId: '0.0.5@1.000000001', saleVerificationCode: 'abc' });
  });

  it('any failure while in flight goes to error; Try Again returns to confirm without the error', () => {
    for (const before of [
      run({ type: 'start' }),
      run({ type: 'start' }, { type: 'prepared', saleVerificationCode: 'c' }),
      run({ type: 'start' }, { type: 'prepared', saleVerificationCode: 'c' }, { type: 'signed', transactionId: 't' }),
    ]) {
      const failed = purchaseReducer(before, { type: 'failed', error: failure });
      expect(failed).toMatchObject({ step: 'error', error: failure });
      expect(purchaseReducer(failed, { type: 'retry' })).toMatchObject({ step: 'confirm', error: null });
    }
  });

  it('a wallet that times out leaves the purchase waiting (closable, not failed): its late answer or the ledger completes it', () => {
    const waiting = run({ type: 'start' }, { type: 'prepared', saleVerificationCode: 'c' }, { type: 'wallet-timeout' });
    expect(waiting).toMatchObject({ step: 'waiting', saleVerificationCode: 'c' });
    expect(isBusy(waiting.step)).toBe(false);
    expect(purchaseReducer(waiting, { type: 'signed', transactionId: 't' })).toMatchObject({ step: 'completing', transactionId: 't' });
    expect(purchaseReducer(waiting, { type: 'completed' })).toMatchObject({ step: 'success' });
    expect(purchaseReducer(waiting, { type: 'failed', error: failure })).toMatchObject({ step: 'error' });
    expect(run({ type: 'wallet-timeout' })).toEqual(INITIAL_PURCHASE);
  });

  it("a slow ledger's error offers Check Again (back to completing), never Try Again; a reopened dialog resumes its purchase", () => {
    const stalled = { title: 'Still Waiting for the Ledger', description: '…', reconnect: false, checkAgain: true };
    const failed = run(
      { type: 'start' },
      { type: 'prepared', saleVerificationCode: 'c' },
      { type: 'signed', transactionId: 't' },
      { type: 'failed', error: stalled },
    );
    expect(purchaseReducer(failed, { type: 'retry' })).toBe(failed);
    expect(purchaseReducer(failed, { type: 'check-again' })).toMatchObject({ step: 'completing', error: null, saleVerificationCode: 'c' });
    expect(run({ type: 'start' }, { type: 'failed', error: failure }, { type: 'check-again' })).toMatchObject({ step: 'error' });

    expect(run({ type: 'resume', saleVerificationCode: 'r', walletAnswered: true })).toMatchObject({ step: 'completing', saleVerificationCode: 'r' });
    expect(run({ type: 'resume', saleVerificationCode: 'r', walletAnswered: false })).toMatchObject({ step: 'waiting', saleVerificationCode: 'r' });
    expect(purchaseFailure(new PurchaseError('complete', 'slow', undefined, true))).toMatchObject({ title: 'Still Waiting for the Ledger', checkAgain: true });
  });

  it('closing (reset) from any step clears the error, the transaction id and the verification code', () => {
    const done = run({ type: 'start' }, { type: 'prepared', saleVerificationCode: 'c' }, { type: 'signed', transactionId: 't' }, { type: 'completed' });
    expect(purchaseReducer(done, { type: 'reset' })).toEqual(INITIAL_PURCHASE);
    const failed = run({ type: 'start' }, { type: 'prepared', saleVerificationCode: 'c' }, { type: 'failed', error: failure });
    expect(purchaseReducer(failed, { type: 'reset' })).toEqual({ step: 'confirm', error: null, transactionId: null, saleVerificationCode: null });
  });

  it('ignores events that do not apply: a second start (double click), late answers, a failure after success', () => {
    const preparing = run({ type: 'start' });
    expect(purchaseReducer(preparing, { type: 'start' })).toBe(preparing);
    expect(run({ type: 'prepared', saleVerificationCode: 'late' })).toEqual(INITIAL_PURCHASE);
    expect(run({ type: 'signed', transactionId: 'late' })).toEqual(INITIAL_PURCHASE);
    const done = run({ type: 'start' }, { type: 'prepared', saleVerificationCode: 'c' }, { type: 'signed', transactionId: 't' }, { type: 'completed' });
    expect(purchaseReducer(done, { type: 'failed', error: failure })).toBe(done);
    expect(purchaseReducer(INITIAL_PURCHASE, { type: 'retry' })).toBe(INITIAL_PURCHASE);
    expect(purchaseReducer(INITIAL_PURCHASE, { type: 'failed', error: failure })).toBe(INITIAL_PURCHASE);
  });

  it('is busy only while preparing, signing or completing', () => {
    expect((['confirm', 'preparing', 'signing', 'completing', 'success', 'error'] as const).map(isBusy)).toEqual([false, true, true, true, false, false]);
  });
});

describe('purchase errors -> what the dialog and toast say (spec 000 §8)', () => {
  const sign = (error: unknown) => purchaseFailure(new PurchaseError('sign', error instanceof Error ? error.message : String(error), error));

  it('a refusal in the wallet is Transaction Cancelled', () => {
    const cancelled = { title: 'Transaction Cancelled', description: 'You cancelled the transaction in your wallet', reconnect: false };
    expect(sign(new WalletError(WALLET_MESSAGES.txCancelled, true))).toEqual(cancelled);
    expect(sign(new WalletError(WALLET_MESSAGES.txRejectedEmpty, true))).toEqual(cancelled);
    expect(sign(new WalletError(WALLET_MESSAGES.noResponse, true))).toEqual(cancelled);
    expect(sign(new Error('User rejected the transaction'))).toEqual(cancelled);
  });

  it('an expired session or a lost connection is Wallet Connection Lost, with a reconnect', () => {
    const lost = { title: 'Wallet Connection Lost', description: 'Please reconnect your wallet and try again', reconnect: true };
    expect(sign(new WalletError(WALLET_MESSAGES.sessionExpired, false, true))).toEqual(lost);
    expect(sign(new WalletError(WALLET_MESSAGES.connectionLost, false, true))).toEqual(lost);
    expect(sign(new Error('Wallet session expired. Please reconnect your wallet'))).toEqual(lost);
    expect(sign(new Error('Wallet connection lost. Please reconnect your wallet'))).toEqual(lost);
    expect(needsReconnect(new WalletError('anything', false, true))).toBe(true);
    expect(needsReconnect(new Error('Transaction timed out. Please try again'))).toBe(false);
  });

  it('goes by the kind the wallet layer gave the failure, never by its words', () => {
    // A ledger refusal whose words say 'rejected' is not the user's refusal.
    expect(sign(new WalletError('Transaction signing failed: the node rejected the transaction fee'))).toEqual({
      title: 'Transaction signing failed',
      description: 'the node rejected the transaction fee',
      reconnect: false,
    });
    expect(needsReconnect(new WalletError('Transaction signing failed: Wallet session expired in the extension'))).toBe(false);
    expect(purchaseFailure(new PurchaseError('prepare', PURCHASE_MESSAGES.notReady))).toEqual({
      title: 'Purchase Failed',
      description: 'Wallet not connected or NFT not listed',
      reconnect: false,
    });
  });

  it('anything else from the wallet is Transaction signing failed with the raw message', () => {
    expect(sign(new WalletError('Transaction signing failed: the ledger answered INSUFFICIENT_PAYER_BALANCE'))).toEqual({
      title: 'Transaction signing failed',
      description: 'the ledger answered INSUFFICIENT_PAYER_BALANCE',
      reconnect: false,
    });
    expect(sign(new WalletError(WALLET_MESSAGES.executionTimeout))).toEqual({
      title: 'Transaction signing failed',
      description: 'Wallet execution timeout after 45 seconds',
      reconnect: false,
    });
  });

  it('preparation: the server’s apimessage or error, else Failed to prepare transaction', () => {
    expect(prepareFailureText(new ApiError(400, 'Bad Request', '{"error":"Price does not match the current listing"}'))).toBe(
      'Price does not match the current listing',
    );
    expect(prepareFailureText(new ApiError(502, 'Bad Gateway', '{"success":false,"data":{"apimessage":"Listing sold"}}'))).toBe('Listing sold');
    expect(prepareFailureText(new ApiError(500, 'Internal Server Error', ''))).toBe('Failed to prepare transaction');
    expect(prepareFailureText(new TypeError('fetch failed'))).toBe('Failed to prepare transaction');
    expect(purchaseFailure(new PurchaseError('prepare', 'Price does not match the current listing'))).toEqual({
      title: 'Purchase Failed',
      description: 'Price does not match the current listing',
      reconnect: false,
    });
  });

  it('completion: Failed to complete purchase, with the server’s reason when given', () => {
    expect(completeFailureText(new ApiError(500, 'Internal Server Error', ''))).toBe('Failed to complete purchase');
    expect(completeFailureText('The purchase transaction failed (INVALID_SIGNATURE)')).toBe(
      'Failed to complete purchase: The purchase transaction failed (INVALID_SIGNATURE)',
    );
    expect(purchaseFailure(new PurchaseError('complete', 'Failed to complete purchase')).description).toBe('Failed to complete purchase');
  });

  it('a purchase without account or listing says so', () => {
    expect(purchaseFailure(new Error('Wallet not connected or NFT not listed'))).toMatchObject({
      description: 'Wallet not connected or NFT not listed',
      reconnect: false,
    });
  });
});

describe('buy guard (spec 000 §5)', () => {
  it('needs a connected wallet, then a current listing', () => {
    expect(purchaseBlocker({ isConnected: false, accountId: null, listed: true })).toEqual({
      title: 'Wallet Required',
      description: 'Please connect your wallet to purchase NFTs',
    });
    expect(purchaseBlocker({ isConnected: true, accountId: null, listed: true })).toEqual({
      title: 'Wallet Required',
      description: 'Please connect your wallet to purchase NFTs',
    });
    expect(purchaseBlocker({ isConnected: true, accountId: '0.0.7001004', listed: false })).toEqual({
      title: 'Not Available',
      description: 'This NFT is not currently listed for sale',
    });
    expect(purchaseBlocker({ isConnected: true, accountId: '0.0.7001004', listed: true })).toBeNull();
  });

  it('the purchase itself needs the sign-in: connected but not signed in is not offered as if it would work', () => {
    expect(purchaseBlocker({ isConnected: true, accountId: '0.0.7001004', listed: true, isAuthenticated: false })).toEqual({
      title: 'Sign In Required',
      description: "Sign in with your wallet before buying: click 'Authenticate'.",
    });
    expect(purchaseBlocker({ isConnected: true, accountId: '0.0.7001004', listed: true, isAuthenticated: true })).toBeNull();
  });
});

describe('closing the dialog while the purchase is under way', () => {
  it('says what happens to the pending request at each waiting step, and nothing otherwise', () => {
    expect(pendingPurchaseNote('preparing')).toBe(
      'You can close this window. Your wallet may still ask you to approve; if you approve, the purchase completes by itself.',
    );
    expect(pendingPurchaseNote('signing')).toBe(pendingPurchaseNote('preparing'));
    expect(pendingPurchaseNote('completing')).toBe('You can close this window: the purchase completes by itself once the ledger confirms it.');
    for (const step of ['confirm', 'waiting', 'success', 'error'] as const) expect(pendingPurchaseNote(step)).toBeNull();
  });
});
