import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LEDGER_WAIT_MS,
  LISTINGS_PATH,
  SALES_PATH,
  buyListing,
  completePurchase,
  forgetPreparedPurchases,
  resumePurchases,
} from '@/features/hbar-market/market-client';
import { PurchaseError } from '@/features/hbar-market/purchase-machine';
import { $purchasesInProgress, rememberPurchase, reloadPurchases } from '@/features/hbar-market/purchase-store';
import { $toasts } from '@/features/toast/toast-store';
import type { WalletAdapter } from '@/features/wallet/wallet-adapter';
import { $wallet, setWalletAdapterLoader } from '@/features/wallet/wallet-store';
import { DAVE } from '@/sandbox/ledger/demo-accounts';

const target = {
  serialId: 12,
  currentListing: { price: 150, listingDate: '2026-03-10T10:00:00Z', marketplaceListingId: '9012', sellerAddress: '0.0.7100003' },
};

type Handler = (body: Record<string, unknown> | undefined, url: string) => { status?: number; json: unknown };

function installApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body?: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      const route = routes[`${method} ${url.split('&_=')[0]}`];
      if (!route) return new Response('{"error":"Not found"}', { status: 404 });
      const answer = route(body, url);
      return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200 });
    }),
  );
  return calls;
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
const prepared = () => ({ json: { success: true, data: { saleVerificationCode: `code-${++codes}`, transBytes: 'AAAA', apimessage: 'ok' } } });
const completed = () => ({ json: { success: true, data: { success: true, apimessage: 'Sale complete' } } });
/** The server's answer while the ledger has not settled the purchase's transaction yet. */
const pending = () => ({ status: 409, json: { error: 'Waiting for the ledger', code: 'LEDGER_PENDING', transactionId: '0.0.7000200@1.000000001' } });
const marketCalls = (calls: { url: string }[], path: string) => calls.filter((call) => call.url === path);

beforeEach(() => {
  forgetPreparedPurchases();
  $purchasesInProgress.set({});
  $toasts.set([]);
  codes = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('buying a listed tiger', () => {
  it('prepares (price as text), signs and executes the bytes, completes with the verification code', async () => {
    const calls = installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': completed });
    const sign = vi.fn(async () => ({ transactionId: '0.0.7001004@1.000000001' }));
    wallet(sign);
    const steps: string[] = [];
    const result = await buyListing(target, DAVE, { onPrepared: (code) => steps.push(`prepared ${code}`), onSigned: (id) => steps.push(`signed ${id}`) });
    expect(result).toEqual({ saleVerificationCode: 'code-1', transactionId: '0.0.7001004@1.000000001', apimessage: 'Sale complete' });
    expect(steps).toEqual(['prepared code-1', 'signed 0.0.7001004@1.000000001']);
    expect(calls.filter((call) => call.url.startsWith('/api/market')).map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/market/buy', { token_address: '0.0.7000333', serial_number: 12, user_address: DAVE, price: '150' }],
      ['POST', '/api/market/buy/complete', { saleVerificationCode: 'code-1' }],
    ]);
    expect(sign).toHaveBeenCalledWith(DAVE, 'AAAA');
    expect($purchasesInProgress.get()).toEqual({});
    expect($toasts.get()[0]).toMatchObject({ title: 'Purchase Successful!', description: 'Wild Tiger #12 is now in your wallet.' });
  });

  it('throws "Wallet not connected or NFT not listed" without an account or a listing', async () => {
    await expect(buyListing(target, null)).rejects.toThrow('Wallet not connected or NFT not listed');
    await expect(buyListing({ ...target, currentListing: null }, DAVE)).rejects.toThrow('Wallet not connected or NFT not listed');
  });

  it('a double click joins the purchase in flight: one preparation, one signature', async () => {
    const calls = installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': completed });
    const sign = vi.fn(async () => ({ transactionId: 'tx' }));
    wallet(sign);
    const [first, second] = await Promise.all([buyListing(target, DAVE), buyListing(target, DAVE)]);
    expect(second).toEqual(first);
    expect(sign).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.url === '/api/market/buy')).toHaveLength(1);
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
      .mockResolvedValue({ transactionId: 'tx-1' });
    wallet(sign);

    const cancelled = await buyListing(target, DAVE).catch((error: unknown) => error);
    expect(cancelled).toBeInstanceOf(PurchaseError);
    expect(cancelled).toMatchObject({ stage: 'sign', message: 'Transaction was cancelled by user' });
    // Nothing executed: the purchase is not followed.
    expect($purchasesInProgress.get()).toEqual({});
    const buying = buyListing(target, DAVE);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(buying).resolves.toMatchObject({ saleVerificationCode: 'code-1', transactionId: 'tx-1' });

    expect(marketCalls(calls, '/api/market/buy')).toHaveLength(1);
    expect(sign).toHaveBeenCalledTimes(2);
    expect(sign.mock.calls.map((call) => call[1])).toEqual(['AAAA', 'AAAA']);
    expect(marketCalls(calls, '/api/market/buy/complete')).toHaveLength(3);
  });

  it('a wallet that answers after the 45 s time-out: the purchase waits for it (no second purchase) and completes once the ledger has it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let executed = false;
    const calls = installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': () => (executed ? completed() : pending()) });
    let answer: (result: { transactionId: string }) => void = () => undefined;
    const sign = vi.fn<WalletAdapter['signAndExecuteTransaction']>(() => new Promise((resolve) => (answer = resolve)));
    wallet(sign);
    const steps: string[] = [];
    const buying = buyListing(target, DAVE, {
      onWalletTimeout: () => steps.push('wallet timed out'),
      onSigned: (id) => steps.push(`signed ${id}`),
    });

    await vi.advanceTimersByTimeAsync(45_001);
    expect(steps).toEqual(['wallet timed out']);
    expect(Object.values($purchasesInProgress.get())).toMatchObject([{ saleVerificationCode: 'code-1', serialId: 12, phase: 'wallet' }]);
    await vi.advanceTimersByTimeAsync(30_000);
    // The dialog is long past the time-out; the user approves in the wallet now.
    executed = true;
    answer({ transactionId: 'tx-late' });
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(buying).resolves.toMatchObject({ saleVerificationCode: 'code-1', transactionId: 'tx-late', apimessage: 'Sale complete' });
    expect(steps).toEqual(['wallet timed out', 'signed tx-late']);
    expect(marketCalls(calls, '/api/market/buy')).toHaveLength(1);
    expect(sign).toHaveBeenCalledTimes(1);
    expect($purchasesInProgress.get()).toEqual({});
    expect($toasts.get()[0]?.title).toBe('Purchase Successful!');
  });

  it('a ledger slower than the wait ends in "check again" (the purchase is kept); checking again completes it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let settled = false;
    installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': () => (settled ? completed() : pending()) });
    wallet(async () => ({ transactionId: 'tx' }));
    const buying = buyListing(target, DAVE).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LEDGER_WAIT_MS + 5_000);
    const stalled = await buying;
    expect(stalled).toMatchObject({ stage: 'complete', checkAgain: true });
    expect(Object.values($purchasesInProgress.get())).toMatchObject([{ saleVerificationCode: 'code-1', phase: 'stalled' }]);
    expect($toasts.get()[0]).toMatchObject({ title: 'Still Waiting for the Ledger' });

    settled = true;
    await expect(completePurchase('code-1', 'Wild Tiger #12')).resolves.toBe('Sale complete');
    expect($purchasesInProgress.get()).toEqual({});
  });

  it('a purchase the ledger refused or that expired unexecuted is over: reported, forgotten, and a new one can start', async () => {
    const calls = installApi({
      'POST /api/market/buy': prepared,
      'POST /api/market/buy/complete': () => ({
        status: 410,
        json: { error: 'The purchase transaction expired before it was executed; nothing was charged.', code: 'PURCHASE_EXPIRED' },
      }),
    });
    wallet(async () => ({ transactionId: 'tx' }));
    await expect(buyListing(target, DAVE)).rejects.toMatchObject({
      stage: 'complete',
      checkAgain: false,
      message: 'Failed to complete purchase: The purchase transaction expired before it was executed; nothing was charged.',
    });
    expect($purchasesInProgress.get()).toEqual({});
    expect($toasts.get()[0]).toMatchObject({ title: 'Purchase Failed', variant: 'destructive' });
    expect(marketCalls(calls, '/api/market/buy/complete')).toHaveLength(1);
  });

  it('a tiger already paid for (the server resumes that purchase) is only completed: the wallet is not asked again', async () => {
    installApi({
      'POST /api/market/buy': () => ({
        json: { success: true, data: { saleVerificationCode: 'code-9', transBytes: 'AAAA', apimessage: 'already paid', resumed: 'paid' } },
      }),
      'POST /api/market/buy/complete': completed,
    });
    const sign = vi.fn();
    wallet(sign);
    await expect(buyListing(target, DAVE)).resolves.toMatchObject({ saleVerificationCode: 'code-9', apimessage: 'Sale complete' });
    expect(sign).not.toHaveBeenCalled();
  });

  it('purchases left in progress (a reload) are completed in the background, once each', async () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    });
    rememberPurchase({
      accountId: DAVE,
      serialId: 12,
      name: 'Wild Tiger #12',
      saleVerificationCode: 'code-7',
      transactionId: null,
      phase: 'ledger',
      since: Date.now(),
    });
    expect(storage.get('wildTigers.hbarPurchases')).toContain('code-7');
    $purchasesInProgress.set({});
    reloadPurchases();
    const calls = installApi({ 'POST /api/market/buy/complete': completed });
    resumePurchases(DAVE);
    resumePurchases(DAVE);
    resumePurchases('0.0.7001001');
    await vi.waitFor(() => expect($purchasesInProgress.get()).toEqual({}));
    expect(marketCalls(calls, '/api/market/buy/complete')).toHaveLength(1);
    expect(storage.has('wildTigers.hbarPurchases')).toBe(false);
    expect($toasts.get()[0]?.title).toBe('Purchase Successful!');
  });

  it('prepares again once the reuse window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = installApi({ 'POST /api/market/buy': prepared, 'POST /api/market/buy/complete': completed });
    wallet(vi.fn<WalletAdapter['signAndExecuteTransaction']>().mockRejectedValueOnce(new Error('User rejected')).mockResolvedValue({ transactionId: 'tx' }));
    await buyListing(target, DAVE).catch(() => undefined);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await buyListing(target, DAVE)).saleVerificationCode).toBe('code-2');
    expect(calls.filter((call) => call.url === '/api/market/buy')).toHaveLength(2);
  });

  it('preparation failures carry the server’s message, else "Failed to prepare transaction"', async () => {
    installApi({ 'POST /api/market/buy': () => ({ status: 400, json: { error: 'Price does not match the current listing' } }) });
    wallet(vi.fn());
    await expect(buyListing(target, DAVE)).rejects.toMatchObject({ stage: 'prepare', message: 'Price does not match the current listing' });
    installApi({ 'POST /api/market/buy': () => ({ json: { success: false, data: {} } }) });
    await expect(buyListing(target, DAVE)).rejects.toMatchObject({ stage: 'prepare', message: 'Failed to prepare transaction' });
    installApi({ 'POST /api/market/buy': () => ({ json: { success: false, data: { apimessage: 'Listing is no longer available' } } }) });
    await expect(buyListing(target, DAVE)).rejects.toMatchObject({ stage: 'prepare', message: 'Listing is no longer available' });
  });

  it('a completion the market did not confirm is "Failed to complete purchase" with its reason (the paid purchase is kept to complete later)', async () => {
    installApi({
      'POST /api/market/buy': prepared,
      'POST /api/market/buy/complete': () => ({ json: { success: true, data: { success: false, apimessage: 'The market could not record the sale' } } }),
    });
    wallet(async () => ({ transactionId: 'tx' }));
    await expect(buyListing(target, DAVE)).rejects.toMatchObject({
      stage: 'complete',
      message: 'Failed to complete purchase: The market could not record the sale',
    });
    expect(Object.keys($purchasesInProgress.get())).toEqual(['code-1']);
  });
});

/** A fresh copy of the client as the browser loads it (the stores fetch only in a browser). */
async function browserClient() {
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', { hidden: false });
  vi.stubGlobal('addEventListener', () => undefined);
  vi.resetModules();
  return import('@/features/hbar-market/market-client');
}

describe('market data', () => {
  it('is not fetched while rendering on the server', async () => {
    const { $sales } = await import('@/features/hbar-market/market-client');
    const calls = installApi({});
    const stop = $sales.listen(() => undefined);
    await new Promise((done) => setTimeout(done, 10));
    expect(calls).toEqual([]);
    expect($sales.get()).toEqual({ loading: false });
    stop();
  });

  it('a failed fetch yields empty data with a warning; a refresh after a purchase refetches past the CDN', async () => {
    const { $listings, $sales, refreshMarket } = await browserClient();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let salesAnswers = 0;
    const calls = installApi({
      [`GET ${SALES_PATH}`]: () => (++salesAnswers === 1 ? { status: 500, json: { error: 'down' } } : { json: { success: true, marketActivity: [] } }),
      [`GET ${LISTINGS_PATH}`]: () => ({ json: { success: true, marketListings: [] } }),
    });
    const stopSales = $sales.listen(() => undefined);
    const stopListings = $listings.listen(() => undefined);
    await vi.waitFor(() => expect($sales.get().data).toEqual({ success: false, marketActivity: [] }));
    await vi.waitFor(() => expect($listings.get().data).toEqual({ success: true, marketListings: [] }));
    expect(warn).toHaveBeenCalledWith('Failed to fetch market activity', expect.anything());
    expect(calls.map((call) => call.url)).toEqual([SALES_PATH, LISTINGS_PATH]);

    refreshMarket();
    await vi.waitFor(() => expect($sales.get().data).toEqual({ success: true, marketActivity: [] }));
    const refetched = calls.slice(2).map((call) => call.url);
    expect(refetched).toHaveLength(2);
    expect(refetched.every((url) => /&_=\d+$/.test(url))).toBe(true);
    expect(refetched.map((url) => url.replace(/&_=\d+$/, '')).sort()).toEqual([SALES_PATH, LISTINGS_PATH].sort());
    stopSales();
    stopListings();
    warn.mockRestore();
  });

  it('a reload (or another tab) within a minute of a purchase still reads past cached copies', async () => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) });
    const before = await browserClient();
    installApi({});
    before.refreshMarket();

    const reloaded = await browserClient();
    const calls = installApi({ [`GET ${SALES_PATH}`]: () => ({ json: { success: true, marketActivity: [] } }) });
    const stop = reloaded.$sales.listen(() => undefined);
    await vi.waitFor(() => expect(reloaded.$sales.get().data).toBeDefined());
    expect(calls[0]?.url).toMatch(/&_=\d+$/);
    stop();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + reloaded.CACHED_COPY_MS + 1);
    const later = await browserClient();
    const laterCalls = installApi({ [`GET ${SALES_PATH}`]: () => ({ json: { success: true, marketActivity: [] } }) });
    const stopLater = later.$sales.listen(() => undefined);
    await vi.waitFor(() => expect(later.$sales.get().data).toBeDefined());
    expect(laterCalls[0]?.url).toBe(SALES_PATH);
    stopLater();
  });

  it('rarity loads only once sales exist, and stays fresh 5 minutes', async () => {
    const { $rarity, $sales, RARITY_PATH, RARITY_FRESH_MS } = await browserClient();
    let sales: unknown[] = [];
    const calls = installApi({
      [`GET ${SALES_PATH}`]: () => ({ json: { success: true, marketActivity: sales } }),
      [`GET ${RARITY_PATH}`]: () => ({ json: { rarityData: { '12': { rarityRank: 1, rarityPct: 0.0003 } } } }),
    });
    const stop = $rarity.listen(() => undefined);
    const stopSales = $sales.listen(() => undefined);
    await vi.waitFor(() => expect($sales.get().data).toBeDefined());
    await new Promise((done) => setTimeout(done, 10));
    expect(calls.map((call) => call.url)).toEqual([SALES_PATH]);
    stop();
    stopSales();

    const again = await browserClient();
    sales = [{ nftSerialId: 12, salePrice: 1, saleDate: '2026-03-10T10:00:00Z' }];
    const next = installApi({
      [`GET ${SALES_PATH}`]: () => ({ json: { success: true, marketActivity: sales } }),
      [`GET ${again.RARITY_PATH}`]: () => ({ json: { rarityData: { '12': { rarityRank: 1, rarityPct: 0.0003 } } } }),
    });
    const stopRarity = again.$rarity.listen(() => undefined);
    await vi.waitFor(() => expect(again.$rarity.get().data?.rarityData['12']?.rarityRank).toBe(1));
    expect(next.map((call) => call.url)).toEqual([SALES_PATH, again.RARITY_PATH]);
    expect(RARITY_FRESH_MS).toBe(300_000);
    stopRarity();
  });
});
