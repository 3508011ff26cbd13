/**
 * Sending one subscription what it lacks, in AWS (the fan-out and a subscribe's replay share it):
 * under the subscription's lease, the events after its cursor, from the events at hand when they
 * follow on from it, else from the log (a gap, a resume), or a reset when the log no longer holds
 * them; then the lease is let go with the cursor moved to the last one sent. Two senders never
 * send one subscription at once, so its connection gets each sequence once and in order.
 */
import { randomUUID } from 'node:crypto';
import { log as logLine } from '@/platform/log';
import type { MarketEvent } from './market-event';
import type { StreamConnectionsRepo } from './stream-connections-repo';
import type { StreamLog } from './stream-hub';
import type { StreamPoster } from './stream-poster-port';
import { MAX_REPLAY_EVENTS, type ServerFrame, encodeFrame } from './stream-protocol';

/** What a delivery needs: the connections table, the event log, the Management API. */
export interface DeliveryDeps {
  connections: StreamConnectionsRepo;
  log: StreamLog;
  poster: StreamPoster;
  newLeaseId?: () => string;
}

/** One connection's subscription to one stream. */
export interface SubscriptionRef {
  stream: string;
  connectionId: string;
}

/** How a delivery ended: sent (or nothing to send), busy (another sender holds it), gone (410), failed (a post failed otherwise). */
export type DeliveryOutcome = 'sent' | 'busy' | 'gone' | 'failed';

/** The events of `known` that carry on from `from` with no gap, in order. */
function followingOn(known: readonly MarketEvent[], from: number): MarketEvent[] {
  const run: MarketEvent[] = [];
  for (const event of known) if (event.seq === from + run.length + 1) run.push(event);
  return run;
}

/** Delivery over a connections table, a log and a poster. */
export function createSubscriptionDelivery({ connections, log, poster, newLeaseId = randomUUID }: DeliveryDeps) {
  /** The frames that take a subscription from `from` to the newest of `known` or the log's head, and the cursor they leave. */
  async function framesAfter(stream: string, from: number, known: readonly MarketEvent[]): Promise<{ frames: ServerFrame[]; upTo: number }> {
    const newer = known.filter((event) => event.seq > from);
    const run = followingOn(newer, from);
    if (known.length && run.length === newer.length) return { frames: run, upTo: run.at(-1)?.seq ?? from };
    const answer = await log.after(stream, from, MAX_REPLAY_EVENTS);
    if (answer.reset || answer.events.length >= MAX_REPLAY_EVENTS) {
      const upTo = Math.max(await log.head(stream), known.at(-1)?.seq ?? 0);
      return { frames: [{ type: 'reset', stream }], upTo };
    }
    const upTo = answer.events.at(-1)?.seq ?? from;
    const rest = followingOn(newer, upTo);
    return { frames: [...answer.events, ...rest], upTo: rest.at(-1)?.seq ?? upTo };
  }

  /** Sends under a lease already held (taken at `from`), then lets go; answers how it ended and the cursor it left. */
  async function sendHeld(subscription: SubscriptionRef, leaseId: string, from: number, known: readonly MarketEvent[] = []) {
    const { stream, connectionId } = subscription;
    const { frames, upTo } = await framesAfter(stream, from, known);
    let sent = from;
    for (const frame of frames) {
      try {
        if ((await poster.post(connectionId, encodeFrame(frame))) === 'gone') return { outcome: 'gone' as const, sentSeq: sent };
      } catch (error) {
        logLine.warn('stream frame not posted', { error, stream, connectionId });
        await connections.release(stream, connectionId, leaseId, sent);
        return { outcome: 'failed' as const, sentSeq: sent };
      }
      sent = 'seq' in frame ? frame.seq : upTo;
    }
    await connections.release(stream, connectionId, leaseId, upTo);
    return { outcome: 'sent' as const, sentSeq: upTo };
  }

  return {
    sendHeld,

    /** Takes the subscription's lease and sends what it lacks up to the newest of `known` (or the log's head). */
    async catchUp(subscription: SubscriptionRef, known: readonly MarketEvent[] = []): Promise<DeliveryOutcome> {
      const leaseId = newLeaseId();
      const from = await connections.lease(subscription.stream, subscription.connectionId, leaseId);
      if (from === undefined) return 'busy';
      return (await sendHeld(subscription, leaseId, from, known)).outcome;
    },

    /** Deletes a connection that is gone and its subscriptions (those it listed, and `stream`, where it was found). */
    async prune(connectionId: string, stream?: string): Promise<void> {
      const streams = new Set(await connections.forget(connectionId));
      if (stream) streams.add(stream);
      await Promise.all([...streams].map((name) => connections.unsubscribe(name, connectionId)));
    },
  };
}

export type SubscriptionDelivery = ReturnType<typeof createSubscriptionDelivery>;
