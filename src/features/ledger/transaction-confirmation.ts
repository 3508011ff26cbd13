import type { LedgerReader } from './ledger-reader';

/** What the mirror node says of a transaction once its record appeared, or that it has not yet. */
export type Confirmation =
  | { state: 'success'; consensusTimestamp: string }
  | { state: 'failed'; result: string; consensusTimestamp: string }
  | { state: 'pending' };

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
 * 'pending' when none appeared before the deadline — never a failure, the ledger may still settle it.
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
    const left = deadline - now();
    if (left <= 0) return { state: 'pending' };
    await sleep(Math.min(pollMs, left));
  }
}
