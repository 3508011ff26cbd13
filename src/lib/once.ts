/** Builds a value on first use and keeps it (a Lambda keeps it across warm invocations). */
export function once<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}

/**
 * Like once, for an asynchronous build that may fail: concurrent callers share one build, a
 * success is kept, and a failure is forgotten so the next call tries again (one failed secret
 * read must not break a port until the instance is recycled).
 */
export function onceAsync<T>(build: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= build().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
