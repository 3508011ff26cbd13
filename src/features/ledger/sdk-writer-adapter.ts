/**
 * The ledger-write adapter: the Hedera SDK with the marketplace operator key. It talks to
 * the consensus nodes through the SDK's WebClient (gRPC-web over HTTPS, to the nodes' web proxies)
 * rather than @grpc/grpc-js: a Lambda only submits a settlement and polls for its receipt, and
 * leaving the gRPC library out keeps the bundle and its cold start small. The proxies come from the
 * mirror node's address book, not from the SDK's built-in list (some of whose proxies are retired).
 * Locally the sandbox mirror's address book lists the sandbox consensus node's gRPC-web endpoint
 * (src/sandbox/ledger/consensus-node.ts), so the same code path runs there.
 */
import { PrecheckStatusError, type PrivateKey, ReceiptStatusError, Transaction, TransactionId, TransactionReceiptQuery, WebClient } from '@hiero-ledger/sdk';
import { withTimeout } from '@/lib/timeout';
import { remainingBudgetMs } from '@/platform/request-budget';
import { LedgerUnavailableError } from './errors';
import type { LedgerNetworkNode, LedgerReader } from './ledger-reader-port';
import type { LedgerExecution, LedgerWriter, ReceiptReader } from './ledger-writer-port';
import { toSdkTransactionId } from './transaction-id';
import { assertKeyOfAccount, parsePrivateKey } from './private-key';

export interface SdkLedgerWriterOptions {
  operatorAccountId: string;
  /** A PrivateKey, or its text in a form that names its type (src/features/ledger/private-key.ts). */
  operatorKey: PrivateKey | string;
  /** gRPC-web endpoints (`host:port` -> node account id), e.g. from consensusWebProxies. */
  nodes: Record<string, string>;
  /** How long a submission and its receipt may take before it counts as unconfirmed (under the Lambda's 15 s). */
  submitTimeoutMs?: number;
}

const SUBMIT_TIMEOUT_MS = 10_000;
/** Per node request: a proxy that hangs gives way to the next node well within SUBMIT_TIMEOUT_MS. */
const NODE_REQUEST_DEADLINE_MS = 4_000;
/** Time kept back from the request's budget to record the outcome and answer. */
const ANSWER_RESERVE_MS = 500;
/**
 * Receipt polls back off from 250 ms to at most this: consensus takes 2-5 s and receipt queries are
 * free, so a poll a second finds the receipt within a second of it. Set on each receipt query: a
 * query keeps the SDK's own 8 s maximum (Executable's default), never the client's (SDK 2.79), so
 * its polls came at 0.25, 0.75, 1.75, 3.75 and 7.75 s, and a receipt due at 2 s was read at 3.75.
 */
const RECEIPT_MAX_BACKOFF_MS = 1_000;
/**
 * How long a node that failed is left out. The SDK's default starts at 16 s and doubles up to an
 * hour, so a few network blips left a single-instance writer refusing every settlement for minutes.
 * SDK 2.79's setNodeMaxBackoff leaves a node's current backoff (8 s) above a lower maximum, so
 * every failure costs exactly this much (ManagedNode.increaseBackoff: min(2 x current, max)).
 */
const NODE_BACKOFF_MS = 3_000;

/** Submits and waits for the receipt; rejects when that takes longer than `timeoutMs` (the outcome is then unknown). */
async function submitAndWaitForReceipt(tx: Transaction, client: WebClient, timeoutMs: number): Promise<string> {
  const receiptStatus = async () => {
    const response = await tx.execute(client);
    // getReceipt (which also retries a transaction throttled at consensus) polls with this query.
    const receiptQuery = response.getReceiptQuery.bind(response);
    response.getReceiptQuery = () => receiptQuery().setMaxBackoff(RECEIPT_MAX_BACKOFF_MS);
    return (await response.getReceipt(client)).status.toString();
  };
  return withTimeout(receiptStatus(), timeoutMs, () => {
    throw new Error(`no receipt within ${timeoutMs} ms`);
  });
}

/** How often a receipt query asks again while the receipt says UNKNOWN (before consensus). */
const RECEIPT_POLL_MS = 250;

/**
 * Asks the nodes for a transaction's receipt until it has a final status, within `waitMs`; null
 * when none came. Takes the id in either form (SDK `0.0.x@s.n`, or the mirror's `0.0.x-s-n` that
 * the browser follows). The query retries UNKNOWN and RECEIPT_NOT_FOUND itself (the SDK's
 * TransactionReceiptQuery._shouldRetry), polling at most RECEIPT_MAX_BACKOFF_MS apart; its attempts
 * are about the wait's seconds, so that it stops within a few seconds of the wait's end, whose
 * answer no longer counts.
 */
async function receiptStatusOf(client: WebClient, transactionId: string, waitMs: number): Promise<string | null> {
  const sdkForm = toSdkTransactionId(transactionId);
  if (!sdkForm || waitMs <= 0) return null;
  const query = new TransactionReceiptQuery()
    .setTransactionId(TransactionId.fromString(sdkForm))
    .setValidateStatus(false)
    .setMaxBackoff(RECEIPT_MAX_BACKOFF_MS)
    .setMinBackoff(RECEIPT_POLL_MS)
    // 0.25 + 0.5 s, then a poll a second.
    .setMaxAttempts(Math.ceil(waitMs / RECEIPT_MAX_BACKOFF_MS) + 3);
  const status = async () => {
    const receiptStatus = (await query.execute(client)).status.toString();
    return receiptStatus === 'UNKNOWN' || receiptStatus === 'RECEIPT_NOT_FOUND' ? null : receiptStatus;
  };
  // A query still retrying after the wait ends settles quietly: its answer no longer counts.
  return withTimeout(
    status().catch(() => null),
    waitMs,
    () => null,
  );
}

/**
 * The consensus nodes' receipts for routes that hold no operator key (receipt queries are free and
 * need no payer): its own WebClient over the address book's gRPC-web proxies, so that public status
 * polls never touch the settlement client's node backoff.
 */
export async function createReceiptReader(options: {
  reader: Pick<LedgerReader, 'getNetworkNodes'>;
  knownProxies?: Readonly<Record<string, string>>;
}): Promise<ReceiptReader & { close(): void }> {
  const nodes = consensusWebProxies(await options.reader.getNetworkNodes(), options.knownProxies);
  if (Object.keys(nodes).length === 0) throw new LedgerUnavailableError('No consensus node of the address book has a gRPC-web proxy');
  const client = new WebClient({ network: nodes, scheduleNetworkUpdate: false })
    .setGrpcDeadline(NODE_REQUEST_DEADLINE_MS)
    .setNodeMaxBackoff(NODE_BACKOFF_MS)
    .setNodeMinReadmitPeriod(NODE_BACKOFF_MS);
  return { receiptStatus: (transactionId, waitMs) => receiptStatusOf(client, transactionId, waitMs), close: () => client.close() };
}

/**
 * Web proxies the SDK (2.79) still lists that SDK 2.85 removed as retired, by host. Used only for a
 * node that publishes no proxy of its own, where the SDK's entry for it is the fallback.
 */
const RETIRED_WEB_PROXIES = new Set([
  'node03.swirldslabs.com',
  'node14.swirldslabs.com',
  'node16.swirldslabs.com',
  'node24.swirldslabs.com',
  'node27.swirldslabs.com',
  'node29.swirldslabs.com',
]);

/**
 * The gRPC-web endpoints (`host:port` -> node account id) of the consensus nodes in the mirror's
 * address book: each node's published `grpc_proxy_endpoint`, else the SDK's known proxy for that
 * node unless it is retired (what the SDK's asynchronous mainnet address book does, minus those).
 * A node that left the address book is never used.
 */
export function consensusWebProxies(
  nodes: readonly LedgerNetworkNode[],
  known: Readonly<Record<string, string>> = sdkMainnetProxies(),
): Record<string, string> {
  const byAccount = new Map<string, string[]>();
  for (const [address, account] of Object.entries(known)) byAccount.set(account, [...(byAccount.get(account) ?? []), address]);
  const network: Record<string, string> = {};
  for (const node of nodes) {
    if (!node.nodeAccountId) continue;
    const proxy = node.grpcProxyEndpoint;
    const host = proxy ? proxy.domainName || proxy.ipAddressV4 : '';
    if (proxy && host && proxy.port > 0) network[`${host}:${proxy.port}`] = node.nodeAccountId;
    else
      for (const address of byAccount.get(node.nodeAccountId) ?? [])
        if (!RETIRED_WEB_PROXIES.has(address.split(':')[0] ?? '')) network[address] = node.nodeAccountId;
  }
  return network;
}

/** The SDK's built-in mainnet web proxies (`host:port` -> node account id). */
function sdkMainnetProxies(): Record<string, string> {
  const client = WebClient.forMainnet();
  const network = Object.fromEntries(Object.entries(client.network).map(([address, account]) => [address, account.toString()]));
  client.close();
  return network;
}

export interface LedgerWriterOptions {
  reader: Pick<LedgerReader, 'getNetworkNodes' | 'getAccount'>;
  operatorAccountId: string;
  /** The OPERATOR_KEY secret's text. */
  operatorKey: string;
  submitTimeoutMs?: number;
  knownProxies?: Readonly<Record<string, string>>;
}

/**
 * The writer as the server builds it: the operator key read with its type and checked against the
 * account's key on the ledger (a wrong key throws a KeySettingError naming it), and the consensus
 * nodes from the mirror's address book.
 */
export async function createLedgerWriter(options: LedgerWriterOptions): Promise<LedgerWriter & { close(): void }> {
  const operatorKey = parsePrivateKey(options.operatorKey, 'OPERATOR_KEY');
  const [account, addressBook] = await Promise.all([options.reader.getAccount(options.operatorAccountId), options.reader.getNetworkNodes()]);
  assertKeyOfAccount(operatorKey, account, 'OPERATOR_KEY');
  const nodes = consensusWebProxies(addressBook, options.knownProxies);
  if (Object.keys(nodes).length === 0) throw new LedgerUnavailableError('No consensus node of the address book has a gRPC-web proxy');
  return createSdkLedgerWriter({
    operatorAccountId: options.operatorAccountId,
    operatorKey,
    nodes,
    ...(options.submitTimeoutMs ? { submitTimeoutMs: options.submitTimeoutMs } : {}),
  });
}

/**
 * A writer over the given nodes. A node that does not answer is skipped: the SDK marks it
 * unhealthy and tries the next one, each within NODE_REQUEST_DEADLINE_MS and all within the
 * budget (SUBMIT_TIMEOUT_MS, or less when the request's own budget has less left).
 */
export function createSdkLedgerWriter(options: SdkLedgerWriterOptions): LedgerWriter & { close(): void } {
  const operatorKey = typeof options.operatorKey === 'string' ? parsePrivateKey(options.operatorKey, 'OPERATOR_KEY') : options.operatorKey;
  const submitTimeoutMs = options.submitTimeoutMs ?? SUBMIT_TIMEOUT_MS;
  // A fixed map: no 24-hourly update that would put the SDK's built-in list back.
  const client = new WebClient({ network: options.nodes, scheduleNetworkUpdate: false })
    .setOperator(options.operatorAccountId, operatorKey)
    .setGrpcDeadline(Math.min(NODE_REQUEST_DEADLINE_MS, submitTimeoutMs))
    .setNodeMaxBackoff(NODE_BACKOFF_MS)
    .setNodeMinReadmitPeriod(NODE_BACKOFF_MS);
  return {
    operatorAccountId: options.operatorAccountId,
    freeze(tx, payerAccountId = options.operatorAccountId) {
      const frozen = tx.setTransactionId(TransactionId.generate(payerAccountId)).freezeWith(client);
      // freezeWith takes the nodes the SDK holds healthy; while every node is backing off after a
      // failure it takes none and silently leaves the transaction unfrozen (SDK 2.79).
      if (!frozen.isFrozen()) throw new LedgerUnavailableError('No consensus node is reachable at the moment; nothing was submitted');
      return frozen;
    },
    signAsOperator: (tx) => tx.sign(operatorKey),
    async execute(bytes) {
      let tx: Transaction;
      try {
        tx = Transaction.fromBytes(bytes);
      } catch {
        return { status: 'INVALID_TRANSACTION_BODY', transactionId: '' };
      }
      const transactionId = tx.transactionId?.toString() ?? '';
      const budget = remainingBudgetMs();
      const timeoutMs = budget === undefined ? submitTimeoutMs : Math.min(submitTimeoutMs, Math.max(0, budget - ANSWER_RESERVE_MS));
      try {
        return { status: await submitAndWaitForReceipt(tx, client, timeoutMs), transactionId };
      } catch (error) {
        return mapSubmitError(error, transactionId);
      }
    },
    receiptStatus: (transactionId, waitMs) => receiptStatusOf(client, transactionId, waitMs),
    close: () => client.close(),
  };
}

/**
 * A ledger rejection (precheck or receipt) becomes a status; anything else is a transport failure,
 * and so is DUPLICATE_TRANSACTION: the SDK retried on another node after the first may already
 * have accepted the transaction, so its outcome is unknown until the ledger is read.
 */
export function mapSubmitError(error: unknown, transactionId: string): LedgerExecution {
  const duplicate = error instanceof PrecheckStatusError && error.status.toString() === 'DUPLICATE_TRANSACTION';
  if ((error instanceof PrecheckStatusError || error instanceof ReceiptStatusError) && !duplicate) {
    return { status: error.status.toString(), transactionId: error.transactionId?.toString() || transactionId };
  }
  throw new LedgerUnavailableError(`Hedera network did not answer for ${transactionId || 'the transaction'}: ${String(error)}`, {
    cause: error,
    transactionId,
  });
}
