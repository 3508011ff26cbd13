/**
 * A small in-memory cache with a time-to-live per entry that also shares in-flight loads, so a
 * burst of identical reads costs one upstream call. Failed loads are not cached.
 */
export function createTtlCache<V>(ttlMs: number, options: { maxEntries?: number; now?: () => number } = {}) {
  const { maxEntries = 10_000, now = Date.now } = options;
  const entries = new Map<string, { expiresAt: number; value: Promise<V> }>();

  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const value = load();
      entries.set(key, { expiresAt: now() + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    /** Forgets a key (e.g. after a write that changed it). */
    delete(key: string): void {
      entries.delete(key);
    },
  };
}

export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>;
