import { CreateTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import type { NewMarketEvent } from '@/features/market-events/market-event';
import { createStreamConnectionsRepo } from '@/features/market-events/stream-connections-repo';
import { createConnectionsTableInput } from '@/features/market-events/stream-connections-table';
import type { StreamPoster } from '@/features/market-events/stream-poster-port';
import type { MemoryStore } from './memory-store';

/** A frame as a fake connection received it. */
export type ReceivedFrame = { type?: string; stream?: string; seq?: number; code?: string; heads?: Record<string, number>; data?: { ref?: string } };

/**
 * The Management API, faked: the frames each connection was sent, in order; connections marked gone
 * answer 'gone' (API Gateway's 410); `beforePost` runs before each post (a test's race).
 */
export function fakePoster() {
  const frames = new Map<string, ReceivedFrame[]>();
  const gone = new Set<string>();
  const poster: StreamPoster & { beforePost?: (connectionId: string, frame: ReceivedFrame) => Promise<void> } = {
    async post(connectionId, data) {
      const frame = JSON.parse(data) as ReceivedFrame;
      await poster.beforePost?.(connectionId, frame);
      if (gone.has(connectionId)) return 'gone';
      frames.set(connectionId, [...(frames.get(connectionId) ?? []), frame]);
      return 'sent';
    },
  };
  return {
    poster,
    gone,
    /** Every frame a connection received. */
    received: (connectionId: string) => frames.get(connectionId) ?? [],
    /** The sequences of one stream's events a connection received, in order. */
    seqs: (connectionId: string, stream: string) =>
      (frames.get(connectionId) ?? []).filter((frame) => frame.stream === stream && frame.seq !== undefined).map((frame) => frame.seq),
    clear: () => frames.clear(),
  };
}

/** A fresh app table (the event log) and a fresh connections table on the memory store, with their repos. */
export async function streamTables(store: MemoryStore, now: () => number) {
  const connectionsTable = `test-connections-${Math.random().toString(36).slice(2)}`;
  await store.doc.send(new CreateTableCommand(createConnectionsTableInput(connectionsTable)));
  while ((await store.doc.send(new DescribeTableCommand({ TableName: connectionsTable }))).Table?.TableStatus !== 'ACTIVE') {
    await new Promise((ready) => setTimeout(ready, 10));
  }
  return {
    log: createEventLogRepo(store.doc, await store.newTable(), now),
    connections: createStreamConnectionsRepo(store.doc, connectionsTable, now),
  };
}

/** A new event about a tiger, for the given streams. */
export function newEvent(id: string, streams: string[], at: number): NewMarketEvent {
  return { id, type: 'listing-created', at: new Date(at).toISOString(), streams, data: { ref: id, serial: 7 } };
}
