import { afterEach, describe, expect, it, vi } from 'vitest';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the balances of the signed-in account', () => {
  it("reload at once when a trade in another of the site's tabs moved them, and tell the other tabs when one here did", async () => {
    vi.useFakeTimers();
    let paws = '100';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ balances: { paws, hbar: '5' } }))),
    );
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.resetModules();
    const { $wallet } = await import('../../../src/features/wallet/wallet-store');
    const { $balances, balancesMoved } = await import('../../../src/features/balances/balance-store');
    $wallet.set({ ...$wallet.get(), isConnected: true, accountId: '0.0.7001002', isAuthenticated: true, walletType: 'sandbox' });
    const stop = $balances.listen(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect($balances.get()).toMatchObject({ pawsBalance: '100', isReady: true });

    // Another tab's purchase: its balancesMoved rewrote the key, this tab gets a 'storage' event.
    paws = '75';
    page.dispatchEvent(Object.assign(new Event('storage'), { key: 'wildTigers.balancesMoved' }));
    await vi.advanceTimersByTimeAsync(0);
    expect($balances.get().pawsBalance).toBe('75');
    // Other keys are not about balances.
    paws = '1';
    page.dispatchEvent(Object.assign(new Event('storage'), { key: 'wildTigers.somethingElse' }));
    await vi.advanceTimersByTimeAsync(0);
    expect($balances.get().pawsBalance).toBe('75');

    // A trade here reloads them and rewrites the key for the other tabs.
    balancesMoved();
    await vi.advanceTimersByTimeAsync(0);
    expect($balances.get().pawsBalance).toBe('1');
    expect(localStorage.getItem('wildTigers.balancesMoved')).toMatch(/^\d+$/);
    stop();
  });
});
