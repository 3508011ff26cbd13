/**
 * The sandbox ledger-write adapter: same port, executed by the in-process sandbox ledger. As the
 * SDK does on mainnet, `execute` submits and then waits for the receipt, which comes after
 * consensus; a receipt that does not come within the request's budget leaves the outcome unknown
 * (LedgerUnavailableError with the transaction id, for the reconciliation).
 */
import { AccountId, Transaction, TransactionId, type PrivateKey } from '@hiero-ledger/sdk';
import { LedgerUnavailableError } from '../../features/ledger/errors';
import type { LedgerWriter } from '../../features/ledger/ledger-writer';
import { withTimeout } from '../../lib/timeout';
import { remainingBudgetMs } from '../../server/request-budget';
import { sandboxAccountPrivateKey } from './sandbox-keys';
import type { SandboxLedger } from './sandbox-ledger';

/** Time kept back from the request's budget to record the outcome and answer. */
const ANSWER_RESERVE_MS = 500;

export function createSandboxLedgerWriter(options: { ledger: SandboxLedger; operatorKey?: PrivateKey }): LedgerWriter {
  const { ledger } = options;
  const { network } = ledger;
  const operatorKey = options.operatorKey ?? sandboxAccountPrivateKey(network.operatorAccountId, network);
  return {
    operatorAccountId: network.operatorAccountId,
    freeze(tx, payerAccountId = network.operatorAccountId) {
      return tx
        .setTransactionId(TransactionId.generate(payerAccountId))
        .setNodeAccountIds([AccountId.fromString(network.nodeAccountId)])
        .freeze();
    },
    signAsOperator: (tx) => tx.sign(operatorKey),
    async execute(bytes) {
      const budget = remainingBudgetMs();
      if (budget === undefined) return ledger.execute(bytes);
      return withTimeout(ledger.execute(bytes), Math.max(0, budget - ANSWER_RESERVE_MS), () => {
        const transactionId = Transaction.fromBytes(bytes).transactionId?.toString() ?? '';
        throw new LedgerUnavailableError(`No receipt for ${transactionId} within the request's budget`, { transactionId });
      });
    },
  };
}
