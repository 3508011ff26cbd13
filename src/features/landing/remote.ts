import { atom, onMount, type ReadableAtom } from 'nanostores';
import { apiJson } from '@/lib/api/api-fetch';

/** A value read from the API: loading (skeleton), ready, or failed (shown as 'N/A'). */
export type Remote<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed' };

export interface RemoteOptions {
  /** A value younger than this is reused when a component mounts again (spec 000 §9 caches). */
  maxAgeMs: number;
  /** Refetch every this many ms while a component shows the value; 0 = never. */
  refreshMs?: number;
  /** Test seam: the clock. */
  now?: () => number;
}

/**
 * A small polled JSON store for the landing page's public figures (a few lines instead of a query
 * library, for the page's JavaScript budget). A failed read keeps the page going: it warns in the
 * console and the value becomes 'failed', as spec 000 §7 asks for price reads.
 */
export function remoteJson<T>(path: string, pick: (body: unknown) => T, options: RemoteOptions): ReadableAtom<Remote<T>> {
  const { maxAgeMs, refreshMs = 0, now = Date.now } = options;
  const store = atom<Remote<T>>({ state: 'loading' });
  let loadedAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | undefined;

  const load = (): Promise<void> => {
    inFlight ??= apiJson<unknown>(path)
      .then((body) => {
        store.set({ state: 'ready', value: pick(body) });
      })
      .catch((error: unknown) => {
        console.warn(`Failed to fetch ${path}`, error);
        store.set({ state: 'failed' });
      })
      .finally(() => {
        loadedAt = now();
        inFlight = undefined;
      });
    return inFlight;
  };

  onMount(store, () => {
    // Pre-rendering reads the store too (nanostores mounts it for a get()): fetch only in the browser.
    if (typeof window === 'undefined') return;
    if (now() - loadedAt >= maxAgeMs) void load();
    const timer = refreshMs > 0 ? setInterval(() => void load(), refreshMs) : undefined;
    return () => clearInterval(timer);
  });
  return store;
}

/** A finite number, or null for anything else (missing, null, text, NaN). */
export function numberOrNull(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}
