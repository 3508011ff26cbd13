import { DomainError } from '@/lib/domain-error';
import { remainingBudgetMs } from '@/platform/request-budget';
import type { LedgerReader } from './ledger-reader-port';
import type { ReceiptReader } from './ledger-writer-port';
import { isPastValidity } from './transaction-visibility';

/** How a transaction ended (the mirror node's record, or the consensus nodes' receipt), or that it has not (yet, or ever). */
export type Confirmation =
  /** `consensusTimestamp` comes with the mirror's record; a receipt does not carry one. */
  | { state: 'success'; consensusTimestamp?: string; source?: 'receipt' }
  | { state: 'failed'; result: string; consensusTimestamp?: string; source?: 'receipt' }
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
 * confirmTransaction, with the consensus nodes' receipt first when `receipts` is given: a record the
 * mirror node already shows answers at once; else the receipt, which comes at consensus, seconds
 * before the mirror shows the transaction (`source: 'receipt'`); when no receipt comes within the
 * wait (or the nodes no longer keep it), the mirror has the word for what is left of the wait.
 */
export async function confirmFirst(ledger: LedgerReader, transactionId: string, deadlineMs: number, receipts?: ReceiptReader): Promise<Confirmation> {
  const started = Date.now();
  if (receipts) {
    const shown = await confirmTransaction(ledger, transactionId, { deadlineMs: 0 });
    if (shown.state !== 'pending') return shown;
    const status = await receipts.receiptStatus(transactionId, deadlineMs);
    if (status === 'SUCCESS') return { state: 'success', source: 'receipt' };
    if (status) return { state: 'failed', result: status, source: 'receipt' };
  }
  return confirmTransaction(ledger, transactionId, { deadlineMs: Math.max(0, deadlineMs - (Date.now() - started)) });
}

/**
 * A flow's wait for a transaction the user's wallet executed, before it acts on it (confirmFirst):
 * waits at most `maxWaitMs`, and never into the last `reserveMs` of the request's budget (what the
 * flow still needs afterwards). While the outcome is not known, the answer is LEDGER_PENDING with
 * the transaction id, for the client to wait and ask again.
 */
export async function awaitSettled(
  ledger: LedgerReader,
  transactionId: string,
  { maxWaitMs, reserveMs, receipts }: { maxWaitMs: number; reserveMs: number; receipts?: ReceiptReader | undefined },
): Promise<Settled> {
  const deadlineMs = Math.max(0, Math.min(maxWaitMs, (remainingBudgetMs() ?? maxWaitMs + reserveMs) - reserveMs));
  const confirmation = await confirmFirst(ledger, transactionId, deadlineMs, receipts);
  if (confirmation.state !== 'pending') return confirmation;
  throw new DomainError('LEDGER_PENDING', 'Waiting for the ledger: the transaction is not confirmed yet', { transactionId });
}

/**
 * True while the mirror node does not show `transactionId` yet: the state it shows is older than
 * that transaction. A flow that holds the transaction's SUCCESS receipt then goes by the receipt;
 * once the mirror shows the transaction, the mirror's state is the word.
 */
export async function mirrorBehind(ledger: Pick<LedgerReader, 'getTransaction'>, transactionId: string): Promise<boolean> {
  return (await ledger.getTransaction(transactionId, { nonce: 0, scheduled: false })) === null;
}

/**
 * Whether `settled` (the outcome of `transactionId`) stands on its receipt alone: a SUCCESS the
 * consensus nodes gave while the mirror node does not show the transaction yet. The flow then goes
 * by the receipt for what the transaction made; once the mirror shows it, by the mirror's state.
 */
export async function successOnReceiptOnly(ledger: Pick<LedgerReader, 'getTransaction'>, transactionId: string, settled: Settled): Promise<boolean> {
  return settled.state === 'success' && settled.source === 'receipt' && (await mirrorBehind(ledger, transactionId));
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
