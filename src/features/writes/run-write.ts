/**
 * The one life of every browser write (scaffold-eth-2's transactor): it begins, shown in its dialog
 * and the tray; its work runs (the wallet through kept-signature.ts, the ledger's wait, the server);
 * a long wait for the ledger stalls it with 'Check again'; a failure ends it with its message, and
 * 'Try Again' where spec 001 §4 offers it (or a remedy, one click); its work says when it is done.
 * After a reload, a write kept for the ledger is begun again where it waits, and followed.
 */
import { errorText } from '@/lib/api/error-text';
import { LedgerStillPending } from '@/features/ledger/ledger-wait-client';
import { WalletError } from '@/features/wallet/wallet-errors';
import { $writes } from './write-store';
import { beginWrite, isUnderWay, offerRemedy, stallWrite, updateWrite } from './write-progress';

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

/** A failure that comes with what the holder can do about it: the write fails with `failure`'s message and offers `remedy` (offerRemedy). */
export class FailureWithRemedy extends Error {
  constructor(
    readonly failure: unknown,
    readonly remedy: { label: string; run: () => void },
  ) {
    super(failure instanceof Error ? failure.message : String(failure), { cause: failure });
  }
}

/** A write's work, and how its stall and failure read where they differ from every write's. */
export interface WriteWork {
  /** The work: throws to fail; LedgerStillPending stalls the write. */
  run: () => Promise<void>;
  /** What 'Check again' runs after a stall (default `run`): it follows what waits, never signs again. */
  again?: (() => Promise<void>) | undefined;
  /** The failure's message when it has none. */
  fallback: string;
  /** The write's own words for a failure (the HBAR purchase's spec 000 §8 titles): its message, and whether Try Again is offered. */
  failure?: ((failure: unknown) => { error: string; retryable: boolean }) | undefined;
  /** Told when the write stalls (the HBAR purchase's toast). */
  stalled?: (() => void) | undefined;
}

/** What a write shows when it begins. */
export type WriteStart = Parameters<typeof beginWrite>[0];

/** Ends write `id` with the failure's message (`fallback` when it has none), offering Try Again where the spec does. */
function failWrite(id: string, failure: unknown, fallback: string): void {
  const text = errorText(failure, fallback);
  updateWrite(id, 'failed', { error: text, retryable: offersTryAgain(failure, text) });
}

/** Runs `work` on write `id`, already shown: a stall offers 'Check again' (running `again`), a failure ends the write. */
export async function runWritePart(id: string, work: WriteWork): Promise<void> {
  try {
    await work.run();
  } catch (thrown) {
    if (thrown instanceof LedgerStillPending) {
      work.stalled?.();
      return stallWrite(id, () => void runWritePart(id, { ...work, run: work.again ?? work.run }));
    }
    const failure = thrown instanceof FailureWithRemedy ? thrown.failure : thrown;
    if (work.failure) updateWrite(id, 'failed', work.failure(failure));
    else failWrite(id, failure, work.fallback);
    if (thrown instanceof FailureWithRemedy) offerRemedy(id, thrown.remedy.label, thrown.remedy.run);
  }
}

/**
 * Runs a write's whole life: begins it as `start` says and runs `work` (runWritePart); a write
 * under way already is left to go on (nothing runs twice). `follow: true` goes on with a write
 * under way (the next part of one, 'Check again', a write resumed after a reload), begun first
 * when none shows.
 */
export async function runWrite(start: WriteStart, work: WriteWork, { follow = false }: { follow?: boolean } = {}): Promise<void> {
  const shown = isUnderWay($writes.get()[start.id]);
  if (shown && !follow) return;
  if (!shown) beginWrite(start);
  await runWritePart(start.id, work);
}
