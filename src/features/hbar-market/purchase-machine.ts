/**
 * The HBAR purchase dialog's state machine (spec 000 §4) and its error catalogue (spec 000 §8):
 * confirm -> preparing -> signing -> completing -> success; any failure -> error; 'Try Again'
 * (or a reconnect) -> confirm; closing resets everything. A wallet that does not answer within
 * 45 s leaves the purchase 'waiting' (for the wallet or the ledger) instead of failing; a ledger
 * that takes long ends in an error offering 'Check Again' (-> completing). Reopened on a purchase
 * still in progress, the dialog resumes it. Pure: no React, no network.
 */
import { ApiError } from '@/lib/api/api-error';
import { errorText, serverMessage } from '@/lib/api/error-text';
import { toWalletError } from '../wallet/wallet-errors';

export type HbarPurchaseStep = 'confirm' | 'preparing' | 'signing' | 'waiting' | 'completing' | 'success' | 'error';

/** What the dialog and the toast say about a failed purchase. */
export interface PurchaseFailure {
  title: string;
  description: string;
  /** The wallet session is gone: offer 'Reconnect Wallet' instead of 'Try Again'. */
  reconnect: boolean;
  /** The purchase may still complete (the ledger is slow): offer 'Check Again' instead of 'Try Again'. */
  checkAgain?: boolean;
}

export interface PurchaseState {
  step: HbarPurchaseStep;
  error: PurchaseFailure | null;
  transactionId: string | null;
  saleVerificationCode: string | null;
}

export type PurchaseEvent =
  | { type: 'start' }
  | { type: 'prepared'; saleVerificationCode: string }
  | { type: 'signed'; transactionId: string }
  | { type: 'wallet-timeout' }
  | { type: 'completed' }
  | { type: 'failed'; error: PurchaseFailure }
  | { type: 'retry' }
  | { type: 'check-again' }
  | { type: 'resume'; saleVerificationCode: string; walletAnswered: boolean }
  | { type: 'reset' };

export const INITIAL_PURCHASE: PurchaseState = { step: 'confirm', error: null, transactionId: null, saleVerificationCode: null };

/** The steps during which the purchase is in flight (the dialog can't start another or be dismissed). */
export function isBusy(step: HbarPurchaseStep): boolean {
  return step === 'preparing' || step === 'signing' || step === 'completing';
}

/** The transitions; an event that does not apply to the current step leaves the state as it is. */
export function purchaseReducer(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'start':
      return state.step === 'confirm' ? { ...state, step: 'preparing', error: null } : state;
    case 'prepared':
      return state.step === 'preparing' ? { ...state, step: 'signing', saleVerificationCode: event.saleVerificationCode } : state;
    case 'signed':
      return state.step === 'signing' || state.step === 'waiting' ? { ...state, step: 'completing', transactionId: event.transactionId } : state;
    case 'wallet-timeout':
      return state.step === 'signing' ? { ...state, step: 'waiting' } : state;
    case 'completed':
      return state.step === 'completing' || state.step === 'waiting' ? { ...state, step: 'success' } : state;
    case 'failed':
      return isBusy(state.step) || state.step === 'waiting' ? { ...state, step: 'error', error: event.error } : state;
    case 'retry':
      return state.step === 'error' && !state.error?.checkAgain ? { ...state, step: 'confirm', error: null } : state;
    case 'check-again':
      return state.step === 'error' && state.error?.checkAgain ? { ...state, step: 'completing', error: null } : state;
    case 'resume':
      return state.step === 'confirm'
        ? { ...state, step: event.walletAnswered ? 'completing' : 'waiting', saleVerificationCode: event.saleVerificationCode, error: null }
        : state;
    case 'reset':
      return INITIAL_PURCHASE;
  }
}

/** Where the purchase failed: the server's preparation, the wallet, or the server's completion. */
export type PurchaseStage = 'prepare' | 'sign' | 'complete';

/** Raised by the purchase flow with the stage it failed in; `checkAgain` when it may still complete (the ledger is slow). */
export class PurchaseError extends Error {
  override name = 'PurchaseError';
  constructor(
    readonly stage: PurchaseStage,
    message: string,
    override readonly cause?: unknown,
    readonly checkAgain = false,
  ) {
    super(message);
  }
}

export const PURCHASE_MESSAGES = {
  prepareFailed: 'Failed to prepare transaction',
  completeFailed: 'Failed to complete purchase',
  notReady: 'Wallet not connected or NFT not listed',
  cancelledTitle: 'Transaction Cancelled',
  cancelledText: 'You cancelled the transaction in your wallet',
  lostTitle: 'Wallet Connection Lost',
  lostText: 'Please reconnect your wallet and try again',
  signingTitle: 'Transaction signing failed',
  failedTitle: 'Purchase Failed',
  ledgerWait: 'Waiting for the ledger…',
  walletWaitTitle: 'Waiting for Your Wallet',
  walletWaitText:
    'Wallet execution timeout after 45 seconds. If you still approve the transaction in your wallet, the purchase completes here; you can close this window meanwhile. You are never charged twice.',
  signInTitle: 'Sign In Required',
  signInFirst: "Sign in with your wallet before buying: click 'Authenticate'.",
  pendingWallet: 'You can close this window. Your wallet may still ask you to approve; if you approve, the purchase completes by itself.',
  pendingLedger: 'You can close this window: the purchase completes by itself once the ledger confirms it.',
  stalledTitle: 'Still Waiting for the Ledger',
  stalledText: 'The ledger has not confirmed your purchase yet. It completes as soon as the ledger does and is never charged twice: check again in a moment.',
} as const;

/**
 * Spec 000 §5: buying needs a connected wallet and a current listing; otherwise the toast to show
 * ('Wallet Required' or 'Not Available'). The purchase itself also needs the sign-in (the server
 * prepares it only for a session): with `isAuthenticated` false, 'Sign In Required'. null when the
 * purchase may go ahead.
 */
export function purchaseBlocker(input: {
  isConnected: boolean;
  accountId: string | null | undefined;
  listed: boolean;
  isAuthenticated?: boolean;
}): { title: string; description: string } | null {
  if (!input.isConnected || !input.accountId) return { title: 'Wallet Required', description: 'Please connect your wallet to purchase NFTs' };
  if (!input.listed) return { title: 'Not Available', description: 'This NFT is not currently listed for sale' };
  if (input.isAuthenticated === false) return { title: PURCHASE_MESSAGES.signInTitle, description: PURCHASE_MESSAGES.signInFirst };
  return null;
}

/** What closing the dialog now means for the purchase under way (null when nothing is pending). */
export function pendingPurchaseNote(step: HbarPurchaseStep): string | null {
  if (step === 'preparing' || step === 'signing') return PURCHASE_MESSAGES.pendingWallet;
  if (step === 'completing') return PURCHASE_MESSAGES.pendingLedger;
  return null;
}

/** The text of whatever was thrown. */
const messageOf = (error: unknown) => errorText(error, '');

/** The failure as the wallet layer classified it (wallet-errors.ts, the one parser of wallet errors): never by its words here. */
const walletFailure = (error: unknown) => toWalletError(error, 'transaction');

/** Spec 000 §8: the session is gone (expired, or a lost connection): reconnect the wallet. */
export function needsReconnect(error: unknown): boolean {
  return walletFailure(error).kind === 'session-lost';
}

/** Spec 000 §8: a refusal in the wallet (the wallet layer's 'cancelled by user' and 'rejected' answers). */
export function isCancelled(error: unknown): boolean {
  return walletFailure(error).rejected;
}

/** Maps a wallet failure to the catalogue's title and text. */
export function signingFailure(error: unknown): PurchaseFailure {
  if (isCancelled(error)) return { title: PURCHASE_MESSAGES.cancelledTitle, description: PURCHASE_MESSAGES.cancelledText, reconnect: false };
  if (needsReconnect(error)) return { title: PURCHASE_MESSAGES.lostTitle, description: PURCHASE_MESSAGES.lostText, reconnect: true };
  const raw = messageOf(error)
    .replace(/^Transaction signing failed:\s*/i, '')
    .trim();
  return { title: PURCHASE_MESSAGES.signingTitle, description: raw || 'Unknown wallet error', reconnect: false };
}

/** Maps any failure of the purchase flow to what the dialog and the toast say. */
export function purchaseFailure(error: unknown): PurchaseFailure {
  if (error instanceof PurchaseError) {
    if (error.stage === 'sign') return signingFailure(error.cause ?? error);
    if (error.checkAgain) return { title: PURCHASE_MESSAGES.stalledTitle, description: error.message, reconnect: false, checkAgain: true };
    return { title: PURCHASE_MESSAGES.failedTitle, description: error.message, reconnect: false };
  }
  return signingFailure(error);
}

/** The text of a failed preparation: the server's apimessage (or error), else 'Failed to prepare transaction'. */
export function prepareFailureText(error: unknown): string {
  if (error instanceof ApiError) return serverMessage(error.body) ?? PURCHASE_MESSAGES.prepareFailed;
  return PURCHASE_MESSAGES.prepareFailed;
}

/** The text of a failed completion: 'Failed to complete purchase', with the server's reason when it gave one. */
export function completeFailureText(error: unknown): string {
  const reason = error instanceof ApiError ? serverMessage(error.body) : typeof error === 'string' ? error : undefined;
  return reason ? `${PURCHASE_MESSAGES.completeFailed}: ${reason}` : PURCHASE_MESSAGES.completeFailed;
}
