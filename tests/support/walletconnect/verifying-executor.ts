import { type PublicKey, Transaction } from '@hiero-ledger/sdk';
import type { ExecutionResult } from './node-wallet';

/**
 * A stand-in for a consensus node's precheck (test support): decodes the signed bytes, requires
 * the payer's signature, and answers with the transaction id, node and hash, as a wallet relays them.
 */
export function verifyingExecutor(payerKeys: Record<string, PublicKey>) {
  const executed: Transaction[] = [];
  return {
    executed,
    async execute(signedTransactionBytes: Uint8Array): Promise<ExecutionResult> {
      const transaction = Transaction.fromBytes(signedTransactionBytes);
      const transactionId = transaction.transactionId;
      const nodeId = transaction.nodeAccountIds?.[0];
      const payerKey = payerKeys[transactionId?.accountId?.toString() ?? ''];
      if (!transactionId || !nodeId || !payerKey?.verifyTransaction(transaction)) throw new Error('INVALID_SIGNATURE');
      executed.push(transaction);
      return {
        transactionId: transactionId.toString(),
        nodeId: nodeId.toString(),
        transactionHash: Buffer.from(await transaction.getTransactionHash()).toString('hex'),
      };
    },
  };
}
