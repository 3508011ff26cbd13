/** The wallet step of a PAWS purchase (one listing, or a cart): the marketplace approved to spend what the server asked for. */
import { errorText } from '@/lib/api/error-text';
import type { PendingAction } from '@/features/ledger/kept-transactions';
import { type KeptSignature, signKept } from '@/features/writes/kept-signature';
import { prepareTokenAllowance } from './paws-client';

/**
 * Prepares the PAWS allowance of `amount` for `buyer` and has the wallet sign it, kept first as
 * `pending(transactionId)` (the purchase it goes on with once the ledger confirms it, `goesOn`).
 * Any failure reads 'Token allowance approval failed: …', the wallet's own report as its cause.
 */
export async function approvePawsSpend(
  buyer: string,
  amount: string,
  pending: (transactionId: string) => PendingAction,
  goesOn: string,
): Promise<KeptSignature> {
  const failed = (failure: unknown) => new Error(`Token allowance approval failed: ${errorText(failure, 'unknown error')}`, { cause: failure });
  const approval = await prepareTokenAllowance(buyer, amount).catch((failure: unknown) => {
    throw failed(failure);
  });
  return signKept(pending(approval.transactionId), approval.transactionBytes, 'paws-allowance', { what: 'Token allowance approval', goesOn }).catch(
    (failure: unknown) => {
      throw failed(failure);
    },
  );
}
