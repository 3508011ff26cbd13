/**
 * The sandbox ledger's persistence: an append-only log of successful transactions. State is
 * genesis + the log replayed in order, so a single conditional append commits a transaction
 * atomically without multi-item transactions.
 */
import type { SupportedTransactionName } from './ledger-status';

export interface LedgerLogEntry {
  /** 1, 2, 3... without gaps. */
  seq: number;
  /** SDK form: `0.0.5@1700000000.000000001`. */
  transactionId: string;
  type: SupportedTransactionName;
  /** The signed transaction bytes, base64. */
  bytes: string;
  consensusTimestamp: string;
  /** When the mirror node shows it (ms since the epoch); absent: at once (logs written before the lag existed). */
  visibleAt?: number;
  status: 'SUCCESS';
}

export interface LedgerLog {
  /** Entries with seq greater than `seq`, ascending. */
  readAfter(seq: number): Promise<LedgerLogEntry[]>;
  /** Conditional append: false when an entry with this seq already exists. */
  append(entry: LedgerLogEntry): Promise<boolean>;
}

/** An in-memory log, for tests and throwaway sandboxes. */
export function createMemoryLedgerLog(): LedgerLog {
  const entries = new Map<number, LedgerLogEntry>();
  return {
    async readAfter(seq) {
      return [...entries.values()]
        .filter((e) => e.seq > seq)
        .sort((a, b) => a.seq - b.seq)
        .map((e) => ({ ...e }));
    },
    async append(entry) {
      if (entries.has(entry.seq)) return false;
      entries.set(entry.seq, { ...entry });
      return true;
    },
  };
}
