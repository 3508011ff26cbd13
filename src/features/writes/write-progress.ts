/** Moving writes through their steps (write-store.ts holds them): what the flows call as they go. */
import { $writeInDialog, $writes, type Write, type WriteStep } from './write-store';

/** What each stalled write runs on 'Check again' (kept beside the store: functions are not state). */
const checks = new Map<string, () => void>();

/** Starts showing a write at its first step (or restarts one that ended). */
export function beginWrite(
  write: Pick<Write, 'id' | 'accountId' | 'title' | 'serial' | 'steps'> & Partial<Pick<Write, 'amount' | 'step'>>,
  now = Date.now(),
): void {
  checks.delete(write.id);
  $writes.setKey(write.id, {
    step: 'prepare',
    amount: null,
    note: null,
    error: null,
    retryable: false,
    transactionId: null,
    ...write,
    started: now,
    since: now,
  });
}

/** Moves a write to `step`, with what it says there; a new step starts its elapsed time again. */
export function updateWrite(
  id: string,
  step: WriteStep,
  change: Partial<Pick<Write, 'note' | 'error' | 'retryable' | 'transactionId' | 'steps'>> = {},
  now = Date.now(),
): void {
  const current = $writes.get()[id];
  if (!current) return;
  if (step !== 'stalled') checks.delete(id);
  $writes.setKey(id, { ...current, ...change, step, since: current.step === step ? current.since : now });
}

/** The write is stalled on the ledger: `check` follows it again. */
export function stallWrite(id: string, check: () => void): void {
  updateWrite(id, 'stalled');
  if ($writes.get()[id]) checks.set(id, check);
}

/** Runs a stalled write's 'Check again'. */
export function checkWriteAgain(id: string): void {
  const check = checks.get(id);
  checks.delete(id);
  check?.();
}

/** Stops showing a write (it ended, and was seen). */
export function dismissWrite(id: string): void {
  checks.delete(id);
  $writes.setKey(id, undefined);
}

/** True while a write is under way (not done, not failed). */
export const isUnderWay = (write: Write | undefined): write is Write => !!write && write.step !== 'done' && write.step !== 'failed';

/** Shows write `id` in a dialog (the tray leaves it there) until the returned release, unless another dialog took it over by then. */
export function claimForDialog(id: string): () => void {
  $writeInDialog.set(id);
  return () => {
    if ($writeInDialog.get() === id) $writeInDialog.set(null);
  };
}
