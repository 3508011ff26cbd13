/**
 * The in-process stand-in for a Hedera network. State = deterministic genesis + every logged
 * transaction, replayed in order; before each read or execution the ledger catches up with the
 * log, so processes sharing a store stay consistent. A transaction commits by appending exactly
 * one log entry (conditional on its seq); if another process got there first, it re-validates.
 * No fees are charged, so balances move only by the amounts the transactions name.
 */
import { LedgerUnavailableError } from '../../features/ledger/errors';
import { applyEffects } from './apply';
import { decodeTransaction, type DecodedTransaction } from './decode';
import type { Effects } from './effects';
import type { LedgerLog, LedgerLogEntry } from './ledger-log';
import type { LedgerStatus } from './ledger-status';
import { SandboxLogError } from './sandbox-errors';
import { defaultSandboxNetwork, type SandboxNetwork } from './sandbox-network';
import { createGenesisState, formatTimestamp, type LedgerState } from './state';
import { buildTransactionRecord, type TransactionRecord } from './transaction-record';
import { checkTransaction, computeEffects } from './validate';

export interface ExecutionResult {
  status: LedgerStatus;
  /** SDK form; empty when the bytes carried no readable transaction id. */
  transactionId: string;
  consensusTimestamp?: string;
}

/** A read-only view of the live state; valid until the next await. */
export interface SandboxView {
  readonly state: Readonly<LedgerState>;
  /** A successful transaction, or one of the recent rejections; accepts the SDK form of the id. */
  findTransaction(transactionId: string): TransactionRecord | null;
}

export interface SandboxLedger {
  readonly network: SandboxNetwork;
  /** Executes signed transaction bytes as a consensus node would; ledger rejections are statuses, not throws. */
  execute(signedTransactionBytes: Uint8Array): Promise<ExecutionResult>;
  /** Catches up with the log, then gives the state to read. */
  read(): Promise<SandboxView>;
}

export interface SandboxLedgerOptions {
  log: LedgerLog;
  network?: SandboxNetwork;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** How many rejected results to keep for the /transactions endpoint. */
  rejectionMemory?: number;
}

const MAX_COMMIT_ATTEMPTS = 5;

export function createSandboxLedger(options: SandboxLedgerOptions): SandboxLedger {
  const network = options.network ?? defaultSandboxNetwork;
  const now = options.now ?? Date.now;
  const rejectionMemory = options.rejectionMemory ?? 200;
  const state = createGenesisState(network);
  const rejections = new Map<string, TransactionRecord>();
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs one operation at a time, so validation and commit never interleave in this process. */
  function exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const run = queue.then(operation, operation);
    queue = run.catch(() => undefined);
    return run;
  }

  async function commit(tx: DecodedTransaction, effects: Effects, entry: LedgerLogEntry): Promise<void> {
    applyEffects(state, effects, entry.consensusTimestamp);
    state.transactions.set(tx.transactionId, await buildTransactionRecord(tx, 'SUCCESS', entry.consensusTimestamp, network.nodeAccountId));
    state.lastSeq = entry.seq;
    state.lastConsensusNs = parseTimestamp(entry.consensusTimestamp);
  }

  async function catchUp(): Promise<void> {
    for (const entry of await options.log.readAfter(state.lastSeq)) {
      if (entry.seq !== state.lastSeq + 1) throw new SandboxLogError(`Sandbox log gap: expected seq ${state.lastSeq + 1}, found ${entry.seq}`);
      const decoded = decodeTransaction(Buffer.from(entry.bytes, 'base64'));
      if (!decoded.ok) throw new SandboxLogError(`Sandbox log entry ${entry.seq} does not decode: ${decoded.status}`);
      const effects = computeEffects(state, decoded.tx);
      if (typeof effects === 'string') throw new SandboxLogError(`Sandbox log entry ${entry.seq} does not apply: ${effects}`);
      await commit(decoded.tx, effects, entry);
    }
  }

  async function remember(tx: DecodedTransaction, status: LedgerStatus, consensusNs: bigint): Promise<ExecutionResult> {
    if (status !== 'DUPLICATE_TRANSACTION') {
      rejections.delete(tx.transactionId);
      rejections.set(tx.transactionId, await buildTransactionRecord(tx, status, formatTimestamp(consensusNs), network.nodeAccountId));
      for (const oldest of rejections.keys()) {
        if (rejections.size <= rejectionMemory) break;
        rejections.delete(oldest);
      }
    }
    return { status, transactionId: tx.transactionId };
  }

  const view: SandboxView = {
    state,
    findTransaction(transactionId) {
      return state.transactions.get(transactionId) ?? rejections.get(transactionId) ?? null;
    },
  };

  return {
    network,
    read: () =>
      exclusive(async () => {
        await catchUp();
        return view;
      }),
    execute: (bytes) =>
      exclusive(async () => {
        const decoded = decodeTransaction(bytes);
        if (!decoded.ok) return { status: decoded.status, transactionId: decoded.transactionId };
        const tx = decoded.tx;
        for (let attempt = 0; attempt < MAX_COMMIT_ATTEMPTS; attempt++) {
          await catchUp();
          const nowNs = BigInt(Math.floor(now())) * 1_000_000n;
          const consensusNs = nowNs > state.lastConsensusNs ? nowNs : state.lastConsensusNs + 1n;
          const verdict = checkTransaction(state, tx, consensusNs);
          if (!verdict.ok) return remember(tx, verdict.status, consensusNs);
          const entry: LedgerLogEntry = {
            seq: state.lastSeq + 1,
            transactionId: tx.transactionId,
            type: tx.body.name,
            bytes: Buffer.from(bytes).toString('base64'),
            consensusTimestamp: formatTimestamp(consensusNs),
            status: 'SUCCESS',
          };
          if (await options.log.append(entry)) {
            await commit(tx, verdict.effects, entry);
            rejections.delete(tx.transactionId);
            return { status: 'SUCCESS', transactionId: tx.transactionId, consensusTimestamp: entry.consensusTimestamp };
          }
        }
        throw new LedgerUnavailableError(`Sandbox ledger log stayed contended after ${MAX_COMMIT_ATTEMPTS} attempts`, { transactionId: tx.transactionId });
      }),
  };
}

function parseTimestamp(timestamp: string): bigint {
  const [seconds = '0', nanos = '0'] = timestamp.split('.');
  return BigInt(seconds) * 1_000_000_000n + BigInt(nanos.padEnd(9, '0'));
}
