import { Button } from '@/components/ui/Button';
import { LedgerStalledNotice, LedgerWaitNotice } from '../ledger/LedgerWaitNotice';
import { TransactionId } from '../ledger/TransactionId';
import { WriteSteps, stepIndex } from '../writes/WriteSteps';
import type { Write } from '../writes/write-store';
import { checkWriteAgain, isUnderWay } from '../writes/write-progress';

/** A bulk write in its dialog: its steps and note while under way, the ledger's wait, its end (the transaction, or the failure). */
export function WriteProgress({ write, label }: { write: Write | undefined; label: string }) {
  if (!write) return null;
  return (
    <>
      {isUnderWay(write) && <WriteSteps label={label} steps={write.steps} current={stepIndex(write)} />}
      {write.note && isUnderWay(write) && <p className="text-sm text-muted-foreground">{write.note}</p>}
      {write.step === 'ledger' && <LedgerWaitNotice since={write.since} />}
      {write.step === 'stalled' && (
        <>
          <LedgerStalledNotice />
          <Button onClick={() => checkWriteAgain(write.id)}>Check again</Button>
        </>
      )}
      {write.step === 'done' && write.transactionId && (
        <p className="text-xs text-muted-foreground">
          Transaction <TransactionId transactionId={write.transactionId} />
        </p>
      )}
      {write.step === 'failed' && write.error && (
        <p className="text-sm text-red-400" role="alert">
          {write.error}
        </p>
      )}
    </>
  );
}

/** The end of a bulk write's dialog footer: what the write waits for while it goes on ('Waiting for approval…', 'Processing…'), and Close. */
export function WriteFooterEnd({ write, onClose }: { write: Write | undefined; onClose: () => void }) {
  return (
    <>
      {isUnderWay(write) && write.step !== 'stalled' && <Button disabled>{write.step === 'wallet' ? 'Waiting for approval…' : 'Processing…'}</Button>}
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
    </>
  );
}
