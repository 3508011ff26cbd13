/**
 * The WAI-ARIA tabs pattern's keys: the index of the tab that ArrowLeft/ArrowRight (wrapping),
 * Home or End move to from `index` among `count` tabs; -1 for any other key.
 */
export function tabIndexForKey(key: string, index: number, count: number): number {
  if (count === 0) return -1;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return -1;
}
