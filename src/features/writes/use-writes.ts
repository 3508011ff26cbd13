import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useIslandStore } from '@/lib/use-island-store';
import { $writes, NO_WRITES, type Write } from './write-store';
import { claimForDialog, dismissWrite, isUnderWay } from './write-progress';

/** Whether the write `id` is under way, for a card to say so ('Listing…') and reopen it. */
export function useWriteUnderWay(): (id: string) => boolean {
  const writes = useIslandStore($writes, NO_WRITES);
  return (id) => isUnderWay(writes[id]);
}

/**
 * A write's dialog: while open it shows write `id` (the tray leaves it to the dialog); opened on a
 * write that ended earlier it starts afresh, then runs `onOpen` (to follow an approval kept for the
 * ledger). Its `close` dismisses a write that ended, since the dialog showed its end; one under way
 * goes on in the tray.
 */
export function useWriteDialog(id: string | null, onOpen: () => void): { write: Write | undefined; close: () => void } {
  const writes = useStore($writes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another write is opened
  useEffect(() => {
    if (!id) return;
    const release = claimForDialog(id);
    if (!isUnderWay($writes.get()[id])) dismissWrite(id);
    onOpen();
    return release;
  }, [id]);
  const write = id ? writes[id] : undefined;
  return {
    write,
    close: () => {
      if (id && write && !isUnderWay(write)) dismissWrite(id);
    },
  };
}
