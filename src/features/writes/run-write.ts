/** How a PAWS marketplace write fails: its message, and whether it offers 'Try Again' (spec 001 §4). */
import { errorText } from '@/lib/api/error-text';
import { WalletError } from '@/features/wallet/wallet-errors';
import { LedgerStillPending } from '@/features/ledger/ledger-wait-client';
import { stallWrite, updateWrite } from '@/features/writes/write-progress';

/** How deep a chain of wrapped errors (`cause`) is searched for the wallet's own report. */
const MAX_CAUSES = 5;

/**
 * Spec 001 §4: 'Try Again' is offered only if the error message contains 'reject'. The rule is
 * applied to what the wallet reported, not only to the words shown: the wallet layer marks a
 * refusal (`WalletError.rejected`) whose catalogue message may say 'cancelled' instead ('NFT
 * allowance was cancelled by user'), also when a flow wrapped it as the `cause` of its own error.
 */
export function offersTryAgain(failure: unknown, message: string): boolean {
  let error: unknown = failure;
  for (let depth = 0; error && depth <= MAX_CAUSES; depth += 1) {
    if (error instanceof WalletError && error.rejected) return true;
    error = error instanceof Error ? error.cause : undefined;
  }
  return message.toLowerCase().includes('reject');
}

/** Ends write `id` with the failure's message (`fallback` when it has none), offering Try Again where the spec does. */
export function failWrite(id: string, failure: unknown, fallback: string): void {
  const text = errorText(failure, fallback);
  updateWrite(id, 'failed', { error: text, retryable: offersTryAgain(failure, text) });
}

/** Runs one part of write `id`: a long wait for the ledger offers 'Check again' (rerunning this part), any failure ends it (failWrite). */
export async function runWritePart(id: string, part: () => Promise<void>, fallback: string): Promise<void> {
  try {
    await part();
  } catch (failure) {
    if (failure instanceof LedgerStillPending) return stallWrite(id, () => void runWritePart(id, part, fallback));
    failWrite(id, failure, fallback);
  }
}
