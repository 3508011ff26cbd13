import type { MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/Button';
import { LedgerStalledNotice, LedgerWaitNotice } from '@/features/ledger/LedgerWaitNotice';
import { dialogOfWrite, tigerViewHref } from '@/features/tiger/tiger-view-href';
import { $openTiger, $tigerViewHosted, $writeToReopen } from '@/features/tiger/tiger-view-store';
import type { Write } from './write-store';
import { checkWriteAgain, dismissWrite, isUnderWay } from './write-progress';
import { WriteQuestionView, WriteRemedy } from './WriteProgress';
import { $reopenWrite, hostsWriteDialog, writeDialogHref } from './reopen-write';

/** After its button is gone ('Check again', 'Dismiss'), focus goes to the tray, or to the page once the tray is empty. */
function refocus(): void {
  requestAnimationFrame(() => (document.getElementById(TRAY_ID) ?? document.getElementById('main'))?.focus());
}

const TRAY_ID = 'trades-in-progress';

function WriteState({ write }: { write: Write }) {
  switch (write.step) {
    case 'prepare':
      return (
        <p role="status" className="text-sm text-muted-foreground">
          Preparing…
        </p>
      );
    case 'wallet':
      return (
        <p role="status" className="text-sm text-muted-foreground">
          Waiting for your wallet…
        </p>
      );
    case 'ledger':
      return <LedgerWaitNotice since={write.since} />;
    case 'confirm':
      return <WriteQuestionView write={write} compact />;
    case 'stalled':
      return (
        <div className="grid gap-2">
          <LedgerStalledNotice />
          <Button
            size="sm"
            className="justify-self-start"
            onClick={() => {
              checkWriteAgain(write.id);
              refocus();
            }}
          >
            Check again
          </Button>
        </div>
      );
    default:
      // Done (a write that keeps its outcome) or failed: what it ended with, its remedy, and Dismiss.
      return (
        <div className="grid gap-2">
          {write.step === 'failed' ? (
            <p className="text-sm text-red-300" role="alert">
              {write.error}
            </p>
          ) : (
            write.outcome && (
              <p className="text-sm" role="status">
                {write.outcome}
              </p>
            )
          )}
          <WriteRemedy write={write} />
          <Button
            size="sm"
            variant="outline"
            className="justify-self-start"
            onClick={() => {
              dismissWrite(write.id);
              refocus();
            }}
          >
            Dismiss
          </Button>
        </div>
      );
  }
}

/**
 * The link of a write about a tiger: a write under way whose dialog can show it reopens there, over
 * the tiger's view (in place on a page hosting the view); another opens the tiger's view.
 */
function WriteLink({ write, serial }: { write: Write; serial: number }) {
  const reopens = isUnderWay(write) && dialogOfWrite(write.id) !== null;
  function open(event: MouseEvent<HTMLAnchorElement>): void {
    if (!$tigerViewHosted.get() || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    $writeToReopen.set(reopens ? write.id : null);
    $openTiger.set(serial);
  }
  return (
    <a
      href={tigerViewHref(serial, reopens ? write.id : undefined)}
      onClick={open}
      className="justify-self-start text-xs text-primary underline underline-offset-4 hover:text-highlight"
    >
      {reopens ? 'Show progress' : `Open Wild Tiger #${serial}`}
    </a>
  );
}

/** The link of a write not about one tiger whose dialog a page hosts (a cart's checkout, a bulk write): it reopens there, in place on this page when it hosts it. */
function PageDialogLink({ write, href }: { write: Write; href: string }) {
  function open(event: MouseEvent<HTMLAnchorElement>): void {
    if (!hostsWriteDialog(write.id) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    $reopenWrite.set(write.id);
  }
  return (
    <a href={href} onClick={open} className="justify-self-start text-xs text-primary underline underline-offset-4 hover:text-highlight">
      {write.step === 'done' ? 'Show the result' : write.step === 'confirm' ? 'Show the details' : 'Show progress'}
    </a>
  );
}

/**
 * The signed-in holder's trades in progress (`writes`, from trayWrites), at the bottom of the screen:
 * each write whose dialog was closed (or that a reload picked up) until it is done, with its step and
 * wait, 'Check again' when the ledger is slow, and its failure until dismissed.
 */
export function WritesTray({ writes }: { writes: readonly Write[] }) {
  // In the body: its host (the wallet menu) sits in the fixed, blurred nav, which would be its containing block.
  return createPortal(
    // Below the dialogs (z-50) and the toasts: a dialog covers it, as it covers the page.
    <section
      id={TRAY_ID}
      tabIndex={-1}
      aria-label="Trades in progress"
      className="fixed bottom-4 left-4 z-40 outline-none grid max-h-[50vh] w-[min(24rem,calc(100vw-2rem))] gap-2 overflow-y-auto"
    >
      {writes.map((write) => (
        <article key={write.id} aria-label={write.title} className="grid gap-1 rounded-xl border border-primary/40 bg-card p-3 shadow-lg">
          <p className="text-sm font-semibold text-foreground">{write.title}</p>
          <WriteState write={write} />
          {write.serial !== null ? (
            <WriteLink write={write} serial={write.serial} />
          ) : (
            writeDialogHref(write.id) && <PageDialogLink write={write} href={writeDialogHref(write.id) as string} />
          )}
        </article>
      ))}
    </section>,
    document.body,
  );
}
