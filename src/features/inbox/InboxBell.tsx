/**
 * The signed-in holder's inbox in the nav (issue 57, item 4): a bell with the unread count, its
 * notifications newest first, 'Mark all read'. It follows the holder's own stream, so a sale of
 * their tiger, an offer on one, an accepted or unfunded offer, a listing taken down arrive live,
 * as a toast and in the list, on whatever page is open. WalletMenu loads it once signed in.
 */
import { useEffect, useRef, useState } from 'react';
import { noticeFor } from '@/features/market-events/inbox-rules';
import { accountStream } from '@/features/market-events/market-event';
import { followStream } from '@/features/market-events/stream-client';
import { toast } from '@/features/toast/toast-store';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';
import { formatLocalDateTime } from '@/lib/format';
import { type InboxAnswer, markRead, readInbox } from './inbox-client';

function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The unread count as the badge shows it. */
const badge = (unread: number): string => (unread > 9 ? '9+' : String(unread));

export default function InboxBell({ accountId }: { accountId: string }) {
  // Null until the first read answers: the bell then claims no count at all.
  const [inbox, setInbox] = useState<InboxAnswer | null>(null);
  const [open, setOpen] = useState(false);
  const [marking, setMarking] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    const reread = () =>
      void readInbox()
        .then((answer) => live && setInbox(answer))
        .catch(() => undefined);
    reread();
    const stop = followStream(accountStream(accountId), {
      onEvent: (event) => {
        const notice = noticeFor(event, accountId);
        if (!notice) return;
        toast(notice);
        reread();
      },
      onReset: reread,
    });
    return () => {
      live = false;
      stop();
    };
  }, [accountId]);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  const unread = inbox?.unread ?? 0;
  const label = inbox ? `Notifications, ${unread} unread` : 'Notifications';

  async function markAllRead(): Promise<void> {
    const ids = (inbox?.notifications ?? []).filter((notification) => !notification.read).map((notification) => notification.id);
    if (!ids.length) return;
    setMarking(true);
    try {
      setInbox(await markRead(ids));
    } catch {
      toast({ title: 'Could not mark read', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setMarking(false);
    }
  }

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
        aria-label={label}
        aria-expanded={open}
        aria-controls="inbox-panel"
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-[1.1rem] rounded-full bg-primary px-1 text-center text-[11px] font-semibold leading-[1.1rem] text-primary-foreground"
          >
            {badge(unread)}
          </span>
        )}
      </button>
      {open && (
        <section
          id="inbox-panel"
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-50 rounded-lg border border-border bg-popover p-2 text-popover-foreground shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-11 sm:w-80"
        >
          <div className="flex items-center justify-between gap-2 px-2 py-1">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <button
              type="button"
              className={buttonVariants({ variant: 'link', size: 'inline' })}
              onClick={() => void markAllRead()}
              disabled={!unread || marking}
            >
              {marking ? 'Marking…' : 'Mark all read'}
            </button>
          </div>
          {!inbox ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">Loading…</p>
          ) : inbox.notifications.length === 0 ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">No notifications yet</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {inbox.notifications.map((notification) => (
                <li key={notification.id} className={cn('rounded-md px-2 py-2', !notification.read && 'bg-accent/40')}>
                  <p className={cn('text-sm', !notification.read && 'font-semibold')}>
                    {!notification.read && <span className="sr-only">Unread: </span>}
                    {notification.title}
                  </p>
                  <p className="text-sm text-muted-foreground">{notification.description}</p>
                  <p className="text-xs text-muted-foreground">{formatLocalDateTime(new Date(notification.at))}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
