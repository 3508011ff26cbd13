/**
 * A synchronous memo of at most `limit` values by key: past it, the oldest goes first. A value
 * whose computation throws is not kept.
 */
export function createBoundedMemo<V>(limit: number): (key: string, compute: () => V) => V {
  const kept = new Map<string, V>();
  return (key, compute) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute();
      if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
      kept.set(key, value);
    }
    return value;
  };
}
