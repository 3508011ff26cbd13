import { createDynamoLedgerLog } from '../features/ledger/sandbox/dynamo-ledger-log';
import { createSandboxLedger, type SandboxLedger } from '../features/ledger/sandbox/sandbox-ledger';
import { documentClient, tableName } from './store/client';

let ledger: SandboxLedger | undefined;

/** The sandbox network's ledger of this process, over the log kept in the store. */
export function sandboxLedger(): SandboxLedger {
  ledger ??= createSandboxLedger({ log: createDynamoLedgerLog({ doc: documentClient(), tableName: tableName() }) });
  return ledger;
}
