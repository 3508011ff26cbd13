/**
 * The wallet failure catalogue of spec 000 §8: one place that turns whatever a wallet throws
 * (WalletConnect JSON-RPC errors, extension errors, time-outs, the sandbox wallet's 'reject')
 * into the spec's messages.
 */

export type WalletAction = 'connect' | 'sign-in' | 'message' | 'transaction' | 'nft-allowance' | 'paws-allowance';

export const WALLET_MESSAGES = {
  notInitialized: 'Wallet connector not initialized',
  initFailed: 'Failed to initialize wallet connection',
  connectFailed: 'Failed to connect wallet',
  authFailed: 'Authentication failed. Please try again.',
  authCancelled: 'Authentication was cancelled by user',
  connectFirst: 'Please connect wallet first',
  notConnected: 'Wallet not connected',
  noSession: 'No active session',
  txCancelled: 'Transaction was cancelled by user',
  sessionExpired: 'Wallet session expired. Please reconnect your wallet',
  connectionLost: 'Wallet connection lost. Please reconnect your wallet',
  txTimedOut: 'Transaction timed out. Please try again',
  executionTimeout: 'Wallet execution timeout after 45 seconds',
  txRejectedEmpty: 'Transaction was rejected or cancelled by user',
  noResponse: 'Transaction was rejected or returned no response',
  nftAllowanceCancelled: 'NFT allowance was cancelled by user',
  messageCancelled: 'Message signing was cancelled by user',
} as const;

/**
 * What kind of failure a wallet error is, for flows to act on (never its text): 'unanswered' (no
 * answer in time: the user may still approve, and the transaction reach the ledger), 'rejected'
 * (the user refused), 'session-lost' (reconnect the wallet), 'duplicate' (the ledger already took
 * this very transaction: a retry of one that went through), 'failed' (anything else).
 */
export type WalletErrorKind = 'unanswered' | 'rejected' | 'session-lost' | 'duplicate' | 'failed';

/** Raised by the wallet layer with a catalogue message; `rejected` marks a user's refusal, `unanswered` a wallet that did not answer in time. */
export class WalletError extends Error {
  override name = 'WalletError';
  readonly kind: WalletErrorKind;
  constructor(
    message: string,
    readonly rejected = false,
    readonly reconnect = false,
    unanswered = false,
    duplicate = false,
  ) {
    super(message);
    this.kind = unanswered ? 'unanswered' : rejected ? 'rejected' : reconnect ? 'session-lost' : duplicate ? 'duplicate' : 'failed';
  }
}

/**
 * True when the wallet failed without an answer (its 45 s time-out, or no response): the user may
 * still approve it, and the transaction reach the ledger, until its validity runs out.
 */
export function mayStillExecute(error: unknown): boolean {
  return error instanceof WalletError && error.kind === 'unanswered';
}

function rawMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return '';
}

function rawCode(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number') return error.code;
  return undefined;
}

/** A plain 'User rejected.' from one wallet is not conclusive (spec 000 §8): the flow waits 2 s and goes on. */
export function isAmbiguousRejection(error: unknown): boolean {
  return rawMessage(error).trim() === 'User rejected.';
}

/** True when the user refused in the wallet: codes -32000 and 4001, or reject/denied/cancel wording. */
export function isRejection(error: unknown): boolean {
  if (error instanceof WalletError) return error.rejected;
  const code = rawCode(error);
  if (code === -32000 || code === 4001) return true;
  return /reject|denied|cancel/i.test(rawMessage(error));
}

function isExpiredSession(message: string): boolean {
  return /session|deleted|expired|signer is not found|no matching key/i.test(message);
}

/** Maps any wallet failure to the spec's message for the action that failed. */
export function toWalletError(error: unknown, action: WalletAction): WalletError {
  const rejected = isRejection(error);
  if (action === 'sign-in') return new WalletError(rejected ? WALLET_MESSAGES.authCancelled : WALLET_MESSAGES.authFailed, rejected);
  if (error instanceof WalletError) return error;
  const message = rawMessage(error);
  if (action === 'connect') return new WalletError(rejected ? WALLET_MESSAGES.connectFailed : message || WALLET_MESSAGES.connectFailed, rejected);
  if (action === 'message') {
    return rejected ? new WalletError(WALLET_MESSAGES.messageCancelled, true) : new WalletError(`Message signing failed: ${message || 'unknown error'}`);
  }
  if (action === 'nft-allowance') {
    return rejected ? new WalletError(WALLET_MESSAGES.nftAllowanceCancelled, true) : new WalletError(`NFT allowance failed: ${message || 'unknown error'}`);
  }
  if (action === 'paws-allowance') return new WalletError(`Failed to approve PAWS token allowance: ${message || 'unknown error'}`, rejected);
  // transaction
  if (!message && rawCode(error) === undefined) return new WalletError(WALLET_MESSAGES.txRejectedEmpty, true);
  if (rejected) return new WalletError(WALLET_MESSAGES.txCancelled, true);
  if (/Missing or invalid|connection lost/i.test(message)) return new WalletError(WALLET_MESSAGES.connectionLost, false, true);
  if (isExpiredSession(message)) return new WalletError(WALLET_MESSAGES.sessionExpired, false, true);
  if (/timed? ?out|timeout/i.test(message)) return new WalletError(message.includes('45 seconds') ? message : WALLET_MESSAGES.txTimedOut, false, false, true);
  // The consensus node's precheck status for a transaction id it already took (a retry of one that went through).
  if (/DUPLICATE_TRANSACTION/.test(message)) return new WalletError(`Transaction signing failed: ${message}`, false, false, false, true);
  return new WalletError(`Transaction signing failed: ${message}`);
}
