/**
 * The wallet writes in progress in this page (spec 001 §4's steps, for every write): what each is,
 * the step it is at and since when. A write runs on its own, not in its dialog: closing the dialog
 * only stops showing it there, and the tray of writes in progress (WritesTray) keeps it in view on
 * every page until it ends. What a write needs to finish after a reload is kept by its flow (the
 * kept transaction of kept-transactions.ts); this store is what the page shows of it, and what
 * every page loads (the wallet menu hosts the tray). Writes move through their steps in
 * write-progress.ts, which only the flows load.
 */
import { atom, map } from 'nanostores';

/**
 * prepare (the server prepares it), confirm (the holder's choice is needed before anything is
 * signed: what changed, what the wallet will be asked), wallet (the wallet is asked), ledger (the
 * ledger settles it and the server completes it), stalled (the ledger took longer than the page
 * waits: check again), done, failed (with the spec's message).
 */
export type WriteStep = 'prepare' | 'confirm' | 'wallet' | 'ledger' | 'stalled' | 'done' | 'failed';

/** What a write asks the holder at its 'confirm' step: what it is about, in lines, and the answers (none chosen for them). */
export interface WriteQuestion {
  text: string;
  details: string[];
  options: { id: string; label: string; variant?: 'default' | 'outline' }[];
}

export interface Write {
  /** One write per thing written: a second start of the same listing finds this one. */
  id: string;
  accountId: string;
  /** What the tray says it is: 'Listing Wild Tiger #12 for 30 PAWS'. */
  title: string;
  /** The tiger it is about, for its card and view. */
  serial: number | null;
  /** The PAWS it is for (a listing's price, a purchase's), as typed or listed. */
  amount: string | null;
  /** The steps it takes, as its dialog lists them (a purchase with an allowance to approve takes one more). */
  steps: readonly string[];
  step: WriteStep;
  /** When it began (ms since the epoch): the tray lists the oldest first. */
  started: number;
  /** When the current step began (ms since the epoch), for the elapsed time shown. */
  since: number;
  /** What the page says about the step, beside the step's own text (a late wallet answer). */
  note: string | null;
  /** The failure's message (step 'failed'); `retryable` when the spec offers Try Again. */
  error: string | null;
  retryable: boolean;
  /** The transaction that made it, once done (shown with its ledger-explorer link). */
  transactionId: string | null;
  /** What it asks the holder (step 'confirm'). */
  question: WriteQuestion | null;
  /** What it did, once done ('Bought #12 and #40 for 95 PAWS; not bought: #7, sold before you paid'), shown until dismissed. */
  outcome: string | null;
  /** What the holder can do about how it ended, in one click ('Revoke the marketplace’s permission on Wild Tiger #12'), or null. */
  remedy: string | null;
  /** Kept in the tray once done, until dismissed, when its dialog did not show its end (a cart's checkout, whose outcome names what was and was not bought). */
  keepDone: boolean;
}

export const $writes = map<Record<string, Write>>({});

/** What the server renders with: no write (a page's islands hydrate with it, then the live writes). */
export const NO_WRITES: Record<string, Write> = {};

/** The write a dialog shows: the tray leaves it to the dialog. */
export const $writeInDialog = atom<string | null>(null);

/**
 * The writes of `accountId` the tray shows: under way, or failed (or done, for those that keep their
 * outcome) and not yet dismissed, but not the one in a dialog; oldest first.
 */
export function trayWrites(accountId: string | null, writes: Record<string, Write>, inDialog: string | null): Write[] {
  if (!accountId) return [];
  return Object.values(writes)
    .filter((write) => write.accountId === accountId && (write.step !== 'done' || write.keepDone) && write.id !== inDialog)
    .sort((a, b) => a.started - b.started);
}
