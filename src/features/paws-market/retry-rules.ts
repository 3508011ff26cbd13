/** When a failed PAWS marketplace flow offers 'Try Again' (spec 001 §4). */
import { WalletError } from '../wallet/wallet-errors';

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
