import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { WALLET_MESSAGES, WalletError } from '@/features/wallet/wallet-errors';
import {
  INITIAL_PURCHASE,
  PURCHASE_MESSAGES,
  PurchaseError,
  completeFailureText,
  isBusy,
  needsReconnect,
  prepareFailureText,
  pendingPurchaseNote,
  purchaseBlocker,
  purchaseDialogState,
  purchaseFailure,
} from '@/features/hbar-market/purchase-machine';
import type { WriteStep } from '@/features/writes/write-store';

const failure = { title: 'Transaction Cancelled', description: 'You cancelled the transaction in your wallet', reconnect: false };
const write = (step: WriteStep, more: { note?: string; error?: string; transactionId?: string } = {}) => ({
  step,
  note: more.note ?? null,
  error: more.error ?? null,
  transactionId: more.transactionId ?? null,
});

describe('purchase dialog state machine (spec 000 §4), read from the purchase write', () => {
  it('goes confirm -> preparing -> signing -> completing -> success', () => {
    expect(purchaseDialogState(undefined)).toEqual(INITIAL_PURCHASE);
    expect((['prepare', 'wallet', 'ledger', 'done'] as const).map((step) => purchaseDialogState(write(step)).step)).toEqual([
      'preparing',
      'signing',
      'completing',
      'success',
    ]);
    expect(purchaseDialogState(write('done', { transactionId: '0.0.5@1.000000001' }))).toEqual({
      step: 'success',
      error: null,
      transactionId: '0.0.5@1.000000001',
    });
  });

  it('a failure is an error in the spec’s words (its text when they are not known); Try Again (dismissing it) is confirm again', () => {
    expect(purchaseDialogState(write('failed', { error: 'You cancelled the transaction in your wallet' }), failure)).toMatchObject({
      step: 'error',
      error: failure,
    });
    expect(purchaseDialogState(write('failed', { error: 'Failed to complete purchase' }))).toMatchObject({
      step: 'error',
      error: { title: 'Purchase Failed', description: 'Failed to complete purchase', reconnect: false },
    });
  });

  it('a wallet that timed out leaves the purchase waiting (closable, not failed); its late answer makes it completing', () => {
    const waiting = purchaseDialogState(write('ledger', { note: 'Wallet execution timeout after 45 seconds. If you approve it…' }));
    expect(waiting.step).toBe('waiting');
    expect(isBusy(waiting.step)).toBe(false);
    expect(purchaseDialogState(write('ledger')).step).toBe('completing');
  });

  it("a slow ledger's error offers Check Again, never Try Again", () => {
    expect(purchaseDialogState(write('stalled'))).toMatchObject({
      step: 'error',
      error: { title: 'Still Waiting for the Ledger', description: PURCHASE_MESSAGES.stalledText, checkAgain: true, reconnect: false },
    });
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
