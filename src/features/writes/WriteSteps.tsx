import { cn } from '@/lib/cn';
import type { Write } from './write-store';

/** Where `write` is in its `steps`: the first while it is prepared, the wallet's second, the last on the ledger; all of them once done. */
export function stepIndex(write: Write): number {
  if (write.step === 'done') return write.steps.length;
  if (write.step === 'prepare' || write.step === 'confirm' || write.step === 'failed') return 0;
  if (write.step === 'wallet') return Math.min(1, write.steps.length - 1);
  return write.steps.length - 1;
}

/** A small spinning ring, for a step or a button at work. */
export function Spinner() {
  return <span aria-hidden="true" className="inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />;
}

/**
 * The numbered steps of a write, as every write dialog shows them: those before `current` done (✓),
 * `current` in progress (a spinner; none when it is `steps.length`: all done), the rest to come.
 */
export function WriteSteps({ label, steps, current }: { label: string; steps: readonly string[]; current: number }) {
  return (
    <ol className="grid gap-2 text-sm" aria-label={label}>
      {steps.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={step}
            className={cn('flex items-center gap-2', done ? 'text-emerald-300' : active ? 'text-foreground' : 'text-muted-foreground')}
            aria-current={active ? 'step' : undefined}
          >
            <span
              aria-hidden="true"
              className={cn(
                'grid size-6 shrink-0 place-items-center rounded-full border text-xs font-bold',
                done ? 'border-emerald-400 bg-emerald-950' : active ? 'border-primary text-highlight' : 'border-input',
              )}
            >
              {done ? '✓' : active ? <Spinner /> : index + 1}
            </span>
            <span>
              {step}
              <span className="sr-only">{done ? ' (done)' : active ? ' (in progress)' : ''}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
