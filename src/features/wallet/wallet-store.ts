import { atom, map, onMount } from 'nanostores';
import type { ComponentType } from 'react';
import { apiJson, onNotSignedIn } from '@/lib/api';
import { withTimeout } from '@/lib/timeout';
import { toast } from '@/features/toast/toast-store';
import type { AppPairing, WalletAdapter, WalletExtension, WalletType } from './wallet-port';
import { loadWalletAdapter } from './wallet-loader';
import { WALLET_MESSAGES, WalletError, type WalletAction, isAmbiguousRejection, toWalletError } from './wallet-errors';

/** Spec 000 §4 and §9 timings. */
export const WALLET_TIMING = {
  pollAttempts: 20,
  pollIntervalMs: 500,
  stabiliseMs: 2_000,
  connectingResetMs: 15_000,
  signingTimeoutMs: 45_000,
  ambiguousRejectionWaitMs: 2_000,
  /** Extension wallets answer the connector's query about 200 ms after it starts: the connect dialog waits this long for them. */
  extensionDetectMs: 600,
  /** A restored connection's session check: tries, and the pause before the next (times the try). */
  sessionCheckAttempts: 3,
  sessionCheckRetryMs: 1_000,
} as const;

/**
 * The localStorage flags of spec 000 §4, and the sign-in mark each sign-in rewrites: other tabs follow
 * every change of them (a 'storage' event) at once.
 */
export const STORAGE_KEYS = {
  connected: 'wildTigers.walletConnected',
  accountId: 'wildTigers.accountId',
  walletType: 'wildTigers.walletType',
  signedIn: 'wildTigers.signedIn',
} as const;

export interface WalletState {
  isConnected: boolean;
  accountId: string | null;
  isAuthenticated: boolean;
  /** A restored connection whose session the server has not answered for yet: neither signed in nor out. */
  isCheckingSession: boolean;
  isConnecting: boolean;
  isAuthenticating: boolean;
  error: string | null;
  pairingString: string | null;
  walletType: WalletType | null;
}

const INITIAL: WalletState = {
  isConnected: false,
  accountId: null,
  isAuthenticated: false,
  isCheckingSession: false,
  isConnecting: false,
  isAuthenticating: false,
  error: null,
  pairingString: null,
  walletType: null,
};

/** The wallet state every island reads. */
export const $wallet = map<WalletState>({ ...INITIAL });

/**
 * A stored connection is restored as soon as any island reads the wallet (the store's first
 * subscriber), not when the wallet menu hydrates (client:idle, seconds late on a busy phone): a
 * Buy clicked right after a reload must find the wallet connected, not say 'Wallet Required'.
 */
onMount($wallet, () => {
  if (typeof window === 'undefined') return;
  void restoreWallet();
  const follow = ({ key }: StorageEvent) => (key === null || Object.values<string>(STORAGE_KEYS).includes(key)) && followOtherTab();
  window.addEventListener('storage', follow);
  return () => window.removeEventListener('storage', follow);
});

/** Another tab connected, signed in or disconnected: this one takes the state the flags now say (and asks the server about the sign-in). */
function followOtherTab(): void {
  if (storage()?.getItem(STORAGE_KEYS.connected) === 'true') void restoreWallet();
  else if ($wallet.get().isConnected) $wallet.set({ ...INITIAL });
}

/** The current wallet's window inside the page, if it has one (the wallet menu renders it). */
export const $walletPromptHost = atom<ComponentType | null>(null);

let adapter: WalletAdapter | undefined;
let loadAdapter: (type: WalletType) => Promise<WalletAdapter> = loadWalletAdapter;
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Test seam: replaces how adapters are loaded and forgets the current one. */
export function setWalletAdapterLoader(loader: (type: WalletType) => Promise<WalletAdapter>): void {
  loadAdapter = loader;
  adapter = undefined;
  $wallet.set({ ...INITIAL });
}

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

async function adapterFor(type: WalletType): Promise<WalletAdapter> {
  if (adapter?.type === type) return adapter;
  const loaded = await loadAdapter(type).catch((error: unknown) => {
    throw new WalletError(`${WALLET_MESSAGES.initFailed}${error instanceof Error ? `: ${error.message}` : ''}`);
  });
  loaded.onSessionEnded(() => endedInWallet(loaded));
  adapter = loaded;
  $walletPromptHost.set(loaded.PromptHost ?? null);
  return loaded;
}

/** Rejects with the spec's time-out message when the wallet takes longer than the signing time-out. */
function withinSigningTimeout<T>(promise: Promise<T>): Promise<T> {
  return withTimeout(promise, WALLET_TIMING.signingTimeoutMs, () => {
    throw new WalletError(WALLET_MESSAGES.executionTimeout, false, false, true);
  });
}

function clearWallet(): void {
  adapter = undefined;
  $wallet.set({ ...INITIAL });
  const store = storage();
  for (const key of Object.values(STORAGE_KEYS)) store?.removeItem(key);
}

/**
 * The wallet ended a session (deleted in the wallet, or expired): unless the connected account still
 * has one, the page disconnects and the sign-in ends with it.
 */
function endedInWallet(ended: WalletAdapter): void {
  const { isConnected: wasConnected, accountId } = $wallet.get();
  if (adapter !== ended || (accountId && ended.hasSession?.(accountId))) return;
  clearWallet();
  if (!wasConnected) return;
  void apiJson('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
  toast({ title: 'Wallet Disconnected', description: 'Your wallet ended the session.' });
}

async function pollForAccount(connected: WalletAdapter): Promise<string> {
  for (let attempt = 0; attempt < WALLET_TIMING.pollAttempts; attempt += 1) {
    const accountId = connected.accountId();
    if (accountId) return accountId;
    await sleep(WALLET_TIMING.pollIntervalMs);
  }
  throw new WalletError(WALLET_MESSAGES.connectFailed);
}

/**
 * The wallet extensions (HashPack, Kabila, Blade) the `type` wallet found in the page, to offer beside
 * its QR code; loads the wallet's code and gives extensions a moment to announce themselves.
 */
export async function walletExtensions(type: WalletType): Promise<WalletExtension[]> {
  const loaded = await adapterFor(type);
  if (!loaded.extensions) return [];
  const deadline = Date.now() + WALLET_TIMING.extensionDetectMs;
  for (;;) {
    const found = loaded.extensions();
    if (found.length || Date.now() >= deadline) return found;
    await sleep(100);
  }
}

/**
 * Connect flow: open the wallet (or pair with the extension `extensionId`, or through a wallet app's
 * link with `pairing`), poll for the session, let it settle 2 s, then sign in automatically. A
 * pairing the page cancels itself (its signal) ends quietly.
 */
export async function connectWallet(type: WalletType, extensionId?: string, pairing?: AppPairing): Promise<void> {
  if ($wallet.get().isConnecting) return;
  $wallet.set({ ...$wallet.get(), isConnecting: true, error: null, walletType: type });
  const forcedReset = setTimeout(() => $wallet.setKey('isConnecting', false), WALLET_TIMING.connectingResetMs);
  try {
    const connected = await adapterFor(type);
    await connected.connect(extensionId, pairing);
    const accountId = await pollForAccount(connected);
    $wallet.set({ ...$wallet.get(), isConnected: true, accountId, isConnecting: false, isCheckingSession: false, walletType: type });
    storage()?.setItem(STORAGE_KEYS.connected, 'true');
    storage()?.setItem(STORAGE_KEYS.accountId, accountId);
    storage()?.setItem(STORAGE_KEYS.walletType, type);
    toast({ title: 'Wallet Connected', description: SIGN_IN_TEXT.connected(accountId) });
  } catch (error) {
    if (pairing?.signal.aborted) return void $wallet.set({ ...$wallet.get(), isConnecting: false });
    const failure = toWalletError(error, 'connect');
    $wallet.set({ ...$wallet.get(), isConnecting: false, error: failure.message });
    toast({ title: 'Connection Failed', description: failure.message || WALLET_MESSAGES.connectFailed, variant: 'destructive' });
    return;
  } finally {
    clearTimeout(forcedReset);
  }
  await sleep(WALLET_TIMING.stabiliseMs);
  await authenticate();
}

/** What the sign-in toasts say (spec 000 §4: after connecting, click 'Authenticate' to access the balances). */
export const SIGN_IN_TEXT = {
  connected: (accountId: string) => `Connected ${accountId}. Approve the sign-in request in your wallet, or click 'Authenticate' to access your balances.`,
  signedInTitle: 'Signed In',
  signedIn: (accountId: string) => `Signed in as ${accountId}.`,
  failedTitle: 'Not Signed In',
  ended: "Your sign-in has ended. Click 'Authenticate' to sign in again.",
  retry: 'Authenticate',
} as const;

/** The page believed it was signed in, but the server no longer has the session: say so, and offer to sign in again. */
function signInEnded(): void {
  const { isAuthenticated, isConnected, accountId } = $wallet.get();
  if (!isAuthenticated || !isConnected || !accountId) return;
  $wallet.set({ ...$wallet.get(), isAuthenticated: false, isCheckingSession: false, error: SIGN_IN_TEXT.ended });
  toast({
    title: SIGN_IN_TEXT.failedTitle,
    description: SIGN_IN_TEXT.ended,
    variant: 'destructive',
    action: { label: SIGN_IN_TEXT.retry, altText: 'Sign in again with your wallet', onClick: () => void authenticate() },
  });
}
onNotSignedIn(signInEnded);

/**
 * Sign-in: the server's single-use challenge, signed in the wallet, verified by the server. The
 * outcome replaces the 'Wallet Connected' toast: signed in, or the spec's failure message with an
 * 'Authenticate' action (the wallet stays connected).
 */
export async function authenticate(): Promise<boolean> {
  const { accountId, isConnected, walletType } = $wallet.get();
  if (!isConnected || !accountId || !walletType) {
    $wallet.setKey('error', WALLET_MESSAGES.connectFirst);
    toast({ title: SIGN_IN_TEXT.failedTitle, description: WALLET_MESSAGES.connectFirst, variant: 'destructive' });
    return false;
  }
  $wallet.set({ ...$wallet.get(), isAuthenticating: true, error: null });
  try {
    const connected = await adapterFor(walletType);
    const { message } = await apiJson<{ message: string }>('/api/auth/challenge', { method: 'POST', body: { accountId } });
    const signatureMap = await withinSigningTimeout(connected.signMessage(accountId, message));
    await apiJson('/api/auth/verify', { method: 'POST', body: { accountId, message, signatureMap } });
    $wallet.set({ ...$wallet.get(), isAuthenticated: true, isAuthenticating: false, isCheckingSession: false });
    storage()?.setItem(STORAGE_KEYS.signedIn, `${accountId} ${Date.now()}`);
    toast({ title: SIGN_IN_TEXT.signedInTitle, description: SIGN_IN_TEXT.signedIn(accountId) });
    return true;
  } catch (error) {
    const failure = toWalletError(error, 'sign-in').message;
    $wallet.set({ ...$wallet.get(), isAuthenticated: false, isAuthenticating: false, isCheckingSession: false, error: failure });
    // Only while this account is still connected (a disconnect meanwhile has its own toast).
    if ($wallet.get().accountId === accountId && $wallet.get().isConnected)
      toast({
        title: SIGN_IN_TEXT.failedTitle,
        description: failure,
        variant: 'destructive',
        action: { label: SIGN_IN_TEXT.retry, altText: 'Sign in again with your wallet', onClick: () => void authenticate() },
      });
    return false;
  }
}

/**
 * Restores a previous connection from the stored flags and the server session at once. A wallet
 * that can end sessions on its side (WalletConnect) is then loaded in the background, so a session
 * that ended meanwhile disconnects the page and a wallet-side disconnect reaches it.
 */
export async function restoreWallet(): Promise<void> {
  const store = storage();
  const accountId = store?.getItem(STORAGE_KEYS.accountId);
  const walletType = store?.getItem(STORAGE_KEYS.walletType) as WalletType | null | undefined;
  if (store?.getItem(STORAGE_KEYS.connected) !== 'true' || !accountId || (walletType !== 'sandbox' && walletType !== 'walletconnect')) return;
  $wallet.set({ ...$wallet.get(), isConnected: true, accountId, walletType, isCheckingSession: true });
  if (walletType === 'walletconnect') void checkRestoredSession(accountId);
  const signedIn = await sessionIsFor(accountId);
  // A sign-in or a disconnect while the check ran has the last word.
  const now = $wallet.get();
  if (!now.isCheckingSession || now.accountId !== accountId) return;
  $wallet.set({ ...now, isAuthenticated: signedIn, isCheckingSession: false });
}

/** Whether the server's session is `accountId`'s: asked again on a failed answer (a slow or flaky network), then taken as no. */
async function sessionIsFor(accountId: string): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const session = await apiJson<{ authenticated: boolean; accountId?: string }>('/api/auth/session');
      return session.authenticated && session.accountId === accountId;
    } catch {
      if (attempt >= WALLET_TIMING.sessionCheckAttempts) return false;
      await sleep(WALLET_TIMING.sessionCheckRetryMs * attempt);
    }
  }
}

/** Loads the WalletConnect adapter for a restored connection; disconnects when the wallet holds no session for the account any more. */
async function checkRestoredSession(accountId: string): Promise<void> {
  let loaded: WalletAdapter;
  try {
    loaded = await adapterFor('walletconnect');
  } catch {
    // Offline or blocked: the stored state stays; the next wallet request reports the problem.
    return;
  }
  const { accountId: current, walletType } = $wallet.get();
  if (current === accountId && walletType === 'walletconnect') endedInWallet(loaded);
}

/** Disconnect: ends the wallet session and the sign-in, clears state and the stored flags. */
export async function disconnectWallet(): Promise<void> {
  try {
    await adapter?.disconnect();
    await apiJson('/api/auth/logout', { method: 'POST' });
    clearWallet();
    toast({ title: 'Wallet Disconnected', description: 'Your wallet has been disconnected.' });
  } catch (error) {
    clearWallet();
    toast({ title: 'Disconnection Failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
  }
}

/**
 * Signs and executes prepared transaction bytes in the wallet (45 s limit). Failures become the
 * catalogue's messages; a plain 'User rejected.' is not conclusive, so after 2 s the flow goes on
 * with `fallbackTransactionId` (the id frozen into the bytes) for the server to check on the ledger.
 * The wallet's prompt can outlive the time-out: `onLateAnswer` gets the transaction id if the
 * wallet executes it afterwards.
 */
export async function signAndExecute(
  transactionBytes: string,
  action: Extract<WalletAction, 'transaction' | 'nft-allowance' | 'paws-allowance'> = 'transaction',
  fallbackTransactionId?: string,
  onLateAnswer?: (transactionId: string) => void,
): Promise<string> {
  const { accountId, isConnected, walletType } = $wallet.get();
  if (!isConnected || !accountId || !walletType) throw new WalletError(WALLET_MESSAGES.notConnected);
  try {
    const connected = await adapterFor(walletType);
    const answer = connected.signAndExecuteTransaction(accountId, transactionBytes);
    let timedOut = false;
    answer.then(
      (late) => timedOut && late?.transactionId && onLateAnswer?.(late.transactionId),
      () => undefined,
    );
    const result = await withTimeout(answer, WALLET_TIMING.signingTimeoutMs, () => {
      timedOut = true;
      throw new WalletError(WALLET_MESSAGES.executionTimeout, false, false, true);
    });
    if (!result?.transactionId) throw new WalletError(WALLET_MESSAGES.noResponse, true, false, true);
    return result.transactionId;
  } catch (error) {
    if (fallbackTransactionId && isAmbiguousRejection(error)) {
      await sleep(WALLET_TIMING.ambiguousRejectionWaitMs);
      return fallbackTransactionId;
    }
    throw toWalletError(error, action);
  }
}
