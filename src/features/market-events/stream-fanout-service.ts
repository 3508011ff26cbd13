/**
 * The fan-out of the live market in AWS: the events the table's stream carries (each event
 * item's INSERT) go to the subscribers of their own stream only, read from the connections table,
 * so an event costs work for its stream's subscribers and no one else's. A stream's events are
 * sent in order: the table's stream gives one partition key (one stream) in order, and each
 * subscriber is sent its stream's events of a batch at once, under its lease
 * (subscription-delivery.ts). A connection the Management API calls gone (410) is pruned with its
 * subscriptions.
 */
import { randomUUID } from 'node:crypto';
import { mapConcurrently } from '@/lib/concurrency';
import type { MarketEvent } from './market-event';
import type { StreamConnectionsRepo } from './stream-connections-repo';
import type { StreamLog } from './stream-hub';
import type { StreamPoster } from './stream-poster-port';
import { type DeliveryOutcome, createSubscriptionDelivery } from './subscription-delivery';

/** Streams of a batch fanned out at once, and subscribers of one stream sent to at once. */
const PARALLEL_STREAMS = 4;
const PARALLEL_POSTS = 16;

/** What the fan-out needs: the connections table, the event log (for a gap), the Management API. */
export interface StreamFanoutDeps {
  connections: StreamConnectionsRepo;
  log: StreamLog;
  poster: StreamPoster;
  newLeaseId?: () => string;
}

/** What one batch did, for its log line: deliveries by outcome, and the connections pruned. */
export type FanoutReport = Record<DeliveryOutcome | 'upToDate', number> & { events: number; pruned: number };

/** Each stream's events, in sequence order, each sequence once (a retried batch may repeat one). */
export function eventsByStream(events: readonly MarketEvent[]): Map<string, MarketEvent[]> {
  const byStream = new Map<string, Map<number, MarketEvent>>();
  for (const event of events) {
    const stream = byStream.get(event.stream) ?? new Map<number, MarketEvent>();
    byStream.set(event.stream, stream);
    stream.set(event.seq, event);
  }
  return new Map([...byStream].map(([stream, bySeq]) => [stream, [...bySeq.values()].sort((a, b) => a.seq - b.seq)]));
}

/** The fan-out over its dependencies. */
export function createStreamFanoutService({ connections, log, poster, newLeaseId = randomUUID }: StreamFanoutDeps) {
  const delivery = createSubscriptionDelivery({ connections, log, poster, newLeaseId });

  async function fanOut(stream: string, events: MarketEvent[], report: FanoutReport): Promise<void> {
    const newest = events.at(-1)?.seq ?? 0;
    const subscribers = await connections.subscribers(stream);
    await mapConcurrently(subscribers.length, PARALLEL_POSTS, async (index) => {
      const subscription = subscribers[index];
      if (!subscription) return;
      // A replay already sent these.
      if (subscription.sentSeq >= newest) {
        report.upToDate += 1;
        return;
      }
      const outcome = await delivery.catchUp(subscription, events);
      report[outcome] += 1;
      if (outcome === 'gone') {
        await delivery.prune(subscription.connectionId, stream);
        report.pruned += 1;
      }
    });
  }

  return {
    /** Sends events just written to their streams' subscribers: streams side by side, each stream's events in order. */
    async publish(events: readonly MarketEvent[]): Promise<FanoutReport> {
      const report: FanoutReport = { events: events.length, sent: 0, busy: 0, gone: 0, failed: 0, upToDate: 0, pruned: 0 };
      const streams = [...eventsByStream(events)];
      await mapConcurrently(streams.length, PARALLEL_STREAMS, async (index) => {
        const [stream, ofStream] = streams[index] ?? ['', []];
        if (ofStream.length) await fanOut(stream, ofStream, report);
      });
      return report;
    },
  };
}

export type StreamFanoutService = ReturnType<typeof createStreamFanoutService>;
