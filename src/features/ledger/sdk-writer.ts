/**
 * The mainnet ledger-write adapter: the Hedera SDK with the marketplace operator key. It talks to
 * the consensus nodes through the SDK's WebClient (gRPC-web over HTTPS, to the nodes' official web
 * proxies) rather than @grpc/grpc-js: a Lambda only submits a settlement and polls for its receipt,
 * and leaving the gRPC library out keeps the bundle and its cold start small.
 */
import { PrecheckStatusError, PrivateKey, ReceiptStatusError, Transaction, TransactionId, WebClient } from '@hiero-ledger/sdk';
import { withTimeout } from '../../lib/timeout';
import { LedgerUnavailableError } from './errors';
import type { LedgerExecution, LedgerWriter } from './ledger-writer';

export interface SdkLedgerWriterOptions {
  network: 'mainnet';
  operatorAccountId: string;
  /** A PrivateKey, or its DER-encoded hex string (as stored in Secrets Manager). */
  operatorKey: PrivateKey | string;
  /** gRPC-web endpoints (`host:port` -> node account id); default: the SDK's list of mainnet web proxies. */
  nodes?: Record<string, string>;
  /** How long a submission and its receipt may take before it counts as unconfirmed (under the Lambda's 15 s). */
  submitTimeoutMs?: number;
}

const SUBMIT_TIMEOUT_MS = 10_000;
/** Per node request: a proxy that hangs gives way to the next node well within SUBMIT_TIMEOUT_MS. */
const NODE_REQUEST_DEADLINE_MS = 4_000;

/** Submits and waits for the receipt; rejects when that takes longer than `timeoutMs` (the outcome is then unknown). */
async function submitAndWaitForReceipt(tx: Transaction, client: WebClient, timeoutMs: number): Promise<string> {
  const receiptStatus = async () => (await (await tx.execute(client)).getReceipt(client)).status.toString();
  return withTimeout(receiptStatus(), timeoutMs, () => {
    throw new Error(`no receipt within ${timeoutMs} ms`);
  });
}

export function createSdkLedgerWriter(options: SdkLedgerWriterOptions): LedgerWriter & { close(): void } {
  const operatorKey = typeof options.operatorKey === 'string' ? PrivateKey.fromStringDer(options.operatorKey) : options.operatorKey;
  const submitTimeoutMs = options.submitTimeoutMs ?? SUBMIT_TIMEOUT_MS;
  const client = (options.nodes ? WebClient.forNetwork(options.nodes) : WebClient.forMainnet())
    .setOperator(options.operatorAccountId, operatorKey)
    .setGrpcDeadline(Math.min(NODE_REQUEST_DEADLINE_MS, submitTimeoutMs));
  return {
    operatorAccountId: options.operatorAccountId,
    freeze(tx, payerAccountId = options.operatorAccountId) {
      return tx.setTransactionId(TransactionId.generate(payerAccountId)).freezeWith(client);
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
      try {
        return { status: await submitAndWaitForReceipt(tx, client, submitTimeoutMs), transactionId };
      } catch (error) {
        return mapSubmitError(error, transactionId);
      }
    },
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
