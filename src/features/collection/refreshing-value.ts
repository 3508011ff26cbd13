/**
 * A value loaded from an upstream (the ledger, the market) and kept fresh for many readers:
 * one load at a time, stale-while-revalidate (after `ttlMs` the last good copy is still served
 * while one background load replaces it), a failed load keeps the last good copy and is not
 * retried before `retryMs`, and the very first readers wait at most `firstWaitMs` for it.
 */

import { withTimeout } from '@/lib/timeout';
import { outsideRequestBudget } from '@/platform/request-budget';

export interface Snapshot<T> {
  value: T;
  /** When this value was loaded (ms). */
  loadedAt: number;
  /** Grows by one with every successful load that brought a different value. */
  version: number;
}

export interface RefreshingValueOptions<T> {
  load: () => Promise<T>;
  ttlMs: number;
  /** After a failed load, no new attempt before this long. */
  retryMs: number;
  /** The first readers wait at most this long for the first load; then they get undefined (it keeps loading). */
  firstWaitMs?: number;
  onError?: (error: unknown) => void;
  now?: () => number;
  /**
   * A copy loaded elsewhere (a store shared by instances, the scheduled job's): tried before each load, and taken
   * instead of it when younger than `ttlMs` and newer than this instance's copy.
   */
  seed?: () => Promise<{ value: T; loadedAt: number } | undefined>;
  /** Shares each value this instance loads itself, once readers have it (a failure only reaches `onError`). */
  publish?: (value: T, loadedAt: number) => Promise<void>;
}

/** How long a load waits for its value to be shared before it answers anyway (the share goes on). */
const PUBLISH_WAIT_MS = 1_000;

export interface RefreshingValue<T> {
  /** The last good copy (undefined while none), refreshing it in the background when stale. */
  get(): Promise<Snapshot<T> | undefined>;
  /** As `get` when there is a copy, at once; undefined while there is none (it starts no first load). */
  read(): Snapshot<T> | undefined;
  /** The last good copy, without loading or refreshing anything. */
  peek(): Snapshot<T> | undefined;
  /** Called after each successful load that brought a different value. */
  onChange(listener: (snapshot: Snapshot<T>) => void): void;
}

export function createRefreshingValue<T>(options: RefreshingValueOptions<T>): RefreshingValue<T> {
  const { load, ttlMs, retryMs, firstWaitMs = Number.POSITIVE_INFINITY, onError, now = Date.now, seed, publish } = options;
  let current: Snapshot<T> | undefined;
  let inFlight: Promise<Snapshot<T> | undefined> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  const listeners: ((snapshot: Snapshot<T>) => void)[] = [];

  /** One load for every reader, on its own time-outs rather than the budget of the request that started it. */
  function start(): Promise<Snapshot<T> | undefined> {
    inFlight ??= outsideRequestBudget(async () => {
      try {
        const seeded = await readSeed();
        const value = seeded ? seeded.value : await load();
        const loadedAt = seeded ? seeded.loadedAt : now();
        const snapshot = keep(value, loadedAt);
        if (!seeded) await share(value, loadedAt);
        return snapshot;
      } catch (error) {
        failedAt = now();
        onError?.(error);
        return current;
      } finally {
        inFlight = undefined;
      }
    });
    return inFlight;
  }

  const coolingDown = () => now() - failedAt < retryMs;

  /** Makes a loaded value the current copy and tells the listeners, unless it is the very same value. */
  function keep(value: T, loadedAt: number): Snapshot<T> {
    // The very same value (e.g. a dataset the source keeps in memory) is only marked fresh.
    if (current && Object.is(value, current.value)) {
      current = { ...current, loadedAt };
      return current;
    }
    const snapshot: Snapshot<T> = { value, loadedAt, version: (current?.version ?? 0) + 1 };
    current = snapshot;
    for (const listener of listeners) {
      try {
        listener(snapshot);
      } catch (error) {
        onError?.(error);
      }
    }
    return snapshot;
  }

  /** The shared copy, if it is still fresh and newer than this instance's. */
  async function readSeed(): Promise<{ value: T; loadedAt: number } | undefined> {
    if (!seed) return undefined;
    try {
      const shared = await seed();
      return shared && now() - shared.loadedAt < ttlMs && shared.loadedAt > (current?.loadedAt ?? Number.NEGATIVE_INFINITY) ? shared : undefined;
    } catch (error) {
      onError?.(error);
      return undefined;
    }
  }

  /** Publishes the value, waiting at most PUBLISH_WAIT_MS (a Lambda must not answer mid-write, nor wait on a slow table). */
  async function share(value: T, loadedAt: number): Promise<void> {
    if (!publish) return;
    const shared = publish(value, loadedAt).catch((error: unknown) => onError?.(error));
    await withTimeout(shared, PUBLISH_WAIT_MS, () => undefined);
  }

  function read(): Snapshot<T> | undefined {
    if (current && now() - current.loadedAt >= ttlMs && !inFlight && !coolingDown()) void start();
    return current;
  }

  return {
    async get() {
      if (current) return read();
      if (!inFlight && coolingDown()) return undefined;
      const loading = start();
      if (!Number.isFinite(firstWaitMs)) return loading;
      return withTimeout(loading, firstWaitMs, () => undefined);
    },
    read,
    peek: () => current,
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
