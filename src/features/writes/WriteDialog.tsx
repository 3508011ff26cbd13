import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { cn } from '@/lib/cn';
import type { Write, WriteStep } from './write-store';
import { isUnderWay } from './write-progress';
import { WriteProgress } from './WriteProgress';

/** What the footer's busy button says while the write goes on, by its step. */
const BUSY = (step: WriteStep) => (step === 'wallet' ? 'Waiting for approval…' : 'Processing…');

export interface WriteDialogProps {
  /** The write the dialog shows (useWriteDialog), none before it starts. */
  write: Write | undefined;
  /** Closes the dialog (a write under way goes on in the tray). */
  onClose: () => void;
  closeLabel: string;
  /** Said while the write goes on: closing the window does not stop it (or the dialog's own note, `null` when none). */
  pendingNote: string | null;
  /** Whether `pendingNote` is said by the dialog's own rule rather than while the write is under way. */
  ownPendingNote?: boolean;
  title: ReactNode;
  description: ReactNode;
  /** The write's steps, as the dialog labels them ('Purchase progress'). */
  progressLabel: string;
  /** The dialog's own body: the tiger, the form, what the write will ask. */
  children?: ReactNode;
  /** The footer's actions before the write (its start button), or beside it. */
  actions?: ReactNode;
  /** Starts the write again, offered as 'Try Again' where its failure allows it (spec 001 §4). */
  onRetry?: (() => void) | undefined;
  /** What the busy button says at each step (default: 'Waiting for approval…' at the wallet, else 'Processing…'). */
  busy?: (step: WriteStep) => string;
  /** The footer's dismiss button ('Close'), or none where the dialog's actions include their own ('Not Now'). */
  dismissLabel?: string | null;
  /** How the dialog words a failure ('The permission was not revoked: …'). */
  failureText?: ((error: string) => string) | undefined;
  /** How the write ended, coloring the title; a failure's description is then an alert. */
  tone?: 'error' | 'success' | undefined;
  /** The write's progress in the dialog's own words, in place of WriteProgress (the HBAR purchase's spec 000 §4 states). */
  progress?: ReactNode;
  /** The footer in the dialog's own words, in place of the busy button, Try Again and Close (the HBAR purchase's Reconnect and Done). */
  footer?: ReactNode;
  /** False where the dialog shows the write's steps in its own layout (the listing's, beside the tiger). */
  steps?: boolean;
  maxWidth?: string;
}

/**
 * The one shell of every write's dialog: its title and description, its own body, then the
 * write's progress (steps, note, question, the ledger's wait, 'Check again', outcome or failure and
 * remedy), and a footer with its actions, the busy button while it goes on, Try Again and Close.
 */
export function WriteDialog({
  write,
  onClose,
  closeLabel,
  pendingNote,
  title,
  description,
  progressLabel,
  children,
  actions,
  onRetry,
  busy = BUSY,
  steps = true,
  maxWidth,
  dismissLabel = 'Close',
  failureText,
  tone,
  progress,
  footer,
  ownPendingNote = false,
}: WriteDialogProps) {
  const underWay = isUnderWay(write);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={closeLabel} pendingNote={ownPendingNote || underWay ? pendingNote : null} maxWidth={maxWidth}>
        <DialogHeader>
          <DialogTitle className={cn(tone === 'error' && 'text-red-300', tone === 'success' && 'text-emerald-300')}>{title}</DialogTitle>
          <DialogDescription role={tone === 'error' ? 'alert' : undefined}>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {progress ?? <WriteProgress write={write} label={progressLabel} steps={steps} failureText={failureText} />}
        <DialogFooter>
          {/* Dismiss first: the footer puts the last button at the right, and on top on a phone, where the dialog's action belongs. */}
          {!footer && dismissLabel && (
            <Button variant="outline" onClick={onClose}>
              {dismissLabel}
            </Button>
          )}
          {actions}
          {footer ?? (
            <>
              {underWay && write.step !== 'stalled' && write.step !== 'confirm' && <Button disabled>{busy(write.step)}</Button>}
              {write?.step === 'failed' && write.retryable && onRetry && <Button onClick={onRetry}>Try Again</Button>}
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
