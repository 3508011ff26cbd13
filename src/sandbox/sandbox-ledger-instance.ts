import { createDynamoLedgerLog } from './ledger/ledger-log-repo';
import { createSandboxLedger, type SandboxLedger } from './ledger/sandbox-ledger';
import { documentClient, tableName } from '../server/store/client';

let ledger: SandboxLedger | undefined;

/** The sandbox network's ledger of this process, over the log kept in the store. */
export function sandboxLedger(): SandboxLedger {
  ledger ??= createSandboxLedger({ log: createDynamoLedgerLog({ doc: documentClient(), tableName: tableName() }) });
  return ledger;
}
