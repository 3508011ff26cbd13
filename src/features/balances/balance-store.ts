import { map, onMount } from 'nanostores';
import { apiJson } from '@/lib/api';
import { $wallet } from '@/features/wallet/wallet-store';

/** Spec 000 §9: balances refresh every 30 s while authenticated. */
export const BALANCE_REFRESH_MS = 30_000;

export interface BalanceState {
  pawsBalance: string;
  hbarBalance: string;
  isLoading: boolean;
  isReady: boolean;
  lastUpdated: number | null;
  accountId: string | null;
  /** The last load failed: the zeros are not the account's balances (the UI says 'Unable to load'). */
  loadFailed: boolean;
}

const EMPTY: BalanceState = { pawsBalance: '0', hbarBalance: '0', isLoading: false, isReady: false, lastUpdated: null, accountId: null, loadFailed: false };

/** HBAR and PAWS balances of the signed-in account (zeros and not ready without one). */
export const $balances = map<BalanceState>({ ...EMPTY });

let generation = 0;

/** Reloads the balances; only while authenticated. A failure gives zeros and ready: the UI goes on. */
export async function refreshBalances(): Promise<void> {
  const { accountId, isAuthenticated } = $wallet.get();
  if (!accountId || !isAuthenticated) return;
  const mine = ++generation;
  $balances.set({ ...$balances.get(), accountId, isLoading: true });
  let next: Pick<BalanceState, 'pawsBalance' | 'hbarBalance' | 'loadFailed'>;
  try {
    const { balances } = await apiJson<{ balances: { paws: string; hbar: string } }>(`/api/balance/fast/${accountId}`);
    next = { pawsBalance: balances.paws, hbarBalance: balances.hbar, loadFailed: false };
  } catch (error) {
    console.warn('Failed to load balances', error);
    next = { pawsBalance: '0', hbarBalance: '0', loadFailed: true };
  }
  if (mine !== generation) return;
  $balances.set({ ...next, accountId, isLoading: false, isReady: true, lastUpdated: Date.now() });
}

/** Rewritten whenever a trade of this browser moved balances: the site's other tabs reload theirs at once (a 'storage' event). */
const MOVED_KEY = 'wildTigers.balancesMoved';

/** A trade moved the account's balances: reloads them here and in the site's other tabs. */
export function balancesMoved(): void {
  void refreshBalances();
  if (typeof localStorage !== 'undefined') localStorage.setItem(MOVED_KEY, String(Date.now()));
}

onMount($balances, () => {
  let timer: ReturnType<typeof setInterval> | undefined;
  const follow = ({ key }: StorageEvent) => key === MOVED_KEY && void refreshBalances();
  if (typeof window !== 'undefined') window.addEventListener('storage', follow);
  const stopWallet = $wallet.subscribe(({ accountId, isAuthenticated }) => {
    clearInterval(timer);
    if (!accountId || !isAuthenticated) {
      generation += 1;
      $balances.set({ ...EMPTY });
      return;
    }
    if ($balances.get().accountId !== accountId || !$balances.get().isReady) void refreshBalances();
    timer = setInterval(() => void refreshBalances(), BALANCE_REFRESH_MS);
  });
  return () => {
    clearInterval(timer);
    if (typeof window !== 'undefined') window.removeEventListener('storage', follow);
    stopWallet();
  };
});
