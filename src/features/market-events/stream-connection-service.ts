/**
 * The AWS WebSocket API's side of the live market's protocol (stream-protocol.ts), what the local
 * server's hub does in one process: connections recorded at `$connect` with the account their
 * session cookie named, subscriptions checked (mayRead, the per-connection limits) and stored in
 * the connections table, answered with `subscribed` and the heads, and a resume replayed from the
 * log (or a reset), all through the Management API. Each subscription is then the fan-out's
 * (stream-fanout-service.ts); the two never send one subscription at once (subscription-delivery.ts).
 */
import { randomUUID } from 'node:crypto';
import type { StreamConnectionsRepo } from './stream-connections-repo';
import type { StreamLog } from './stream-hub';
import type { StreamPoster } from './stream-poster-port';
import {
  FRAME_WINDOW_MS,
  FRAMES_PER_WINDOW,
  type FrameError,
  MAX_CLIENT_FRAME_BYTES,
  MAX_STREAMS_PER_CONNECTION,
  type ServerFrame,
  encodeFrame,
  mayRead,
  parseClientFrame,
} from './stream-protocol';
import { createSubscriptionDelivery } from './subscription-delivery';

/** What the service needs: the connections table, the event log, the Management API. */
export interface StreamConnectionDeps {
  connections: StreamConnectionsRepo;
  log: StreamLog;
  poster: StreamPoster;
  newLeaseId?: () => string;
}

/** Whether a `$connect` comes from the site's own pages: its Origin is the site's, or it sends none (not a browser). */
export function isSiteOrigin(origin: string | undefined, siteOrigin: string): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).origin === new URL(siteOrigin).origin;
  } catch {
    return false;
  }
}

/** The connection side of the stream over its dependencies. */
export function createStreamConnectionService(deps: StreamConnectionDeps) {
  const { connections, log, poster, newLeaseId = randomUUID } = deps;
  const delivery = createSubscriptionDelivery({ connections, log, poster, newLeaseId });

  /** Sends one frame; a connection found gone is pruned. Answers whether it was sent. */
  async function send(connectionId: string, frame: ServerFrame): Promise<boolean> {
    if ((await poster.post(connectionId, encodeFrame(frame))) === 'sent') return true;
    await delivery.prune(connectionId);
    return false;
  }

  const refuse = (connectionId: string, error: FrameError) => send(connectionId, { type: 'error', ...error });

  /** Takes a fresh subscription (leased at its writing) from the head or from where the client left off, then any event written meanwhile. */
  async function start(connectionId: string, stream: string, leaseId: string, head: number, from: number | undefined): Promise<boolean> {
    const subscription = { stream, connectionId };
    let cursor = head;
    if (from !== undefined && from !== head) {
      const replay = await delivery.sendHeld(subscription, leaseId, from);
      if (replay.outcome === 'gone') return false;
      cursor = replay.sentSeq;
    } else {
      await connections.release(stream, connectionId, leaseId, head);
    }
    // An event the fan-out found leased (or written before this subscription was) is sent here.
    if ((await log.head(stream)) > cursor && (await delivery.catchUp(subscription)) === 'gone') return false;
    return true;
  }

  async function subscribe(connectionId: string, streams: string[], after: Record<string, number>): Promise<void> {
    const connection = await connections.connection(connectionId);
    if (!connection) return;
    const forbidden = streams.find((stream) => !mayRead(stream, connection.accountId));
    if (forbidden) {
      await refuse(connectionId, { code: 'STREAM_FORBIDDEN', error: `${forbidden} is a holder's own stream: sign in as that account` });
      return;
    }
    const added = [...new Set(streams)].filter((stream) => !connection.streams.includes(stream));
    if (connection.streams.length + added.length > MAX_STREAMS_PER_CONNECTION) {
      await refuse(connectionId, { code: 'TOO_MANY_STREAMS', error: `A connection follows at most ${MAX_STREAMS_PER_CONNECTION} streams` });
      return;
    }
    // Listed on the connection first, so that a prune finds every subscription written after.
    if (!(await connections.follow(connectionId, added))) return;
    const leaseId = newLeaseId();
    const fresh: string[] = [];
    for (const stream of added) if (await connections.subscribe(stream, connectionId, leaseId, connection.expiresAt)) fresh.push(stream);
    // Heads read after the subscriptions are written: an event written meanwhile is the fan-out's or start()'s, not lost.
    const heads = Object.fromEntries(await Promise.all(streams.map(async (stream) => [stream, await log.head(stream)] as const)));
    if (!(await send(connectionId, { type: 'subscribed', streams, heads }))) return;
    for (const stream of fresh) {
      if (!(await start(connectionId, stream, leaseId, heads[stream] ?? 0, after[stream]))) {
        await delivery.prune(connectionId);
        return;
      }
    }
  }

  async function unsubscribe(connectionId: string, streams: string[]): Promise<void> {
    await Promise.all(streams.map((stream) => connections.unsubscribe(stream, connectionId)));
    await connections.unfollow(connectionId, streams);
  }

  return {
    /** `$connect`: records the connection with the account its session named (null: none). */
    connect(connectionId: string, accountId: string | null): Promise<void> {
      return connections.connect(connectionId, accountId);
    },

    /** `$disconnect`: deletes the connection and its subscriptions. */
    disconnect(connectionId: string): Promise<void> {
      return delivery.prune(connectionId);
    },

    /** A frame from the client (the `subscribe`, `unsubscribe` and `$default` routes): acts on it, or answers why not. */
    async message(connectionId: string, text: string): Promise<void> {
      if (Buffer.byteLength(text) > MAX_CLIENT_FRAME_BYTES) {
        await refuse(connectionId, { code: 'MALFORMED_FRAME', error: `A frame is at most ${MAX_CLIENT_FRAME_BYTES} bytes` });
        return;
      }
      const frames = await connections.countFrame(connectionId);
      // Past twice the limit a flooding client is no longer answered (API Gateway's stage throttle bounds it too).
      if (frames > 2 * FRAMES_PER_WINDOW) return;
      if (frames > FRAMES_PER_WINDOW) {
        await refuse(connectionId, { code: 'RATE_LIMITED', error: `At most ${FRAMES_PER_WINDOW} frames per ${FRAME_WINDOW_MS / 1000} s` });
        return;
      }
      const frame = parseClientFrame(text);
      if ('code' in frame) {
        await refuse(connectionId, frame);
        return;
      }
      if (frame.action === 'unsubscribe') await unsubscribe(connectionId, frame.streams);
      else await subscribe(connectionId, frame.streams, frame.after ?? {});
    },
  };
}

export type StreamConnectionService = ReturnType<typeof createStreamConnectionService>;
