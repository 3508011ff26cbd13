import type { BalanceState } from '@/features/balances/balance-store';
import { formatCount, formatHbar, formatMarketCap, formatPaws, formatPawsPrice } from '@/lib/format';
import type { WalletState } from '@/features/wallet/wallet-store';
import { signInState } from '@/features/wallet/sign-in-state';

/** What the landing page prints for a value it does not have (spec 000 §2). */
export const NOT_AVAILABLE = 'N/A';

/** The PAWS price in USD: 6 decimals under 0.01, else 4 (spec 000 §5). */
export function pawsPriceText(price: number | null): string {
  return price === null ? NOT_AVAILABLE : `$${formatPawsPrice(price)}`;
}

/** The HBAR price in USD with 4 decimals (e.g. $0.1825). */
export function hbarPriceText(price: number | null): string {
  return price === null ? NOT_AVAILABLE : `$${price.toFixed(4)}`;
}

/** The PAWS market cap in K or M (spec 000 §5). */
export function marketCapText(value: number | null): string {
  return value === null ? NOT_AVAILABLE : formatMarketCap(value);
}

/** A 24 h change in percent with its sign, e.g. '+2.35%' or '-1.20%'. */
export function changeText(change: number | null): string {
  if (change === null) return NOT_AVAILABLE;
  const rounded = Math.abs(change) < 0.005 ? 0 : change;
  return `${rounded > 0 ? '+' : rounded < 0 ? '-' : ''}${Math.abs(rounded).toFixed(2)}%`;
}

/** The holder count, e.g. '1,204', or 'N/A'. */
export function holdersText(count: number | null): string {
  return count === null ? NOT_AVAILABLE : formatCount(count);
}

export type BalanceLineView = { kind: 'hidden' } | { kind: 'loading'; needsSignIn: boolean } | { kind: 'ready'; hbar: string; paws: string };

function amount(value: string): number | null {
  return value.trim() === '' ? null : Number.isFinite(Number(value)) ? Number(value) : null;
}

/**
 * The signed-in balance line (spec 000 §2): nothing without a connected wallet; skeletons while
 * authenticating, while connected but not signed in, or while loading; then HBAR with 2 decimals
 * and PAWS, with 'Unable to load' / '0 PAWS' when a balance is unavailable.
 */
export function balanceLineView(
  wallet: Pick<WalletState, 'isConnected' | 'accountId' | 'isAuthenticated' | 'isAuthenticating' | 'isCheckingSession'>,
  balances: Pick<BalanceState, 'pawsBalance' | 'hbarBalance' | 'isLoading' | 'isReady' | 'loadFailed'>,
): BalanceLineView {
  if (!wallet.isConnected || !wallet.accountId) return { kind: 'hidden' };
  if (!wallet.isAuthenticated) return { kind: 'loading', needsSignIn: !wallet.isAuthenticating && signInState(wallet) === 'signed-out' };
  if (balances.isLoading || !balances.isReady) return { kind: 'loading', needsSignIn: false };
  // Spec 000 §4 keeps zeros after a failed load; they are not shown as if they were the balances.
  const hbar = balances.loadFailed ? null : amount(balances.hbarBalance);
  const paws = balances.loadFailed ? null : amount(balances.pawsBalance);
  return {
    kind: 'ready',
    hbar: hbar === null ? 'Unable to load' : `${formatHbar(hbar)} HBAR`,
    paws: paws === null || paws <= 0 ? '0 PAWS' : `${formatPaws(paws)} PAWS`,
  };
}
