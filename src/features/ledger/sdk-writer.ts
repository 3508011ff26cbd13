/** The mainnet ledger-write adapter: the Hedera SDK client with the marketplace operator key. */
import { Client, PrecheckStatusError, PrivateKey, ReceiptStatusError, Transaction, TransactionId } from '@hiero-ledger/sdk';
import { LedgerUnavailableError } from './errors';
import type { LedgerExecution, LedgerWriter } from './ledger-writer';

/** Sends a transaction and resolves with its receipt status; throws the SDK's errors. */
export type SubmitTransaction = (tx: Transaction, client: Client) => Promise<string>;

export interface SdkLedgerWriterOptions {
  network: 'mainnet';
  operatorAccountId: string;
  /** A PrivateKey, or its DER-encoded hex string (as stored in Secrets Manager). */
  operatorKey: PrivateKey | string;
  /** Replaceable for tests (the network cannot be reached offline). */
  submit?: SubmitTransaction;
}

const submitAndWaitForReceipt: SubmitTransaction = async (tx, client) => {
  const response = await tx.execute(client);
  const receipt = await response.getReceipt(client);
  return receipt.status.toString();
};

export function createSdkLedgerWriter(options: SdkLedgerWriterOptions): LedgerWriter & { close(): void } {
  const operatorKey = typeof options.operatorKey === 'string' ? PrivateKey.fromStringDer(options.operatorKey) : options.operatorKey;
  const client = Client.forMainnet().setOperator(options.operatorAccountId, operatorKey);
  const submit = options.submit ?? submitAndWaitForReceipt;
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
        return { status: await submit(tx, client), transactionId };
      } catch (error) {
        return mapSubmitError(error, transactionId);
      }
    },
    close: () => client.close(),
  };
}

/** A ledger rejection (precheck or receipt) becomes a status; anything else is a transport failure. */
export function mapSubmitError(error: unknown, transactionId: string): LedgerExecution {
  if (error instanceof PrecheckStatusError || error instanceof ReceiptStatusError) {
    return { status: error.status.toString(), transactionId: error.transactionId?.toString() || transactionId };
  }
  throw new LedgerUnavailableError(`Hedera network did not answer for ${transactionId || 'the transaction'}: ${String(error)}`, {
    cause: error,
    transactionId,
  });
}
