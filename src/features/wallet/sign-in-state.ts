import type { WalletState } from './wallet-store';

/**
 * What is known of the wallet's sign-in: no wallet; 'checking' while a restored connection's session
 * is asked for (the pages show neither 'Not signed in' nor zeros then); signed out; signed in.
 */
export type SignInState = 'disconnected' | 'checking' | 'signed-out' | 'signed-in';

/** What the page says while it is 'checking'. */
export const CHECKING_SIGN_IN = 'Checking your sign-in…';

/** The wallet's SignInState. */
export function signInState(wallet: Pick<WalletState, 'isConnected' | 'accountId' | 'isAuthenticated' | 'isCheckingSession'>): SignInState {
  if (!wallet.isConnected || !wallet.accountId) return 'disconnected';
  if (wallet.isAuthenticated) return 'signed-in';
  return wallet.isCheckingSession ? 'checking' : 'signed-out';
}
