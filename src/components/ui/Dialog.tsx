import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

// Radix Dialog: focus is trapped inside, Escape and the close button close it, and the
// content is labelled by DialogTitle and described by DialogDescription. On top of Radix, every
// dialog of the app: closes on the browser's Back button (instead of leaving the page), closes on
// Escape even while a toast shows, and gives focus back to the control that opened it.

/** The history entry an open dialog adds, so Back closes the dialog; `level` counts the dialogs open beneath and including it. */
interface DialogHistoryState {
  wildTigersDialog: number;
}

/** An open toast (components/ui/Toast.tsx marks its root). */
const OPEN_TOAST = '[data-toast][data-state="open"]';

/** Dialogs currently holding a history entry (a dialog opened over another stacks on it). */
let openLevels = 0;

function dialogLevel(state: unknown): number {
  const level = state && typeof state === 'object' ? (state as Partial<DialogHistoryState>).wildTigersDialog : undefined;
  return typeof level === 'number' ? level : 0;
}

/**
 * While `open`, the dialog holds its level in the stack of open dialogs and one history entry (same
 * URL): Back pops it and asks the dialog to close. A dialog that stays open (it is busy) takes a new
 * entry, so the next Back tries again. Closed any other way, it removes its entry itself. Escape
 * reaches the topmost dialog past a toast.
 */
function useDialogStackEntry(open: boolean, onOpenChange: ((open: boolean) => void) | undefined): void {
  const latest = useRef(onOpenChange);
  latest.current = onOpenChange;
  useEffect(() => {
    if (!open || typeof window === 'undefined') return;
    openLevels += 1;
    const level = openLevels;
    let holdsEntry = true;
    let active = true;
    const push = () => {
      window.history.pushState({ ...(window.history.state as object | null), wildTigersDialog: level } satisfies DialogHistoryState, '');
      holdsEntry = true;
    };
    push();
    const onPop = (event: PopStateEvent) => {
      if (!holdsEntry || dialogLevel(event.state) >= level) return;
      holdsEntry = false;
      latest.current?.(false);
      // Still open a moment later: it refused to close (busy); keep Back working for the next try.
      setTimeout(() => active && !holdsEntry && push(), 0);
    };
    // A toast shown after the dialog opened is Radix's topmost dismissable layer and would take
    // Escape, leaving the dialog open: while a toast shows, Escape closes the topmost dialog.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || level !== openLevels || !document.querySelector(OPEN_TOAST)) return;
      event.stopPropagation();
      latest.current?.(false);
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      active = false;
      openLevels -= 1;
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('keydown', onKeyDown, true);
      if (holdsEntry && dialogLevel(window.history.state) === level) window.history.back();
    };
  }, [open]);
}

/** The dialog root (controlled with `open` / `onOpenChange`); the browser's Back button closes it. */
export function Dialog({ open, onOpenChange, ...props }: ComponentProps<typeof DialogPrimitive.Root>) {
  useDialogStackEntry(open === true, onOpenChange);
  return <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} {...props} />;
}

export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn('fixed inset-0 z-50 bg-black/75 backdrop-blur-sm data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out', className)}
      {...props}
    />
  );
}

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Text of the visually hidden label of the corner close button. */
  closeLabel?: string;
  hideClose?: boolean;
  /**
   * While the dialog waits for the wallet (or the ledger): what happens to the pending request if
   * the dialog is closed now. Shown under the content, and the close button stays.
   */
  pendingNote?: string | null;
  /** The dialog's widest size (a `max-w-*` class). */
  maxWidth?: string;
};

/**
 * On a small screen, toasts show across the top (spec 000 §2): while one shows, an open dialog sits at
 * the bottom below it, shorter, so the toast covers neither its title and close button nor its buttons.
 */
const TOAST_ROOM =
  'max-sm:[body:has([data-toast][data-state=open])_&]:top-auto max-sm:[body:has([data-toast][data-state=open])_&]:bottom-4 max-sm:[body:has([data-toast][data-state=open])_&]:translate-y-0 max-sm:[body:has([data-toast][data-state=open])_&]:max-h-[calc(100dvh-9rem)]';

/** Where a dialog's opener lives, to return focus to when the opener itself is gone (a sold tiger's card). */
const OPENER_REGION = '[role="tabpanel"], [role="region"], section, main';

/**
 * The element that had focus when the dialog opened (the button that opened it), to return focus to
 * on close; when the dialog's outcome removed it, the tab panel, region or section it was in (made
 * focusable for that), so focus does not drop to the top of the page.
 */
function useOpener(): () => HTMLElement | null {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const [region] = useState(() => (opener instanceof HTMLElement ? opener.parentElement?.closest<HTMLElement>(OPENER_REGION) : null) ?? null);
  return () => {
    if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) return opener;
    if (!region?.isConnected) return null;
    if (!region.hasAttribute('tabindex')) region.tabIndex = -1;
    return region;
  };
}

export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  hideClose = false,
  pendingNote,
  maxWidth = 'max-w-lg',
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const opener = useOpener();
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-popover p-6 text-popover-foreground shadow-2xl shadow-black data-[state=open]:animate-dialog-in data-[state=closed]:animate-dialog-out',
          TOAST_ROOM,
          maxWidth,
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // Radix returns focus only to a DialogTrigger; our dialogs are opened by ordinary buttons.
          const target = opener();
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
        {...props}
      >
        {children}
        {pendingNote && (
          <p className="rounded-lg border border-border bg-muted/60 p-3 text-sm text-muted-foreground" data-testid="dialog-pending-note">
            {pendingNote}
          </p>
        )}
        {(!hideClose || pendingNote) && (
          <DialogPrimitive.Close className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-4" aria-hidden="true">
              <path d="M18 6 6 18M6 6l12 12" strokeLinecap="round" />
            </svg>
            <span className="sr-only">{closeLabel}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8 text-left', className)} {...props} />;
}

/** A dialog's buttons: they stay in view at the bottom of a dialog taller than the screen (a long list on a phone). */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-col-reverse gap-2 bg-popover px-6 pt-2 pb-6 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

/** A dialog's title; `textSize` replaces its size and leading. */
export function DialogTitle({ className, textSize = 'text-lg leading-tight', ...props }: ComponentProps<typeof DialogPrimitive.Title> & { textSize?: string }) {
  return <DialogPrimitive.Title className={cn('font-bold', textSize, className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
