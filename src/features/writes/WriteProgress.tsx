import { Button } from '@/components/ui/Button';
import { LedgerStalledNotice, LedgerWaitNotice } from '@/features/ledger/LedgerWaitNotice';
import { TransactionId } from '@/features/ledger/TransactionId';
import { WriteSteps, stepIndex } from './WriteSteps';
import type { Write } from './write-store';
import { answerWrite, checkWriteAgain, isUnderWay, runRemedy } from './write-progress';

/** What a write asks the holder (step 'confirm'): its text and lines, and an answer button each; none is chosen for them. */
export function WriteQuestionView({ write, compact = false }: { write: Write; compact?: boolean }) {
  const question = write.question;
  if (write.step !== 'confirm' || !question) return null;
  return (
    <fieldset className="grid gap-2 rounded-lg border border-amber-400/60 bg-amber-950/40 p-3 text-sm">
      <legend className="sr-only">Your choice is needed</legend>
      <p className="font-semibold text-amber-100">{question.text}</p>
      {question.details.length > 0 && (
        <ul className="grid list-disc gap-1 pl-5 text-amber-50">
          {question.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {question.options.map((option) => (
          <Button key={option.id} size={compact ? 'sm' : 'fit'} wrap variant={option.variant ?? 'default'} onClick={() => answerWrite(write.id, option.id)}>
            {option.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** The remedy a write that ended offers ('Revoke the marketplace’s permission on Wild Tiger #12'), in one click. */
export function WriteRemedy({ write }: { write: Write }) {
  if (!write.remedy || (write.step !== 'done' && write.step !== 'failed')) return null;
  return (
    <Button size="fit" wrap className="justify-self-start" onClick={() => runRemedy(write.id)}>
      {write.remedy}
    </Button>
  );
}

/**
 * A write in its dialog: its steps and note while under way, what it asks the holder, the ledger's
 * wait, its end (what it did and its transaction, or the failure).
 */
export function WriteProgress({
  write,
  label,
  steps = true,
  failureText = (error) => error,
}: {
  write: Write | undefined;
  label: string;
  steps?: boolean;
  failureText?: ((error: string) => string) | undefined;
}) {
  if (!write) return null;
  return (
    <>
      {steps && isUnderWay(write) && <WriteSteps label={label} steps={write.steps} current={stepIndex(write)} />}
      {write.note && isUnderWay(write) && <p className="text-sm text-muted-foreground">{write.note}</p>}
      <WriteQuestionView write={write} />
      {write.step === 'ledger' && <LedgerWaitNotice since={write.since} />}
      {write.step === 'stalled' && (
        <>
          <LedgerStalledNotice />
          <Button onClick={() => checkWriteAgain(write.id)}>Check again</Button>
        </>
      )}
      {write.step === 'done' && write.outcome && (
        <p className="text-sm" role="status" data-testid="write-outcome">
          {write.outcome}
        </p>
      )}
      {write.step === 'done' && write.transactionId && (
        <p className="text-xs text-muted-foreground">
          Transaction <TransactionId transactionId={write.transactionId} />
        </p>
      )}
      {write.step === 'failed' && write.error && (
        <p className="text-sm text-red-400" role="alert">
          {failureText(write.error)}
        </p>
      )}
      <WriteRemedy write={write} />
    </>
  );
}
