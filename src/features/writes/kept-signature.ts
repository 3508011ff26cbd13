import { errorText } from '@/lib/api/error-text';
import { type PendingAction, clearPendingAction, savePendingAction } from '@/features/ledger/kept-transactions';
import { requireLedgerSuccess, waitForLedger } from '@/features/ledger/ledger-wait-client';
import { WalletError, mayStillExecute } from '@/features/wallet/wallet-errors';
import { ApiError, isUnavailable } from '@/lib/api/api-error';
import { visibleUntil } from '@/features/ledger/transaction-visibility';
import { signAndExecute } from '@/features/wallet/wallet-store';

/** The wallet's answer to a write's transaction: executed, or not answered (then followed on the ledger until `untilMs`). */
export type KeptSignature = { transactionId: string; late: null } | { transactionId: string; late: { note: string; untilMs: number } };

/**
 * The wallet step of every write: keeps what the write needs to finish (`pending`, saved before the
 * wallet is asked, so a late answer, a closed dialog or a reload loses nothing), then asks the
 * wallet to sign and execute. A refusal or an error forgets it and is thrown; a wallet that did not
 * answer (its time-out) leaves the transaction to follow on the ledger, with a note saying that
 * `goesOn` ('the listing completes') once the ledger confirms it, and `onLateAnswer` hears if the
 * wallet executes it after all; a transaction the ledger already took (DUPLICATE_TRANSACTION: a
 * retry of one that went through) is followed as executed. `what` names the transaction
 * ('NFT allowance approval') in the failure of a wallet that answered without its id.
 */
export async function signKept(
  pending: PendingAction,
  transactionBytes: string,
  walletAction: Parameters<typeof signAndExecute>[1],
  { what, goesOn, onLateAnswer }: { what: string; goesOn: string; onLateAnswer?: (transactionId: string) => void },
): Promise<KeptSignature> {
  savePendingAction(pending);
  try {
    const executed = await signAndExecute(transactionBytes, walletAction, pending.transactionId, onLateAnswer);
    if (!executed) throw new Error(`${what} failed - no transaction ID received`);
    return { transactionId: executed, late: null };
  } catch (failure) {
    // The ledger already took this very transaction (a retry of one that went through): it is followed, not signed again.
    if (failure instanceof WalletError && failure.kind === 'duplicate') return { transactionId: pending.transactionId, late: null };
    if (!mayStillExecute(failure)) {
      clearPendingAction(pending.transactionId);
      throw failure;
    }
    const note = `${errorText(failure, 'The wallet did not answer')}. If you approve it in your wallet, ${goesOn} once the ledger confirms it.`;
    return { transactionId: pending.transactionId, late: { note, untilMs: visibleUntil(pending.transactionId) } };
  }
}

/**
 * Follows a kept transaction on the ledger (until `untilMs` for one the wallet did not answer):
 * forgets the kept action once the ledger has its outcome, and throws unless it is SUCCESS
 * (LedgerStillPending while it is still pending, for 'Check again'; `what` names a failure).
 */
export async function confirmKept(transactionId: string, what: string, untilMs?: number): Promise<void> {
  const outcome = await waitForLedger(transactionId, untilMs);
  if (outcome.state !== 'pending') clearPendingAction(transactionId);
  requireLedgerSuccess(outcome, what);
}

/**
 * Follows a kept approval on the ledger (until `untilMs` for one the wallet did not answer) before
 * the server is told of it: forgets the kept action when the ledger failed it or it expired, and
 * keeps it on SUCCESS (afterKept forgets it once the server answered); throws unless SUCCESS
 * (LedgerStillPending while it is pending; `what` names a failure).
 */
export async function approvalSettled(transactionId: string, what: string, untilMs?: number): Promise<void> {
  const outcome = await waitForLedger(transactionId, untilMs);
  if (outcome.state === 'failed' || outcome.state === 'expired') clearPendingAction(transactionId);
  requireLedgerSuccess(outcome, what);
}

/**
 * Calls the server about a kept transaction (`call` names it, and the server checks it on the
 * ledger): the kept action is forgotten once the server answered (its result, or its refusal), and
 * kept otherwise: while the ledger is still settling it (LedgerStillPending), the server could not
 * answer (429, 5xx) or no answer came (the network, or the page left while it asked), for 'Check
 * again', a retry or another page to follow: never a second approval in the wallet.
 */
export async function afterKept<T>(transactionId: string, call: () => Promise<T>): Promise<T> {
  try {
    const answer = await call();
    clearPendingAction(transactionId);
    return answer;
  } catch (failure) {
    if (failure instanceof ApiError && !isUnavailable(failure)) clearPendingAction(transactionId);
    throw failure;
  }
}
