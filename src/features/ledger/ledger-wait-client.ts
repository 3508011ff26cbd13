/**
 * The browser's side of waiting for the ledger. A wallet answers after the node's precheck;
 * consensus and the mirror node follow seconds later, so a flow follows its transaction by id
 * (GET /api/hedera/transaction/{id}, which itself waits up to 8 s) before it asks the server to
 * check what the transaction made. While the ledger settles, nothing is reported as failed; a
 * wait that runs long ends in LedgerStillPending, for the user to check again (never to repeat
 * the action).
 * What a flow keeps to finish after a late wallet answer is in kept-transactions.ts.
 */
import { ApiError, apiJson, errorCode } from '@/lib/api';
import type { ErrorCode } from '@/lib/error-codes';
import { toMirrorTransactionId } from './transaction-id';

/** How long a flow waits for the ledger before it offers to check again. */
export const LEDGER_WAIT_MS = 90_000;
/** Pause between two status requests when one came back early (an error, or a quick answer). */
const RETRY_PAUSE_MS = 1_000;

export type LedgerOutcome =
  /** Known from the consensus nodes' receipt (`source: 'receipt'`) or the mirror node's record (with its timestamp). */
  { state: 'success'; consensusTimestamp?: string; source?: 'receipt' } | { state: 'failed'; result: string } | { state: 'expired' } | { state: 'pending' };

/** What a flow says when the ledger takes longer than its wait. */
export const LEDGER_STILL_PENDING = 'The ledger has not confirmed this yet. It may still go through: check again in a moment.';

/** The ledger has not confirmed the transaction within the wait: it may still settle; check again later. */
export class LedgerStillPending extends Error {
  override readonly name = 'LedgerStillPending';
  constructor() {
    super(LEDGER_STILL_PENDING);
  }
}

/**
 * Ends a flow whose approval did not succeed on the ledger: LedgerStillPending while it is pending,
 * otherwise an error saying what failed (`what`) and how: the ledger's result, or that it expired.
 */
export function requireLedgerSuccess(outcome: LedgerOutcome, what: string): void {
  if (outcome.state === 'pending') throw new LedgerStillPending();
  if (outcome.state !== 'success') {
    throw new Error(`${what}: ${outcome.state === 'failed' ? `the ledger answered ${outcome.result}` : 'it never reached the ledger'}`);
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Follows a transaction on the ledger until it reached consensus (success or failed: its receipt,
 * or the mirror node's record), it can no longer (expired), or `untilMs` passes (pending). With
 * `mirror`, until the mirror node shows it: what the page reads next then shows what it made.
 * Server errors on the way are waited out.
 */
export async function waitForLedger(
  transactionId: string,
  untilMs: number = Date.now() + LEDGER_WAIT_MS,
  { mirror = false }: { mirror?: boolean } = {},
): Promise<LedgerOutcome> {
  const id = toMirrorTransactionId(transactionId) ?? transactionId;
  const path = `/api/hedera/transaction/${encodeURIComponent(id)}${mirror ? '?mirror=1' : ''}`;
  for (;;) {
    const asked = Date.now();
    try {
      const answer = await apiJson<LedgerOutcome>(path);
      if (answer.state !== 'pending') return answer;
    } catch (error) {
      if (error instanceof ApiError && error.status < 500 && error.status !== 429) throw error;
    }
    if (Date.now() >= untilMs) return { state: 'pending' };
    const early = RETRY_PAUSE_MS - (Date.now() - asked);
    if (early > 0) await pause(early);
  }
}

/** How many times a call is made again after the server ran out of time before it submitted anything (LEDGER_TIMEOUT). */
const OUT_OF_TIME_ASKS = 2;

/**
 * Calls the server, and while it answers LEDGER_PENDING (the transaction it must check first is
 * not on the mirror node yet; or another of `codes` naming a transaction still settling) waits
 * for that transaction and calls again; LedgerStillPending when the ledger takes longer than `untilMs`.
 * A LEDGER_TIMEOUT (the request's budget ran out before the server submitted anything: nothing
 * was charged) is asked again after a pause, a bounded number of times, before it is shown.
 */
export async function callWhenSettled<T>(
  call: () => Promise<T>,
  { untilMs = Date.now() + LEDGER_WAIT_MS, codes = ['LEDGER_PENDING'] }: { untilMs?: number; codes?: readonly ErrorCode[] } = {},
): Promise<T> {
  for (let outOfTime = 0; ; ) {
    try {
      return await call();
    } catch (error) {
      const code = errorCode(error);
      if (code === 'LEDGER_TIMEOUT' && outOfTime < OUT_OF_TIME_ASKS && Date.now() < untilMs) {
        outOfTime += 1;
        await pause(RETRY_PAUSE_MS);
        continue;
      }
      const transactionId = code && codes.includes(code) ? pendingTransactionId(error) : undefined;
      if (!transactionId) throw error;
      if ((await waitForLedger(transactionId, untilMs)).state === 'pending') throw new LedgerStillPending();
    }
  }
}

function pendingTransactionId(error: unknown): string | undefined {
  const body = error instanceof ApiError ? (error.body as { transactionId?: unknown } | undefined) : undefined;
  return typeof body?.transactionId === 'string' ? body.transactionId : undefined;
}
