import { useIslandStore } from '@/lib/use-island-store';
import { $writes, NO_WRITES } from './write-store';
import { isUnderWay } from './write-progress';

/** Whether the write `id` is under way, for a card to say so ('Listing…') and reopen it. */
export function useWriteUnderWay(): (id: string) => boolean {
  const writes = useIslandStore($writes, NO_WRITES);
  return (id) => isUnderWay(writes[id]);
}
