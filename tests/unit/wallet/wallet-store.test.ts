import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiJson } from '../../../src/lib/api';
import { $toasts } from '../../../src/features/toast/toast-store';
import type { WalletAdapter } from '../../../src/features/wallet/wallet-port';
import { signInState } from '../../../src/features/wallet/sign-in-state';
import {
  $wallet,
  STORAGE_KEYS,
  WALLET_TIMING,
  authenticate,
  connectWallet,
  disconnectWallet,
  restoreWallet,
  setWalletAdapterLoader,
  signAndExecute,
  walletExtensions,
} from '../../../src/features/wallet/wallet-store';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

type Routes = Record<string, (body: unknown) => { status?: number; json: unknown }>;

function installApi(routes: Routes) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      const route = routes[`${init.method ?? 'GET'} ${url}`];
      if (!route) return new Response('{"error":"Not found"}', { status: 404 });
      const answer = route(init.body ? JSON.parse(String(init.body)) : undefined);
      return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

function fakeAdapter(overrides: Partial<WalletAdapter> = {}): WalletAdapter & { ended?: () => void } {
  let account: string | null = null;
  const adapter: WalletAdapter & { ended?: () => void } = {
    type: 'sandbox',
    connect: async () => {
      setTimeout(() => (account = '0.0.7001001'), 1200);
    },
    accountId: () => account,
    signMessage: async () => 'c2lnbmF0dXJl',
    signAndExecuteTransaction: async () => ({ transactionId: '0.0.7001001@1700000000.000000001' }),
    disconnect: async () => {
      account = null;
    },
    onSessionEnded: (listener) => {
      adapter.ended = listener;
    },
    ...overrides,
  };
  return adapter;
}

const signInRoutes: Routes = {
  'POST /api/auth/challenge': () => ({ json: { message: 'Click to sign in and accept the Terms of Service of Wild Tigers' } }),
  'POST /api/auth/verify': () => ({ json: { success: true } }),
  'POST /api/auth/logout': () => ({ json: { success: true } }),
  'GET /api/auth/session': () => ({ json: { authenticated: true, accountId: '0.0.7001001' } }),
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('localStorage', new MemoryStorage());
  $toasts.set([]);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('wallet store', () => {
  it('connects: polls for the session, waits 2 s, then signs in automatically', async () => {
    const calls = installApi(signInRoutes);
    setWalletAdapterLoader(async () => fakeAdapter());
    const done = connectWallet('sandbox');
    expect($wallet.get().isConnecting).toBe(true);
    await vi.advanceTimersByTimeAsync(1500); // 3 polls 500 ms apart find the account
    expect($wallet.get()).toMatchObject({ isConnected: true, accountId: '0.0.7001001', isConnecting: false, isAuthenticated: false });
    expect(localStorage.getItem(STORAGE_KEYS.connected)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.accountId)).toBe('0.0.7001001');
    expect($toasts.get()[0]?.title).toBe('Wallet Connected');
    expect($toasts.get()[0]?.description).toMatch(/click 'Authenticate' to access your balances/i);
    expect(calls).not.toContain('POST /api/auth/challenge');
    await vi.advanceTimersByTimeAsync(WALLET_TIMING.stabiliseMs);
    await done;
    expect(calls).toEqual(['POST /api/auth/challenge', 'POST /api/auth/verify']);
    expect($wallet.get().isAuthenticated).toBe(true);
  });

  it('gives up after 20 polls with "Failed to connect wallet"', async () => {
    installApi(signInRoutes);
    setWalletAdapterLoader(async () => fakeAdapter({ connect: async () => undefined }));
    const done = connectWallet('sandbox');
    await vi.advanceTimersByTimeAsync(WALLET_TIMING.pollAttempts * WALLET_TIMING.pollIntervalMs + 10);
    await done;
    expect($wallet.get()).toMatchObject({ isConnected: false, isConnecting: false, error: 'Failed to connect wallet' });
    expect($toasts.get()[0]).toMatchObject({ title: 'Connection Failed', description: 'Failed to connect wallet', variant: 'destructive' });
  });

  it('hands a wallet app pairing its URI; one the page cancels (the holder chose another way) ends quietly, and the next connect starts', async () => {
    installApi(signInRoutes);
    const shown: string[] = [];
    setWalletAdapterLoader(async () =>
      fakeAdapter({
        connect: (_extensionId, pairing) =>
          new Promise((_, reject) => {
            pairing?.show('wc:topic@2?symKey=k');
            pairing?.signal.addEventListener('abort', () => reject(new Error('User rejected pairing')));
          }),
      }),
    );
    const controller = new AbortController();
    const pairing = connectWallet('sandbox', undefined, { show: (uri) => shown.push(uri), signal: controller.signal });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual(['wc:topic@2?symKey=k']);
    expect($wallet.get().isConnecting).toBe(true);
    controller.abort();
    await pairing;
    expect($wallet.get()).toMatchObject({ isConnecting: false, error: null });
    expect($toasts.get()).toEqual([]);
  });

  it('forcibly resets connecting after 15 s when the wallet never answers', async () => {
    installApi(signInRoutes);
    setWalletAdapterLoader(async () => fakeAdapter({ connect: () => new Promise(() => undefined) }));
    void connectWallet('sandbox');
    await vi.advanceTimersByTimeAsync(WALLET_TIMING.connectingResetMs - 10);
    expect($wallet.get().isConnecting).toBe(true);
    await vi.advanceTimersByTimeAsync(20);
    expect($wallet.get().isConnecting).toBe(false);
  });

  it('stays connected but unauthenticated when the automatic sign-in fails', async () => {
    installApi({ ...signInRoutes, 'POST /api/auth/verify': () => ({ status: 401, json: { error: 'bad signature' } }) });
    setWalletAdapterLoader(async () => fakeAdapter());
    const done = connectWallet('sandbox');
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect($wallet.get()).toMatchObject({ isConnected: true, isAuthenticated: false, error: 'Authentication failed. Please try again.' });
  });

  it('reports a refused sign-in as cancelled, and asks to connect first without a wallet', async () => {
    installApi(signInRoutes);
    setWalletAdapterLoader(async () => fakeAdapter({ signMessage: async () => Promise.reject(Object.assign(new Error('x'), { code: 4001 })) }));
    expect(await authenticate()).toBe(false);
    expect($wallet.get().error).toBe('Please connect wallet first');
    const done = connectWallet('sandbox');
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect($wallet.get().error).toBe('Authentication was cancelled by user');
  });

  it('times the signature out after 45 s', async () => {
    installApi(signInRoutes);
    setWalletAdapterLoader(async () => fakeAdapter({ signMessage: () => new Promise(() => undefined) }));
    const done = connectWallet('sandbox');
    await vi.advanceTimersByTimeAsync(4000 + WALLET_TIMING.signingTimeoutMs);
    await done;
    expect($wallet.get()).toMatchObject({ isAuthenticating: false, isAuthenticated: false, error: 'Authentication failed. Please try again.' });
  });

  it('restores a stored connection and the server session on page load without loading wallet code', async () => {
    installApi(signInRoutes);
    const loader = vi.fn(async () => fakeAdapter());
    setWalletAdapterLoader(loader);
    localStorage.setItem(STORAGE_KEYS.connected, 'true');
    localStorage.setItem(STORAGE_KEYS.accountId, '0.0.7001001');
    localStorage.setItem(STORAGE_KEYS.walletType, 'sandbox');
    await restoreWallet();
    expect($wallet.get()).toMatchObject({ isConnected: true, accountId: '0.0.7001001', isAuthenticated: true });
    expect(loader).not.toHaveBeenCalled();
  });

  it('restores a stored connection as soon as the first island reads the wallet, before the wallet menu hydrates', async () => {
    installApi(signInRoutes);
    vi.stubGlobal('window', new EventTarget());
    localStorage.setItem(STORAGE_KEYS.connected, 'true');
    localStorage.setItem(STORAGE_KEYS.accountId, '0.0.7001001');
    localStorage.setItem(STORAGE_KEYS.walletType, 'sandbox');
    // A page's first read of the store (this file's other tests leave the shared one in use).
    vi.resetModules();
    const page = await import('../../../src/features/wallet/wallet-store');
    // An island's useStore($wallet) subscribes as it hydrates: the connection is there at once (a Buy click reads it).
    const stop = page.$wallet.listen(() => undefined);
    expect(page.$wallet.get()).toMatchObject({ isConnected: true, accountId: '0.0.7001001', walletType: 'sandbox' });
    await vi.advanceTimersByTimeAsync(0);
    expect(page.$wallet.get().isAuthenticated).toBe(true);
    stop();
  });

  it("follows the site's other tabs at once: their connect, sign-in and disconnect (localStorage 'storage' events)", async () => {
    let signedIn = false;
    installApi({ 'GET /api/auth/session': () => ({ json: signedIn ? { authenticated: true, accountId: '0.0.7001002' } : { authenticated: false } }) });
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    vi.resetModules();
    const tab = await import('../../../src/features/wallet/wallet-store');
    const stop = tab.$wallet.listen(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.$wallet.get()).toMatchObject({ isConnected: false, accountId: null });
    // What another tab writes when it connects, then signs in.
    const otherTabWrites = (key: string, value: string | null) => {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      page.dispatchEvent(Object.assign(new Event('storage'), { key }));
    };
    otherTabWrites(STORAGE_KEYS.connected, 'true');
    otherTabWrites(STORAGE_KEYS.accountId, '0.0.7001002');
    otherTabWrites(STORAGE_KEYS.walletType, 'sandbox');
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.$wallet.get()).toMatchObject({ isConnected: true, accountId: '0.0.7001002', isAuthenticated: false, isCheckingSession: false });
    signedIn = true;
    otherTabWrites(STORAGE_KEYS.signedIn, `0.0.7001002 ${Date.now()}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.$wallet.get()).toMatchObject({ isConnected: true, accountId: '0.0.7001002', isAuthenticated: true });
    // Its disconnect clears the flags.
    for (const key of Object.values(STORAGE_KEYS)) otherTabWrites(key, null);
    expect(tab.$wallet.get()).toMatchObject({ isConnected: false, accountId: null, isAuthenticated: false });
    // Keys that are not the wallet's change nothing.
    otherTabWrites('wildTigers.somethingElse', 'x');
    expect(tab.$wallet.get().isConnected).toBe(false);
    stop();
  });

  it('while a restored connection’s session is checked it is neither signed in nor out; a failed check is asked again', async () => {
    let answers = 0;
    installApi({
      'GET /api/auth/session': () => {
        answers += 1;
        // The first answer is lost (a flaky network): the store asks again after a pause.
        return answers === 1 ? { status: 503, json: { error: 'unavailable' } } : { json: { authenticated: true, accountId: '0.0.7001001' } };
      },
    });
    setWalletAdapterLoader(async () => fakeAdapter());
    localStorage.setItem(STORAGE_KEYS.connected, 'true');
    localStorage.setItem(STORAGE_KEYS.accountId, '0.0.7001001');
    localStorage.setItem(STORAGE_KEYS.walletType, 'sandbox');
    const restored = restoreWallet();
    expect(signInState($wallet.get())).toBe('checking');
    await vi.advanceTimersByTimeAsync(WALLET_TIMING.sessionCheckRetryMs - 1);
    expect(signInState($wallet.get())).toBe('checking');
    await vi.advanceTimersByTimeAsync(1);
    await restored;
    expect(answers).toBe(2);
    expect(signInState($wallet.get())).toBe('signed-in');
  });

  it('a session check that never succeeds ends signed out, after its tries', async () => {
    const calls = installApi({ 'GET /api/auth/session': () => ({ status: 503, json: { error: 'unavailable' } }) });
    setWalletAdapterLoader(async () => fakeAdapter());
    localStorage.setItem(STORAGE_KEYS.connected, 'true');
    localStorage.setItem(STORAGE_KEYS.accountId, '0.0.7001001');
    localStorage.setItem(STORAGE_KEYS.walletType, 'sandbox');
    const restored = restoreWallet();
    await vi.advanceTimersByTimeAsync(10_000);
    await restored;
    expect(calls.filter((call) => call === 'GET /api/auth/session')).toHaveLength(WALLET_TIMING.sessionCheckAttempts);
    expect(signInState($wallet.get())).toBe('signed-out');
  });

  it('disconnect clears state and both stored flags', async () => {
    const calls = installApi(signInRoutes);
    setWalletAdapterLoader(async () => fakeAdapter());
    const done = connectWallet('sandbox');
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    await disconnectWallet();
    expect($wallet.get()).toMatchObject({ isConnected: false, accountId: null, isAuthenticated: false });
    expect(localStorage.getItem(STORAGE_KEYS.connected)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accountId)).toBeNull();
    expect(calls).toContain('POST /api/auth/logout');
    expect($toasts.get()[0]?.title).toBe('Wallet Disconnected');
  });

  it('a session deleted in the wallet disconnects the app: state, both stored flags and the sign-in end', async () => {
    const calls = installApi(signInRoutes);
    const adapter = fakeAdapter();
    setWalletAdapterLoader(async () => adapter);
    const done = connectWallet('sandbox');
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    adapter.ended?.();
    expect($wallet.get()).toMatchObject({ isConnected: false, accountId: null, isAuthenticated: false });
    expect(localStorage.getItem(STORAGE_KEYS.connected)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accountId)).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toContain('POST /api/auth/logout');
    expect($toasts.get()[0]?.title).toBe('Wallet Disconnected');
  });

  it('pairs with the extension the user chose', async () => {
    installApi(signInRoutes);
    const connect = vi.fn(async () => undefined);
    setWalletAdapterLoader(async () => fakeAdapter({ type: 'walletconnect', connect, accountId: () => '0.0.7001001' }));
    const done = connectWallet('walletconnect', 'hashpack-id');
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect(connect).toHaveBeenCalledWith('hashpack-id', undefined);
    expect($wallet.get()).toMatchObject({ isConnected: true, walletType: 'walletconnect', isAuthenticated: true });
  });

  it('lists wallet extensions once they announced themselves, and none after a short wait', async () => {
    let found: { id: string; name: string; icon: string }[] = [];
    setWalletAdapterLoader(async () => fakeAdapter({ type: 'walletconnect', extensions: () => found }));
    setTimeout(() => (found = [{ id: 'x', name: 'HashPack', icon: '' }]), 250);
    const listed = walletExtensions('walletconnect');
    await vi.advanceTimersByTimeAsync(300);
    await expect(listed).resolves.toEqual([{ id: 'x', name: 'HashPack', icon: '' }]);

    found = [];
    const none = walletExtensions('walletconnect');
    await vi.advanceTimersByTimeAsync(WALLET_TIMING.extensionDetectMs + 100);
    await expect(none).resolves.toEqual([]);
    setWalletAdapterLoader(async () => fakeAdapter());
    await expect(walletExtensions('sandbox')).resolves.toEqual([]);
  });

  it('a restored WalletConnect connection whose session ended meanwhile goes back to disconnected', async () => {
    installApi(signInRoutes);
    const hasSession = vi.fn(() => false);
    setWalletAdapterLoader(async () => fakeAdapter({ type: 'walletconnect', hasSession }));
    localStorage.setItem(STORAGE_KEYS.connected, 'true');
    localStorage.setItem(STORAGE_KEYS.accountId, '0.0.7001001');
    localStorage.setItem(STORAGE_KEYS.walletType, 'walletconnect');
    await restoreWallet();
    await vi.advanceTimersByTimeAsync(0);
    expect(hasSession).toHaveBeenCalledWith('0.0.7001001');
    expect($wallet.get().isConnected).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.connected)).toBeNull();

    hasSession.mockReturnValue(true);
    localStorage.setItem(STORAGE_KEYS.connected, 'true');
    localStorage.setItem(STORAGE_KEYS.accountId, '0.0.7001001');
    localStorage.setItem(STORAGE_KEYS.walletType, 'walletconnect');
    await restoreWallet();
    await vi.advanceTimersByTimeAsync(0);
    expect($wallet.get()).toMatchObject({ isConnected: true, accountId: '0.0.7001001', isAuthenticated: true });
  });
});

describe('what the sign-in tells the user', () => {
  it('replaces the connect toast once the automatic sign-in succeeded: no longer asks to click Authenticate', async () => {
    installApi(signInRoutes);
    setWalletAdapterLoader(async () => fakeAdapter());
    const done = connectWallet('sandbox');
    await vi.advanceTimersByTimeAsync(1500 + WALLET_TIMING.stabiliseMs);
    await done;
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ title: 'Signed In', description: 'Signed in as 0.0.7001001.' });
    expect($toasts.get()[0]?.description).not.toContain('Authenticate');
  });

  it('shows a refused automatic sign-in in a toast with the spec message and an Authenticate action that signs in', async () => {
    installApi(signInRoutes);
    let refuse = true;
    setWalletAdapterLoader(async () =>
      fakeAdapter({ signMessage: async () => (refuse ? Promise.reject(Object.assign(new Error('x'), { code: 4001 })) : 'c2lnbmF0dXJl') }),
    );
    const done = connectWallet('sandbox');
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    const [shown] = $toasts.get();
    expect(shown).toMatchObject({ title: 'Not Signed In', description: 'Authentication was cancelled by user', variant: 'destructive' });
    expect(shown?.action?.label).toBe('Authenticate');
    expect($wallet.get()).toMatchObject({ isConnected: true, isAuthenticated: false });

    refuse = false;
    shown?.action?.onClick();
    await vi.advanceTimersByTimeAsync(10);
    expect($wallet.get()).toMatchObject({ isAuthenticated: true, error: null });
    expect($toasts.get()[0]?.title).toBe('Signed In');
  });

  it('a NOT_SIGNED_IN answer while signed in ends the sign-in and says so; other 401s and signed-out pages are left alone', async () => {
    installApi({
      ...signInRoutes,
      'POST /api/market/buy': () => ({ status: 401, json: { error: 'Sign in with your wallet first', code: 'NOT_SIGNED_IN' } }),
      'POST /api/auth/verify': () => ({ status: 401, json: { error: 'bad signature', code: 'SIGNATURE_REJECTED' } }),
    });
    localStorage.setItem(STORAGE_KEYS.connected, 'true');
    localStorage.setItem(STORAGE_KEYS.accountId, '0.0.7001001');
    localStorage.setItem(STORAGE_KEYS.walletType, 'sandbox');
    setWalletAdapterLoader(async () => fakeAdapter());
    await restoreWallet();
    expect($wallet.get().isAuthenticated).toBe(true);

    await expect(apiJson('/api/auth/verify', { method: 'POST', body: {} })).rejects.toThrow();
    expect($wallet.get().isAuthenticated).toBe(true);
    await expect(apiJson('/api/market/buy', { method: 'POST', body: {} })).rejects.toThrow();
    expect($wallet.get()).toMatchObject({ isConnected: true, isAuthenticated: false, error: "Your sign-in has ended. Click 'Authenticate' to sign in again." });
    expect($toasts.get()[0]).toMatchObject({ title: 'Not Signed In', variant: 'destructive' });

    $toasts.set([]);
    await expect(apiJson('/api/market/buy', { method: 'POST', body: {} })).rejects.toThrow();
    expect($toasts.get()).toEqual([]);
  });
});

describe('signAndExecute', () => {
  async function connected(overrides: Partial<WalletAdapter>) {
    installApi(signInRoutes);
    setWalletAdapterLoader(async () => fakeAdapter(overrides));
    const done = connectWallet('sandbox');
    await vi.advanceTimersByTimeAsync(5000);
    await done;
  }

  it('needs a connected wallet', async () => {
    setWalletAdapterLoader(async () => fakeAdapter());
    await expect(signAndExecute('AAAA')).rejects.toThrow('Wallet not connected');
  });

  it('returns the transaction id, and treats an empty answer as a rejection', async () => {
    await connected({});
    await expect(signAndExecute('AAAA')).resolves.toBe('0.0.7001001@1700000000.000000001');
    await connected({ signAndExecuteTransaction: async () => null });
    await expect(signAndExecute('AAAA')).rejects.toThrow('Transaction was rejected or returned no response');
  });

  it('maps rejections, lost sessions and time-outs to the catalogue', async () => {
    await connected({ signAndExecuteTransaction: async () => Promise.reject(Object.assign(new Error('User denied'), { code: -32000 })) });
    await expect(signAndExecute('AAAA')).rejects.toThrow('Transaction was cancelled by user');
    await connected({ signAndExecuteTransaction: async () => Promise.reject(new Error('Missing or invalid. Record was recently deleted')) });
    await expect(signAndExecute('AAAA')).rejects.toThrow('Wallet connection lost. Please reconnect your wallet');
    await connected({ signAndExecuteTransaction: async () => Promise.reject(new Error('Signer is not found')) });
    await expect(signAndExecute('AAAA')).rejects.toThrow('Wallet session expired. Please reconnect your wallet');
    await connected({ signAndExecuteTransaction: () => new Promise(() => undefined) });
    const pending = signAndExecute('AAAA');
    const assertion = expect(pending).rejects.toThrow('Wallet execution timeout after 45 seconds');
    await vi.advanceTimersByTimeAsync(WALLET_TIMING.signingTimeoutMs + 1);
    await assertion;
    await connected({ signAndExecuteTransaction: async () => Promise.reject(new Error('INSUFFICIENT_PAYER_BALANCE')) });
    await expect(signAndExecute('AAAA', 'nft-allowance')).rejects.toThrow('NFT allowance failed: INSUFFICIENT_PAYER_BALANCE');
  });

  it('hands a wallet answer that comes after the 45 s time-out to onLateAnswer', async () => {
    let answer: (result: { transactionId: string }) => void = () => undefined;
    await connected({ signAndExecuteTransaction: () => new Promise((resolve) => (answer = resolve)) });
    const late = vi.fn();
    const pending = signAndExecute('AAAA', 'transaction', undefined, late);
    const assertion = expect(pending).rejects.toThrow('Wallet execution timeout after 45 seconds');
    await vi.advanceTimersByTimeAsync(WALLET_TIMING.signingTimeoutMs + 1);
    await assertion;
    expect(late).not.toHaveBeenCalled();
    answer({ transactionId: '0.0.7001001@1700000000.000000003' });
    await vi.advanceTimersByTimeAsync(0);
    expect(late).toHaveBeenCalledWith('0.0.7001001@1700000000.000000003');

    // An answer in time is the result, not a late answer.
    const inTime = vi.fn();
    await connected({});
    await expect(signAndExecute('AAAA', 'transaction', undefined, inTime)).resolves.toBe('0.0.7001001@1700000000.000000001');
    expect(inTime).not.toHaveBeenCalled();
  });

  it("goes on after 2 s with the frozen id when a wallet says only 'User rejected.'", async () => {
    await connected({ signAndExecuteTransaction: async () => Promise.reject(new Error('User rejected.')) });
    const pending = signAndExecute('AAAA', 'transaction', '0.0.7001001@1700000000.000000009');
    await vi.advanceTimersByTimeAsync(WALLET_TIMING.ambiguousRejectionWaitMs);
    await expect(pending).resolves.toBe('0.0.7001001@1700000000.000000009');
  });
});
