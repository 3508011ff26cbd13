/** The sandbox ledger-write adapter: same port, executed by the in-process sandbox ledger. */
import { AccountId, TransactionId, type PrivateKey } from '@hiero-ledger/sdk';
import type { LedgerWriter } from '../../features/ledger/ledger-writer';
import { sandboxAccountPrivateKey } from './sandbox-keys';
import type { SandboxLedger } from './sandbox-ledger';

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
    execute: (bytes) => ledger.execute(bytes),
  };
}
