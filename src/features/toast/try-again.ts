import { isUnavailable } from '@/lib/api/api-error';
import type { ToastActionInput } from './toast-store';

/** A failure toast's 'Try again' when `failure` is worth asking again (no answer, 429, 5xx): runs `retry` ('Try syncing your tigers again' for a screen reader). */
export const tryAgainAfter = (failure: unknown, retry: () => void, what: string): ToastActionInput | undefined =>
  isUnavailable(failure) ? { label: 'Try again', altText: `Try ${what} again`, onClick: retry } : undefined;
