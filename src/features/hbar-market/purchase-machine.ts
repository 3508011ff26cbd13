/**
 * The HBAR purchase dialog's state machine (spec 000 §4) and its error catalogue (spec 000 §8):
 * confirm -> preparing -> signing -> completing -> success; any failure -> error; 'Try Again'
 * (or a reconnect) -> confirm; closing resets everything. The purchase runs as a write
 * (hbar-purchase-write.ts) and the dialog's state is read from it (purchaseDialogState): a wallet
 * that does not answer within 45 s leaves it 'waiting' (for the wallet or the ledger) instead of
 * failing; a ledger that takes long is an error offering 'Check Again'. Pure: no React, no network.
 */
import { ApiError } from '@/lib/api/api-error';
import { errorText, serverMessage } from '@/lib/api/error-text';
import { toWalletError } from '@/features/wallet/wallet-errors';
import type { Write } from '@/features/writes/write-store';

/** The write of `accountId`'s HBAR purchase of tiger `serial` (hbar-purchase-write.ts), for its card and dialog to find it. */
export const hbarPurchaseWriteId = (accountId: string, serial: number) => `hbar-purchase:${accountId}:${serial}`;

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
}

export const INITIAL_PURCHASE: PurchaseState = { step: 'confirm', error: null, transactionId: null };

/** The steps during which the purchase is in flight (the dialog can't start another). */
export function isBusy(step: HbarPurchaseStep): boolean {
  return step === 'preparing' || step === 'signing' || step === 'completing';
}

/**
 * Where the dialog stands for a purchase write (hbar-purchase-write.ts): none is 'confirm'; its
 * steps are preparing, signing, completing ('waiting' while the wallet that timed out may still
 * answer: a note says so) and success; a stalled one is an error offering Check Again; a failed one
 * is `failure` (the spec's title and text), or its message when that is not known.
 */
export function purchaseDialogState(write: Pick<Write, 'step' | 'note' | 'error' | 'transactionId'> | undefined, failure?: PurchaseFailure): PurchaseState {
  const at = (step: HbarPurchaseStep, error: PurchaseFailure | null = null): PurchaseState => ({ step, error, transactionId: write?.transactionId ?? null });
  switch (write?.step) {
    case undefined:
      return INITIAL_PURCHASE;
    case 'prepare':
    // The HBAR purchase asks nothing between its preparation and the wallet.
    case 'confirm':
      return at('preparing');
    case 'wallet':
      return at('signing');
    case 'ledger':
      return at(write.note ? 'waiting' : 'completing');
    case 'stalled':
      return at('error', { title: PURCHASE_MESSAGES.stalledTitle, description: PURCHASE_MESSAGES.stalledText, reconnect: false, checkAgain: true });
    case 'done':
      return at('success');
    case 'failed':
      return at('error', failure ?? { title: PURCHASE_MESSAGES.failedTitle, description: write.error ?? PURCHASE_MESSAGES.completeFailed, reconnect: false });
  }
}

/** Where the purchase failed: the server's preparation, the wallet, or the server's completion. */
export type PurchaseStage = 'prepare' | 'sign' | 'complete';

/** Raised by the purchase flow with the stage it failed in. */
export class PurchaseError extends Error {
  override name = 'PurchaseError';
  constructor(
    readonly stage: PurchaseStage,
    message: string,
    override readonly cause?: unknown,
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
