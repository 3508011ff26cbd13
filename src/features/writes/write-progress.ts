/** Moving writes through their steps (write-store.ts holds them): what the flows call as they go. */
import { $writeInDialog, $writes, type Write, type WriteQuestion, type WriteStep } from './write-store';

/** What each stalled write runs on 'Check again' (kept beside the store: functions are not state). */
const checks = new Map<string, () => void>();
/** What each write asking the holder waits for: the answer, by the option's id. */
const answers = new Map<string, (option: string) => void>();
/** What each ended write's remedy runs. */
const remedies = new Map<string, () => void>();

/** Starts showing a write at its first step (or restarts one that ended). */
export function beginWrite(
  write: Pick<Write, 'id' | 'accountId' | 'title' | 'serial' | 'steps'> & Partial<Pick<Write, 'amount' | 'step' | 'keepDone'>>,
  now = Date.now(),
): void {
  checks.delete(write.id);
  answers.delete(write.id);
  remedies.delete(write.id);
  $writes.setKey(write.id, {
    step: 'prepare',
    amount: null,
    note: null,
    error: null,
    retryable: false,
    transactionId: null,
    question: null,
    outcome: null,
    remedy: null,
    keepDone: false,
    ...write,
    started: now,
    since: now,
  });
}

/** Moves a write to `step`, with what it says there; a new step starts its elapsed time again. */
export function updateWrite(
  id: string,
  step: WriteStep,
  change: Partial<Pick<Write, 'note' | 'error' | 'retryable' | 'transactionId' | 'steps' | 'title' | 'amount' | 'outcome'>> = {},
  now = Date.now(),
): void {
  const current = $writes.get()[id];
  if (!current) return;
  if (step !== 'stalled') checks.delete(id);
  const question = step === 'confirm' ? current.question : null;
  $writes.setKey(id, { ...current, ...change, question, step, since: current.step === step ? current.since : now });
}

/**
 * Asks the holder `question` before the write goes on (step 'confirm', shown by its dialog and the
 * tray, no answer chosen for them): resolves with the id of the option they pick.
 */
export function askWrite(id: string, question: WriteQuestion, now = Date.now()): Promise<string> {
  const current = $writes.get()[id];
  if (!current) return Promise.reject(new Error(`No write ${id} to ask about`));
  return new Promise((answer) => {
    answers.set(id, answer);
    $writes.setKey(id, { ...current, step: 'confirm', question, since: now });
  });
}

/** The holder's answer to the question write `id` asks. */
export function answerWrite(id: string, option: string): void {
  const answer = answers.get(id);
  answers.delete(id);
  answer?.(option);
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

/** The holder's own stream told of a change: every stalled write of theirs checks again at once (what it waited for may have settled). */
export function checkStalledWrites(accountId: string): void {
  for (const write of Object.values($writes.get())) if (write.accountId === accountId && write.step === 'stalled') checkWriteAgain(write.id);
}

/**
 * Offers, on write `id` that ended (done or failed), what the holder can do about how it ended, in
 * one click: `label` on its button, `run` what it starts (another write).
 */
export function offerRemedy(id: string, label: string, run: () => void): void {
  const current = $writes.get()[id];
  if (!current || (current.step !== 'done' && current.step !== 'failed')) return;
  remedies.set(id, run);
  $writes.setKey(id, { ...current, remedy: label });
}

/** Runs write `id`'s remedy: the write is dismissed, and what it starts shows instead. */
export function runRemedy(id: string): void {
  const run = remedies.get(id);
  dismissWrite(id);
  run?.();
}

/** Stops showing a write (it ended, and was seen). */
export function dismissWrite(id: string): void {
  checks.delete(id);
  answers.delete(id);
  remedies.delete(id);
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
