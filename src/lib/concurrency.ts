/** Runs `task(0..count-1)` with at most `parallel` running at once; the results come in index order. */
export async function mapConcurrently<T>(count: number, parallel: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) results[index] = await task(index);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return results;
}

/** Releases a slot taken from `createSlots` (a second call does nothing). */
export type ReleaseSlot = () => void;

/** At most `max` holders at once; `take()` waits in arrival order for a free slot. */
export function createSlots(max: number): { take(): Promise<ReleaseSlot> } {
  let free = max;
  const waiting: (() => void)[] = [];
  return {
    async take() {
      if (free > 0) free -= 1;
      else await new Promise<void>((granted) => waiting.push(granted));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      };
    },
  };
}
