import { DomainError } from '../../lib/domain-error';
import { remainingBudgetMs } from '../../server/request-budget';
import type { LedgerReader } from './ledger-reader';
import { isPastValidity } from './transaction-visibility';

/** What the mirror node says of a transaction once its record appeared, or that it has not (yet, or ever). */
export type Confirmation =
  | { state: 'success'; consensusTimestamp: string }
  | { state: 'failed'; result: string; consensusTimestamp: string }
  | { state: 'pending' }
  /** No record, and its valid start is so long ago that it can no longer reach consensus. */
  | { state: 'expired' };

export interface ConfirmOptions {
  /** Give up (answer 'pending') once this much time has passed since the call. */
  deadlineMs: number;
  /** Time between two reads of the mirror node. */
  pollMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a transaction's record on the mirror node, as a flow must before it checks the state the
 * transaction made: a wallet answers after the node's precheck, consensus follows seconds later and
 * the mirror node shows it 5-15 s after that. Reads the submitted record (nonce 0, not scheduled);
 * 'pending' when none appeared before the deadline — never a failure, the ledger may still settle it —
 * and 'expired' once the transaction can no longer reach consensus.
 */
export async function confirmTransaction(ledger: LedgerReader, transactionId: string, options: ConfirmOptions): Promise<Confirmation> {
  const { deadlineMs, pollMs = 1_000, now = Date.now, sleep = wait } = options;
  const deadline = now() + deadlineMs;
  for (;;) {
    const record = await ledger.getTransaction(transactionId, { nonce: 0, scheduled: false });
    if (record) {
      return record.result === 'SUCCESS'
        ? { state: 'success', consensusTimestamp: record.consensusTimestamp }
        : { state: 'failed', result: record.result, consensusTimestamp: record.consensusTimestamp };
    }
    if (isPastValidity(transactionId, now())) return { state: 'expired' };
    const left = deadline - now();
    if (left <= 0) return { state: 'pending' };
    await sleep(Math.min(pollMs, left));
  }
}

/** A confirmation that arrived: the transaction reached consensus (either way), or never will. */
export type Settled = Exclude<Confirmation, { state: 'pending' }>;

/**
 * A flow's wait for a transaction the user's wallet executed, before it checks the state that
 * transaction made: waits at most `maxWaitMs`, and never into the last `reserveMs` of the request's
 * budget (what the flow still needs afterwards). While the mirror node does not show it yet, the
 * answer is LEDGER_PENDING with the transaction id, for the client to wait and ask again.
 */
export async function awaitSettled(
  ledger: LedgerReader,
  transactionId: string,
  { maxWaitMs, reserveMs }: { maxWaitMs: number; reserveMs: number },
): Promise<Settled> {
  const deadlineMs = Math.max(0, Math.min(maxWaitMs, (remainingBudgetMs() ?? maxWaitMs + reserveMs) - reserveMs));
  const confirmation = await confirmTransaction(ledger, transactionId, { deadlineMs });
  if (confirmation.state !== 'pending') return confirmation;
  throw new DomainError('LEDGER_PENDING', 'Waiting for the ledger: the transaction is not confirmed yet', { transactionId });
}

/**
 * Before reading state that recent transactions of the user may have changed (the tigers an account
 * holds, after a purchase): waits for each to show on the mirror node, as awaitSettled does.
 * How each ended does not matter here; the state read afterwards does.
 */
export async function awaitAllSettled(
  ledger: LedgerReader,
  transactionIds: readonly string[],
  limits: { maxWaitMs: number; reserveMs: number },
): Promise<void> {
  for (const transactionId of transactionIds) await awaitSettled(ledger, transactionId, limits);
}
