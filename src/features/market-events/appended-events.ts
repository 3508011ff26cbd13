/**
 * The events this process has just written, for a push server in the same process (the local
 * server's `/api/stream`). In AWS no one listens here: the table's stream carries them to the fan-out.
 */
import type { MarketEvent } from './market-event';

type Listener = (events: MarketEvent[]) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with each batch of events written from now on; answers how to stop. */
export function onAppended(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners of events just written. */
export function notifyAppended(events: MarketEvent[]): void {
  if (events.length) for (const listener of listeners) listener(events);
}
