/**
 * The in-process stand-in for a Hedera network, on mainnet's clock. A submission is answered
 * after the node's precheck; it reaches consensus after the consensus delay (validated and
 * applied then, in consensus order), and the mirror node shows it after the mirror lag (see
 * sandbox-timing.ts). Two states are kept: the network's (consensus) and the mirror node's, which
 * trails it.
 *
 * Persistence: state = deterministic genesis + every logged transaction, replayed in order;
 * before each read or consensus step the ledger catches up with the log, so processes sharing a
 * store stay consistent. A transaction commits by appending exactly one log entry (conditional on
 * its seq); if another process got there first, it re-validates. Submissions waiting for
 * consensus live in the memory of the process that accepted them (a restart loses them, as a
 * node that fails before gossiping would). No fees are charged, so balances move only by the
 * amounts the transactions name.
 */
import { LedgerUnavailableError } from '@/features/ledger/errors';
import { applyEffects } from './apply';
import { decodeTransaction, type DecodedTransaction } from './decode';
import type { Effects } from './effects';
import type { LedgerLog, LedgerLogEntry } from './ledger-log';
import type { LedgerStatus } from './ledger-status';
import { SandboxLogError } from './sandbox-errors';
import { defaultSandboxNetwork, type SandboxNetwork } from './sandbox-network';
import { INSTANT_TIMING, type SandboxTiming, delayOf } from './sandbox-timing';
import { createGenesisState, type LedgerState } from './state';
import { formatTimestamp } from './timestamps';
import { buildTransactionRecord, type TransactionRecord } from './transaction-record';
import { checkTransaction, computeEffects, precheckTransaction } from './validate';

export interface ExecutionResult {
  status: LedgerStatus;
  /** SDK form; empty when the bytes carried no readable transaction id. */
  transactionId: string;
  consensusTimestamp?: string;
}

/** A node's answer to a submission: OK once its precheck accepted it, else the precheck's status. */
export interface PrecheckResult {
  status: 'OK' | LedgerStatus;
  transactionId: string;
}

/** The receipt of a submission accepted by the node that has not reached consensus yet. */
export interface PendingReceipt {
  status: 'UNKNOWN';
  transactionId: string;
}

/** A read-only view of one state; valid until the next await. */
export interface SandboxView {
  readonly state: Readonly<LedgerState>;
  /** A transaction that reached consensus (successful, or one of the recent failures); accepts the SDK form of the id. */
  findTransaction(transactionId: string): TransactionRecord | null;
}

export interface SandboxLedger {
  readonly network: SandboxNetwork;
  /** Submits signed bytes as to a node: answers after the precheck; consensus follows after the consensus delay. */
  submit(signedTransactionBytes: Uint8Array): Promise<PrecheckResult>;
  /**
   * The receipt of a submission, as a node's receipt query answers: UNKNOWN while it waits for
   * consensus, then its status; null for a transaction this network never accepted.
   */
  receipt(transactionId: string): Promise<ExecutionResult | PendingReceipt | null>;
  /** Submits and waits for consensus, as the SDK's execute + getReceipt; rejections are statuses, not throws. */
  execute(signedTransactionBytes: Uint8Array): Promise<ExecutionResult>;
  /**
   * Executes at once, visible on the mirror at once: for the sandbox's own history (the seeded
   * market's listings), which happened before anyone opened the app.
   */
  executeAsHistory(signedTransactionBytes: Uint8Array): Promise<ExecutionResult>;
  /** What the mirror node shows now (after catching up with the log). */
  read(): Promise<SandboxView>;
  /** The network's state as of the latest consensus, which nodes validate against. */
  latest(): Promise<SandboxView>;
}

export interface SandboxLedgerOptions {
  log: LedgerLog;
  network?: SandboxNetwork;
  /** Consensus delay and mirror lag; default: none (tests). */
  timing?: SandboxTiming;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** How many consensus failures (and receipts of successes) to keep for the mirror and receipt queries. */
  rejectionMemory?: number;
}

interface Flight {
  tx: DecodedTransaction;
  bytes: Uint8Array;
  consensusAtMs: number;
  lag: 'mirror' | 'none';
  outcome: Promise<ExecutionResult>;
  settle: { resolve(result: ExecutionResult): void; reject(error: unknown): void };
}

interface Failure {
  record: TransactionRecord;
  visibleAt: number;
}

interface MirrorStep {
  effects: Effects;
  record: TransactionRecord;
  entry: LedgerLogEntry;
  visibleAt: number;
}

const MAX_COMMIT_ATTEMPTS = 5;
/**
 * How long after consensus a node answers a transaction's receipt: "Receipts can be requested from
 * a Hedera network for up to 3 minutes" (docs.hedera.com, Get a transaction receipt).
 */
export const RECEIPT_MEMORY_MS = 180_000;
const NS_PER_MS = 1_000_000n;

export function createSandboxLedger(options: SandboxLedgerOptions): SandboxLedger {
  const network = options.network ?? defaultSandboxNetwork;
  const timing = options.timing ?? INSTANT_TIMING;
  const now = options.now ?? Date.now;
  const rejectionMemory = options.rejectionMemory ?? 200;
  const state = createGenesisState(network);
  const mirror: LedgerState = structuredClone(state);
  /** Submissions waiting for consensus, in consensus order. */
  const inFlight = new Map<string, Flight>();
  /** Consensus failures, by transaction id. */
  const failures = new Map<string, Failure>();
  /** Committed transactions the mirror node does not show yet, in log order. */
  const mirrorQueue: MirrorStep[] = [];
  let lastScheduledMs = 0;
  let lastVisibleAt = 0;
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs one operation at a time, so validation and commit never interleave in this process. */
  function exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const run = queue.then(operation, operation);
    queue = run.catch(() => undefined);
    return run;
  }

  async function commit(tx: DecodedTransaction, effects: Effects, entry: LedgerLogEntry): Promise<void> {
    applyEffects(state, effects, entry.consensusTimestamp);
    const record = await buildTransactionRecord(tx, 'SUCCESS', entry.consensusTimestamp, network.nodeAccountId, effects);
    state.transactions.set(tx.transactionId, record);
    state.lastSeq = entry.seq;
    state.lastConsensusNs = parseTimestamp(entry.consensusTimestamp);
    const visibleAt = entry.visibleAt ?? 0;
    lastVisibleAt = Math.max(lastVisibleAt, visibleAt);
    mirrorQueue.push({ effects, record, entry, visibleAt });
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

  /** Applies to the mirror's state every committed transaction whose lag has passed. */
  function advanceMirror(): void {
    const at = now();
    while (mirrorQueue.length > 0 && (mirrorQueue[0] as MirrorStep).visibleAt <= at) {
      const { effects, record, entry } = mirrorQueue.shift() as MirrorStep;
      applyEffects(mirror, effects, entry.consensusTimestamp);
      mirror.transactions.set(record.transactionId, record);
      mirror.lastSeq = entry.seq;
      mirror.lastConsensusNs = parseTimestamp(entry.consensusTimestamp);
    }
  }

  /** When the mirror node shows a transaction that reached consensus at `consensusMs`: never before one before it. */
  function visibility(flight: Flight, consensusMs: number): number {
    const lag = flight.lag === 'none' ? 0 : delayOf(timing.mirrorLagMs, flight.tx.transactionId, 'mirror');
    return Math.max(consensusMs + lag, lastVisibleAt);
  }

  async function remember(tx: DecodedTransaction, status: LedgerStatus, consensusNs: bigint, visibleAt: number): Promise<ExecutionResult> {
    failures.delete(tx.transactionId);
    failures.set(tx.transactionId, { record: await buildTransactionRecord(tx, status, formatTimestamp(consensusNs), network.nodeAccountId), visibleAt });
    for (const oldest of failures.keys()) {
      if (failures.size <= rejectionMemory) break;
      failures.delete(oldest);
    }
    return { status, transactionId: tx.transactionId, consensusTimestamp: formatTimestamp(consensusNs) };
  }

  /** Consensus for one submission: validated against the state at its consensus time, then committed or failed. */
  async function reachConsensus(flight: Flight): Promise<ExecutionResult> {
    const { tx } = flight;
    for (let attempt = 0; attempt < MAX_COMMIT_ATTEMPTS; attempt++) {
      await catchUp();
      const scheduledNs = BigInt(Math.floor(flight.consensusAtMs)) * NS_PER_MS;
      const consensusNs = scheduledNs > state.lastConsensusNs ? scheduledNs : state.lastConsensusNs + 1n;
      const visibleAt = visibility(flight, Number(consensusNs / NS_PER_MS));
      const verdict = checkTransaction(state, tx, consensusNs);
      if (!verdict.ok) return remember(tx, verdict.status, consensusNs, visibleAt);
      const entry: LedgerLogEntry = {
        seq: state.lastSeq + 1,
        transactionId: tx.transactionId,
        type: tx.body.name,
        bytes: Buffer.from(flight.bytes).toString('base64'),
        consensusTimestamp: formatTimestamp(consensusNs),
        visibleAt,
        status: 'SUCCESS',
      };
      if (await options.log.append(entry)) {
        await commit(tx, verdict.effects, entry);
        failures.delete(tx.transactionId);
        return { status: 'SUCCESS', transactionId: tx.transactionId, consensusTimestamp: entry.consensusTimestamp };
      }
    }
    throw new LedgerUnavailableError(`Sandbox ledger log stayed contended after ${MAX_COMMIT_ATTEMPTS} attempts`, { transactionId: tx.transactionId });
  }

  /** Brings every submission whose consensus time has come to consensus, in order (inside `exclusive`). */
  async function consensusDue(): Promise<void> {
    for (const [transactionId, flight] of inFlight) {
      if (flight.consensusAtMs > now()) break;
      inFlight.delete(transactionId);
      await reachConsensus(flight).then(flight.settle.resolve, flight.settle.reject);
    }
  }

  function wakeUpAt(atMs: number): void {
    const timer = setTimeout(() => void exclusive(consensusDue).catch(() => undefined), Math.max(0, atMs - now()));
    timer.unref?.();
  }

  /** The precheck, then the submission is scheduled for consensus (reached at once when there is no delay). */
  function accept(bytes: Uint8Array, lag: Flight['lag']): Promise<{ answer: PrecheckResult; flight?: Flight }> {
    return exclusive(async () => {
      const decoded = decodeTransaction(bytes);
      if (!decoded.ok) return { answer: { status: decoded.status, transactionId: decoded.transactionId } };
      const { tx } = decoded;
      await catchUp();
      const status = inFlight.has(tx.transactionId) ? 'DUPLICATE_TRANSACTION' : precheckTransaction(state, tx, BigInt(Math.floor(now())) * NS_PER_MS);
      if (status) return { answer: { status, transactionId: tx.transactionId } };
      const delay = lag === 'none' ? 0 : delayOf(timing.consensusDelayMs, tx.transactionId, 'consensus');
      const consensusAtMs = Math.max(now() + delay, lastScheduledMs);
      lastScheduledMs = consensusAtMs;
      const { promise: outcome, resolve, reject } = Promise.withResolvers<ExecutionResult>();
      outcome.catch(() => undefined);
      const flight: Flight = { tx, bytes, consensusAtMs, lag, outcome, settle: { resolve, reject } };
      inFlight.set(tx.transactionId, flight);
      if (consensusAtMs <= now()) await consensusDue();
      else wakeUpAt(consensusAtMs);
      return { answer: { status: 'OK', transactionId: tx.transactionId }, flight };
    });
  }

  async function executeWith(bytes: Uint8Array, lag: Flight['lag']): Promise<ExecutionResult> {
    const { answer, flight } = await accept(bytes, lag);
    if (!flight) return { status: answer.status as LedgerStatus, transactionId: answer.transactionId };
    return flight.outcome;
  }

  const mirrorView: SandboxView = {
    state: mirror,
    findTransaction(transactionId) {
      const failure = failures.get(transactionId);
      return mirror.transactions.get(transactionId) ?? (failure && failure.visibleAt <= now() ? failure.record : null);
    },
  };
  const latestView: SandboxView = {
    state,
    findTransaction: (transactionId) => state.transactions.get(transactionId) ?? failures.get(transactionId)?.record ?? null,
  };

  /**
   * The mirror read waiting for its turn: reads asked meanwhile share it, as it catches up only after
   * all of them were asked. A real mirror node serves reads side by side; one catch-up (a store
   * query) per read, one after another, made 34 owner-map pages wait seconds on a busy host.
   */
  let queuedRead: Promise<SandboxView> | undefined;

  return {
    network,
    async submit(bytes) {
      return (await accept(bytes, 'mirror')).answer;
    },
    receipt: (transactionId) =>
      exclusive(async () => {
        await consensusDue();
        await catchUp();
        const record = latestView.findTransaction(transactionId);
        // Nodes answer receipts for 3 minutes after consensus, then RECEIPT_NOT_FOUND (RECEIPT_MEMORY_MS).
        const remembered = record && Number(record.consensusTimestamp) * 1000 + RECEIPT_MEMORY_MS > now();
        if (record && remembered) return { status: record.result, transactionId, consensusTimestamp: record.consensusTimestamp };
        if (record) return null;
        return inFlight.has(transactionId) ? { status: 'UNKNOWN', transactionId } : null;
      }),
    execute: (bytes) => executeWith(bytes, 'mirror'),
    executeAsHistory: (bytes) => executeWith(bytes, 'none'),
    read: () => {
      queuedRead ??= exclusive(async () => {
        queuedRead = undefined;
        await consensusDue();
        await catchUp();
        advanceMirror();
        return mirrorView;
      });
      return queuedRead;
    },
    latest: () =>
      exclusive(async () => {
        await consensusDue();
        await catchUp();
        return latestView;
      }),
  };
}

function parseTimestamp(timestamp: string): bigint {
  const [seconds = '0', nanos = '0'] = timestamp.split('.');
  return BigInt(seconds) * 1_000_000_000n + BigInt(nanos.padEnd(9, '0'));
}
