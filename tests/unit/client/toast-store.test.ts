import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $toasts,
  dismissToast,
  toast,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from '@/features/toast/toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  $toasts.set([]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('uses the spec constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_HOTKEY).toEqual(['F8']);
  });

  it('shows a toast with its title, description and variant', () => {
    const { id } = toast({ title: 'Wallet Connected', description: 'Click Authenticate', variant: 'default' });
    expect($toasts.get()).toEqual([{ id, open: true, title: 'Wallet Connected', description: 'Click Authenticate', variant: 'default' }]);
  });

  it('keeps only one toast: a new one replaces the old', () => {
    toast({ title: 'First' });
    const second = toast({ title: 'Purchase Successful!', variant: 'destructive', duration: 8000 });
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ id: second.id, title: 'Purchase Successful!', duration: 8000 });
  });

  it('dismiss closes the toast and removes it after the remove delay', () => {
    const shown = toast({ title: 'Sync Failed' });
    shown.dismiss();
    expect($toasts.get()[0]).toMatchObject({ id: shown.id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('dismissToast without an id closes every toast', () => {
    toast({ title: 'A' });
    dismissToast();
    expect($toasts.get().every((t) => !t.open)).toBe(true);
  });

  it('keeps the action callback', () => {
    const onClick = vi.fn();
    toast({ title: 'Transaction Cancelled', action: { label: 'Try Again', onClick } });
    $toasts.get()[0]?.action?.onClick();
    expect(onClick).toHaveBeenCalledOnce();
  });
});
