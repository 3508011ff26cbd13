import { STORE_UNMOUNT_DELAY } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickHbarPrice, pickOwnerCount, pickPawsPrice } from '@/features/landing/landing-data';
import { balanceLineView, changeText, hbarPriceText, holdersText, marketCapText, pawsPriceText } from '@/features/landing/landing-format';
import { remoteJson } from '@/features/landing/remote';
import { installFakeFetch } from '../client/fake-fetch';

/** Stops listening and lets nanostores unmount the store (it waits STORE_UNMOUNT_DELAY), on a fake clock. */
function unmount(stop: () => void): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  stop();
  vi.advanceTimersByTime(STORE_UNMOUNT_DELAY);
  vi.useRealTimers();
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('landing display formats (spec 000 §5)', () => {
  it('prints the PAWS price with 6 decimals under 0.01, else 4, and N/A when missing', () => {
    expect(pawsPriceText(0.000418)).toBe('$0.000418');
    expect(pawsPriceText(0.0123)).toBe('$0.0123');
    expect(pawsPriceText(1.5)).toBe('$1.5000');
    expect(pawsPriceText(null)).toBe('N/A');
  });

  it('prints the HBAR price with 4 decimals, market caps in K or M, signed changes and holders', () => {
    expect(hbarPriceText(0.1825)).toBe('$0.1825');
    expect(hbarPriceText(0.15)).toBe('$0.1500');
    expect(hbarPriceText(null)).toBe('N/A');
    expect(marketCapText(400_168.54)).toBe('$400.17K');
    expect(marketCapText(12_500_000)).toBe('$12.50M');
    expect(marketCapText(null)).toBe('N/A');
    expect(changeText(2.35)).toBe('+2.35%');
    expect(changeText(-1.2)).toBe('-1.20%');
    expect(changeText(0.001)).toBe('0.00%');
    expect(changeText(null)).toBe('N/A');
    expect(holdersText(1204)).toBe('1,204');
    expect(holdersText(null)).toBe('N/A');
  });
});

describe('landing API answers', () => {
  it('reads the price and holder answers of spec 000 §3, with null for anything missing', () => {
    expect(pickPawsPrice({ success: true, price: 0.000418, priceChange24h: -1.2, marketCap: 400168.5 })).toEqual({
      price: 0.000418,
      priceChange24h: -1.2,
      marketCap: 400168.5,
    });
    expect(pickPawsPrice({ success: false, price: null, priceChange24h: null, marketCap: null })).toEqual({
      price: null,
      priceChange24h: null,
      marketCap: null,
    });
    expect(pickHbarPrice({ success: true, priceData: { priceUsd: 0.15, change24h: null }, source: 'fallback' })).toEqual({ priceUsd: 0.15, change24h: null });
    expect(pickHbarPrice({})).toEqual({ priceUsd: null, change24h: null });
    expect(pickOwnerCount({ success: true, ownerCount: 1204 })).toBe(1204);
    expect(pickOwnerCount({ success: false, ownerCount: null })).toBeNull();
    expect(pickOwnerCount('nonsense')).toBeNull();
  });
});

describe('remoteJson', () => {
  it('loads on mount, reuses a fresh value, refetches on its interval and turns failures into N/A', async () => {
    vi.stubGlobal('window', {});
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = installFakeFetch({ body: '{"ownerCount":10}' }, { body: '{"ownerCount":11}' }, { status: 503, statusText: 'Service Unavailable' });
    const store = remoteJson('/api/market/whales/0.0.1', pickOwnerCount, { maxAgeMs: 60_000, refreshMs: 60_000 });
    expect(store.get()).toEqual({ state: 'loading' });

    const stop = store.listen(() => undefined);
    await vi.waitFor(() => expect(store.get()).toEqual({ state: 'ready', value: 10 }));
    expect(calls.map((call) => call.url)).toEqual(['/api/market/whales/0.0.1']);
    expect(calls[0]?.init.credentials).toBe('include');

    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(store.get()).toEqual({ state: 'ready', value: 11 }));
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(store.get()).toEqual({ state: 'failed' }));
    expect(warn).toHaveBeenCalled();
    stop();
    warn.mockRestore();
  });

  it('does not refetch a value younger than its cache age when shown again', async () => {
    vi.stubGlobal('window', {});
    let now = 0;
    const { calls } = installFakeFetch({ body: '{"ownerCount":7}' });
    const store = remoteJson('/api/market/whales/0.0.2', pickOwnerCount, { maxAgeMs: 60_000, now: () => now });
    let stop = store.listen(() => undefined);
    await vi.waitFor(() => expect(store.get()).toEqual({ state: 'ready', value: 7 }));
    unmount(stop);
    now = 30_000;
    stop = store.listen(() => undefined);
    expect(calls).toHaveLength(1);
    unmount(stop);
    now = 61_000;
    stop = store.listen(() => undefined);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    stop();
  });
});

describe('the signed-in balance line (spec 000 §2)', () => {
  const connected = { isConnected: true, accountId: '0.0.7001003', isAuthenticated: true, isAuthenticating: false, isCheckingSession: false };
  const ready = { pawsBalance: '5000', hbarBalance: '1234.5', isLoading: false, isReady: true, loadFailed: false };

  it('is hidden without a connected wallet', () => {
    expect(balanceLineView({ ...connected, isConnected: false, accountId: null, isAuthenticated: false }, ready)).toEqual({ kind: 'hidden' });
  });

  it('shows skeletons while authenticating, while not signed in and while loading', () => {
    expect(balanceLineView({ ...connected, isAuthenticated: false, isAuthenticating: true }, ready)).toEqual({ kind: 'loading', needsSignIn: false });
    expect(balanceLineView({ ...connected, isAuthenticated: false }, ready)).toEqual({ kind: 'loading', needsSignIn: true });
    // A restored connection whose session is being checked: not asked to sign in (it may well be signed in).
    expect(balanceLineView({ ...connected, isAuthenticated: false, isCheckingSession: true }, ready)).toEqual({ kind: 'loading', needsSignIn: false });
    expect(balanceLineView(connected, { ...ready, isLoading: true })).toEqual({ kind: 'loading', needsSignIn: false });
    expect(balanceLineView(connected, { ...ready, isReady: false })).toEqual({ kind: 'loading', needsSignIn: false });
  });

  it('shows HBAR with 2 decimals and PAWS, or Unable to load / 0 PAWS', () => {
    expect(balanceLineView(connected, ready)).toEqual({ kind: 'ready', hbar: '1,234.50 HBAR', paws: '5,000 PAWS' });
    expect(balanceLineView(connected, { ...ready, hbarBalance: '', pawsBalance: '' })).toEqual({ kind: 'ready', hbar: 'Unable to load', paws: '0 PAWS' });
    expect(balanceLineView(connected, { ...ready, hbarBalance: 'x', pawsBalance: '0' })).toEqual({ kind: 'ready', hbar: 'Unable to load', paws: '0 PAWS' });
  });

  it('says Unable to load after a failed load, not the zeros the store keeps (spec 000 §4)', () => {
    expect(balanceLineView(connected, { ...ready, hbarBalance: '0', pawsBalance: '0', loadFailed: true })).toEqual({
      kind: 'ready',
      hbar: 'Unable to load',
      paws: '0 PAWS',
    });
  });
});
