import { apiJson, invalidateKeys } from '@/lib/api';
import { forgetTransaction, recentTransactionIds } from '@/features/ledger/kept-transactions';
import { callWhenSettled } from '@/features/ledger/ledger-wait-client';

/** Re-reads the account's tigers from the ledger (once it shows the account's recent transactions), then refetches them. */
export async function verifyOwnership(accountId: string): Promise<void> {
  const recent = recentTransactionIds(accountId);
  await callWhenSettled(() =>
    apiJson(`/api/profile/${accountId}/sync-nfts`, { method: 'POST', ...(recent.length ? { body: { afterTransactionIds: recent } } : {}) }),
  );
  for (const transactionId of recent) forgetTransaction(transactionId);
  invalidateKeys((key) => key === `/api/profile/${accountId}/nfts` || key.startsWith('/api/public-profiles'));
}
