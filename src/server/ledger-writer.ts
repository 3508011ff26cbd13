import type { LedgerWriter } from '../features/ledger/ledger-writer';
import { config } from './config';
import { once } from './context';
import { requiredSecret } from './secrets';

/** The ledger-write port: the sandbox ledger locally, the SDK with the marketplace operator key on mainnet. */
export const ledgerWriter = once(async (): Promise<LedgerWriter> => {
  const settings = config();
  if (process.env.WILD_TIGERS_BUNDLE !== 'lambda' && settings.network === 'sandbox') {
    const [{ createSandboxLedgerWriter }, { sandboxLedger }] = await Promise.all([
      import('../sandbox/ledger/sandbox-writer'),
      import('../sandbox/sandbox-ledger-instance'),
    ]);
    return createSandboxLedgerWriter({ ledger: sandboxLedger() });
  }
  const { createSdkLedgerWriter } = await import('../features/ledger/sdk-writer');
  return createSdkLedgerWriter({ network: 'mainnet', operatorAccountId: settings.marketplaceAccountId, operatorKey: await requiredSecret('OPERATOR_KEY') });
});
