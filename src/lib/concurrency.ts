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
