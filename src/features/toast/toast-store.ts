import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive';

export interface ToastActionInput {
  label: string;
  /** Describes the action for screen readers when the toast is announced (defaults to the label). */
  altText?: string;
  onClick: () => void;
}

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastActionInput;
  /** Display time in ms; defaults to TOAST_DURATION_MS. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_HOTKEY = ['F8'];

/** The toasts currently mounted; at most TOAST_LIMIT, newest first. */
export const $toasts = atom<ToastItem[]>([]);

let lastId = 0;
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      $toasts.set($toasts.get().filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a toast, replacing the one on screen. Callable from any island. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  lastId += 1;
  const id = String(lastId);
  $toasts.set([{ ...input, id, open: true }, ...$toasts.get()].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes one toast (or all when no id is given); it is removed from the store after TOAST_REMOVE_DELAY_MS. */
export function dismissToast(id?: string): void {
  $toasts.set($toasts.get().map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of $toasts.get()) if (!t.open) scheduleRemoval(t.id);
}
