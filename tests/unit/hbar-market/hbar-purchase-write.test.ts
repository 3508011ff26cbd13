import { AccountId, Hbar, NftId, TokenId, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_WAIT_MS, forgetPreparedPurchases, purchaseFailureOf, resumeHbarPurchases, startHbarPurchase } from '@/features/hbar-market/hbar-purchase-write';
import { hbarPurchaseWriteId, purchaseDialogState } from '@/features/hbar-market/purchase-machine';
import { pendingActions, savePendingAction } from '@/features/ledger/kept-transactions';
import { $toasts } from '@/features/toast/toast-store';
import type { WalletAdapter } from '@/features/wallet/wallet-port';
import { $wallet, setWalletAdapterLoader } from '@/features/wallet/wallet-store';
import { $writes } from '@/features/writes/write-store';
import { checkWriteAgain, dismissWrite } from '@/features/writes/write-progress';
import { ALICE, DAVE } from '@/sandbox/ledger/demo-accounts';
import { memoryStorage } from '../client/memory-storage';
import { installApi } from '../client/fake-api';

const target = {
  serialId: 12,
  currentListing: { price: 150, listingDate: '2026-03-10T10:00:00Z', marketplaceListingId: '9012', sellerAddress: '0.0.7100003' },
};
const WRITE = hbarPurchaseWriteId(DAVE, 12);

/** A payment as the market prepares it: frozen, with Dave's transaction id (valid from now). */
function frozenPayment(): { bytes: string; id: string } {
  const transaction = new TransferTransaction()
    .addHbarTransfer(DAVE, Hbar.fromTinybars('-15000000000'))
    .addHbarTransfer('0.0.7100003', Hbar.fromTinybars('15000000000'))
    .addApprovedNftTransfer(new NftId(TokenId.fromString('0.0.7000333'), 12), '0.0.7100003', DAVE)
    .setTransactionId(TransactionId.generate(AccountId.fromString(DAVE)))
    .setNodeAccountIds([AccountId.fromString('0.0.3')])
    .freeze();
  return { bytes: Buffer.from(transaction.toBytes()).toString('base64'), id: transaction.transactionId?.toString() ?? '' };
}

function wallet(sign: WalletAdapter['signAndExecuteTransaction']) {
  const adapter: WalletAdapter = {
    type: 'sandbox',
    connect: async () => undefined,
    accountId: () => DAVE,
    signMessage: async () => '',
    signAndExecuteTransaction: sign,
    disconnect: async () => undefined,
    onSessionEnded: () => undefined,
  };
  setWalletAdapterLoader(async () => adapter);
  $wallet.set({ ...$wallet.get(), isConnected: true, accountId: DAVE, walletType: 'sandbox', isAuthenticated: true });
}

let codes = 0;
let payment = frozenPayment();
const prepared = () => ({ json: { success: true, data: { saleVerificationCode: `code-${++codes}`, transBytes: payment.bytes, apimessage: 'ok' } } });
const completed = () => ({ json: { success: true, data: { success: true, apimessage: 'Sale complete' } } });
/** The server's answer while the ledger has not settled the purchase's transaction yet. */
const pending = () => ({ status: 409, json: { error: 'Waiting for the ledger', code: 'LEDGER_PENDING', transactionId: payment.id } });
const marketCalls = (calls: { url: string }[], path: string) => calls.filter((call) => call.url === path);
const written = () => $writes.get()[WRITE];
const dialog = () => purchaseDialogState(written(), purchaseFailureOf(WRITE));
const toastTitles = () => $toasts.get().map((toast) => toast.title);

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  forgetPreparedPurchases();
  $writes.set({});
  $toasts.set([]);
  codes = 0;
  payment = frozenPayment();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('buying a listed tiger for HBAR, as a write', () => {
  it('prepares (price as text), has the wallet pay the frozen bytes, completes with the verification code', async () => {
    const calls = installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': completed });
    const sign = vi.fn(async () => ({ transactionId: payment.id }));
    wallet(sign);
    await startHbarPurchase(DAVE, target);
    expect(calls.filter((call) => call.url.startsWith('/api/market')).map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/market/buy', { token_address: '0.0.7000333', serial_number: 12, user_address: DAVE, price: '150' }],
      ['POST', '/api/market/buy/complete', { saleVerificationCode: 'code-1' }],
    ]);
    expect(sign).toHaveBeenCalledWith(DAVE, payment.bytes);
    expect(written()).toMatchObject({ step: 'done', transactionId: payment.id, title: 'Buying Wild Tiger #12 for 150 HBAR' });
    expect(dialog()).toEqual({ step: 'success', error: null, transactionId: payment.id });
    expect(pendingActions('hbar-purchase', DAVE)).toEqual([]);
    expect($toasts.get()[0]).toMatchObject({ title: 'Purchase Successful!', description: 'Wild Tiger #12 is now in your wallet.' });
  });

  it('says "Wallet not connected or NFT not listed" for a tiger with no listing', async () => {
    installApi({});
    await startHbarPurchase(DAVE, { ...target, currentListing: null });
    expect(dialog()).toMatchObject({ step: 'error', error: { title: 'Purchase Failed', description: 'Wallet not connected or NFT not listed' } });
  });

  it('a double click joins the purchase under way: one preparation, one signature', async () => {
    const calls = installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': completed });
    const sign = vi.fn(async () => ({ transactionId: payment.id }));
    wallet(sign);
    await Promise.all([startHbarPurchase(DAVE, target), startHbarPurchase(DAVE, target)]);
    expect(sign).toHaveBeenCalledTimes(1);
    expect(marketCalls(calls, '/api/market/buy')).toHaveLength(1);
    expect(toastTitles()).toEqual(['Purchase Successful!']);
  });

  it('a retry after a cancel signs the same sale and bytes; an unavailable server or a settling ledger is asked again, never failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let completeAnswers = 0;
    const calls = installApi({
      'POST /api/market/buy': prepared,
      'POST /api/market/buy/complete': () =>
        ++completeAnswers === 1 ? { status: 502, json: { error: 'upstream' } } : completeAnswers === 2 ? pending() : completed(),
    });
    const sign = vi
      .fn<WalletAdapter['signAndExecuteTransaction']>()
      .mockRejectedValueOnce(Object.assign(new Error('User rejected the transaction'), { code: 4001 }))
      .mockResolvedValue({ transactionId: payment.id });
    wallet(sign);

    await startHbarPurchase(DAVE, target);
    expect(dialog()).toMatchObject({ step: 'error', error: { title: 'Transaction Cancelled', reconnect: false } });
    expect(toastTitles()).toEqual(['Transaction Cancelled']);
    // Nothing executed: nothing is kept for the ledger.
    expect(pendingActions('hbar-purchase', DAVE)).toEqual([]);
    dismissWrite(WRITE);
    expect(dialog().step).toBe('confirm');

    const buying = startHbarPurchase(DAVE, target);
    await vi.advanceTimersByTimeAsync(5_000);
    await buying;
    expect(written()?.step).toBe('done');
    expect(marketCalls(calls, '/api/market/buy')).toHaveLength(1);
    expect(sign.mock.calls.map((call) => call[1])).toEqual([payment.bytes, payment.bytes]);
    expect(marketCalls(calls, '/api/market/buy/complete')).toHaveLength(3);
  });

  it('a wallet that answers after the 45 s time-out: the dialog waits (no second purchase), and the purchase completes once the ledger has it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let executed = false;
    const calls = installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': () => (executed ? completed() : pending()) });
    let answer: (result: { transactionId: string }) => void = () => undefined;
    const sign = vi.fn<WalletAdapter['signAndExecuteTransaction']>(() => new Promise((resolve) => (answer = resolve)));
    wallet(sign);
    const buying = startHbarPurchase(DAVE, target);

    await vi.advanceTimersByTimeAsync(45_001);
    expect(dialog().step).toBe('waiting');
    expect(pendingActions('hbar-purchase', DAVE)).toMatchObject([{ saleVerificationCode: 'code-1', serialNumber: 12, transactionId: payment.id }]);
    await vi.advanceTimersByTimeAsync(30_000);
    // The dialog is long past the time-out; the user approves in the wallet now.
    executed = true;
    answer({ transactionId: payment.id });
    await vi.advanceTimersByTimeAsync(5_000);
    await buying;
    expect(dialog().step).toBe('success');
    expect(marketCalls(calls, '/api/market/buy')).toHaveLength(1);
    expect(sign).toHaveBeenCalledTimes(1);
    expect(pendingActions('hbar-purchase', DAVE)).toEqual([]);
    expect(toastTitles()).toEqual(['Purchase Successful!']);
  });

  it('a ledger slower than the wait stalls with Check Again (the purchase is kept); checking again completes it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let settled = false;
    installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': () => (settled ? completed() : pending()) });
    wallet(async () => ({ transactionId: payment.id }));
    const buying = startHbarPurchase(DAVE, target);
    await vi.advanceTimersByTimeAsync(LEDGER_WAIT_MS + 5_000);
    await buying;
    expect(dialog()).toMatchObject({ step: 'error', error: { title: 'Still Waiting for the Ledger', checkAgain: true } });
    expect(pendingActions('hbar-purchase', DAVE)).toHaveLength(1);
    expect(toastTitles()).toEqual(['Still Waiting for the Ledger']);

    settled = true;
    checkWriteAgain(WRITE);
    await vi.advanceTimersByTimeAsync(100);
    expect(dialog().step).toBe('success');
    expect(pendingActions('hbar-purchase', DAVE)).toEqual([]);
  });

  it('a purchase the ledger refused or that expired unexecuted is over: reported, forgotten, and a new one can start', async () => {
    const calls = installApi({
      'POST /api/market/buy': prepared,
      'POST /api/market/buy/complete': () => ({
        status: 410,
        json: { error: 'The purchase transaction expired before it was executed; nothing was charged.', code: 'PURCHASE_EXPIRED' },
      }),
    });
    wallet(async () => ({ transactionId: payment.id }));
    await startHbarPurchase(DAVE, target);
    expect(dialog()).toMatchObject({
      step: 'error',
      error: {
        title: 'Purchase Failed',
        description: 'Failed to complete purchase: The purchase transaction expired before it was executed; nothing was charged.',
      },
    });
    expect(pendingActions('hbar-purchase', DAVE)).toEqual([]);
    expect($toasts.get()[0]).toMatchObject({ title: 'Purchase Failed', variant: 'destructive' });
    expect(marketCalls(calls, '/api/market/buy/complete')).toHaveLength(1);
  });

  it('a tiger already paid for (the server resumes that purchase) is only completed: the wallet is not asked again', async () => {
    installApi({
      'POST /api/market/buy': () => ({
        json: { success: true, data: { saleVerificationCode: 'code-9', transBytes: payment.bytes, apimessage: 'already paid', resumed: 'paid' } },
      }),
      'POST /api/market/buy/complete': completed,
    });
    const sign = vi.fn();
    wallet(sign);
    await startHbarPurchase(DAVE, target);
    expect(dialog().step).toBe('success');
    expect(sign).not.toHaveBeenCalled();
  });

  it('a payment the ledger already took (DUPLICATE_TRANSACTION, a retry of one that went through) is completed, not failed', async () => {
    installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': completed });
    wallet(async () => {
      throw new Error('precheck failed: DUPLICATE_TRANSACTION');
    });
    await startHbarPurchase(DAVE, target);
    expect(dialog().step).toBe('success');
  });

  it('purchases kept for the ledger (a reload, another page) are completed in the background, once each, for their own buyer', async () => {
    savePendingAction({
      kind: 'hbar-purchase',
      accountId: DAVE,
      serialNumber: 12,
      saleVerificationCode: 'code-7',
      transactionId: payment.id,
      name: 'Wild Tiger #12',
      priceHbar: 150,
    });
    const calls = installApi({ 'POST /api/market/buy/complete': completed });
    resumeHbarPurchases(DAVE);
    resumeHbarPurchases(DAVE);
    resumeHbarPurchases(ALICE);
    await vi.waitFor(() => expect(written()?.step).toBe('done'));
    expect(written()?.title).toBe('Buying Wild Tiger #12 for 150 HBAR');
    expect(marketCalls(calls, '/api/market/buy/complete')).toEqual([expect.objectContaining({ body: { saleVerificationCode: 'code-7' } })]);
    expect(pendingActions('hbar-purchase', DAVE)).toEqual([]);
    expect(toastTitles()).toEqual(['Purchase Successful!']);
  });

  it('prepares again once the reuse window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': completed });
    wallet(vi.fn<WalletAdapter['signAndExecuteTransaction']>().mockRejectedValueOnce(new Error('User rejected')).mockResolvedValue({ transactionId: 'tx' }));
    await startHbarPurchase(DAVE, target);
    vi.setSystemTime(Date.now() + 61_000);
    payment = frozenPayment();
    await startHbarPurchase(DAVE, target);
    expect(marketCalls(calls, '/api/market/buy/complete')).toEqual([expect.objectContaining({ body: { saleVerificationCode: 'code-2' } })]);
    expect(marketCalls(calls, '/api/market/buy')).toHaveLength(2);
  });

  it('preparation failures carry the server’s message, else "Failed to prepare transaction"; bytes without a transaction id are never signed', async () => {
    const sign = vi.fn();
    wallet(sign);
    const failedWith = async (answer: { status?: number; json: unknown }) => {
      installApi({ 'POST /api/market/buy': () => answer });
      await startHbarPurchase(DAVE, target);
      return dialog().error?.description;
    };
    expect(await failedWith({ status: 400, json: { error: 'Price does not match the current listing' } })).toBe('Price does not match the current listing');
    expect(await failedWith({ json: { success: false, data: {} } })).toBe('Failed to prepare transaction');
    expect(await failedWith({ json: { success: false, data: { apimessage: 'Listing is no longer available' } } })).toBe('Listing is no longer available');
    expect(await failedWith({ json: { success: true, data: { saleVerificationCode: 'code-1', transBytes: 'AAAA' } } })).toBe('Failed to prepare transaction');
    expect(sign).not.toHaveBeenCalled();
  });

  it('a completion the market did not confirm is "Failed to complete purchase" with its reason (the paid purchase is kept to complete later)', async () => {
    installApi({
      'POST /api/market/buy': prepared,
      'POST /api/market/buy/complete': () => ({ json: { success: true, data: { success: false, apimessage: 'The market could not record the sale' } } }),
    });
    wallet(async () => ({ transactionId: payment.id }));
    await startHbarPurchase(DAVE, target);
    expect(dialog().error?.description).toBe('Failed to complete purchase: The market could not record the sale');
    expect(pendingActions('hbar-purchase', DAVE)).toMatchObject([{ saleVerificationCode: 'code-1' }]);
  });
});
