/**
 * The push side of the live market for one process (the local server's `/api/stream`): each
 * connection's subscriptions, the resume from the log, and the fan-out of each event to the
 * subscribers of its stream only. Every stream of a connection is delivered in order, each
 * sequence once: an event ahead of what a connection has (another append's notice came first)
 * sends the log's events in between first. Transport-free: the server hands it connections.
 */
import type { EventsAfter } from './event-log-repo';
import type { MarketEvent } from './market-event';
import {
  CLOSE,
  FRAME_WINDOW_MS,
  FRAMES_PER_WINDOW,
  type FrameError,
  MAX_REPLAY_EVENTS,
  MAX_STREAMS_PER_CONNECTION,
  MAX_UNREAD_BYTES,
  type ServerFrame,
  encodeFrame,
  mayRead,
  parseClientFrame,
} from './stream-protocol';

/** One client's socket, as the hub needs it. */
export interface StreamConnection {
  /** The signed-in account its cookie named when it connected; null without a session. */
  accountId: string | null;
  send(frame: string): void;
  close(code: number, reason: string): void;
  /** Bytes sent and not yet read by the client. */
  unread(): number;
}

/** What the hub reads of the log. */
export interface StreamLog {
  head(stream: string): Promise<number>;
  after(stream: string, seq: number, limit: number): Promise<EventsAfter>;
}

/** One connection's place in one stream: the last sequence it was sent, and events held while the log is read. */
interface Subscription {
  last: number;
  /** Set while the log is read for this stream: live events wait here, in arrival order. */
  held: MarketEvent[] | null;
}

interface ConnectionState {
  subscriptions: Map<string, Subscription>;
  frames: number[];
}

/** The hub over a log; `now` counts the frame-rate windows. */
export function createStreamHub(log: StreamLog, now: () => number = Date.now) {
  const connections = new Map<StreamConnection, ConnectionState>();
  /** Each stream's subscribers, so that an event costs work for its own subscribers only. */
  const subscribers = new Map<string, Set<StreamConnection>>();

  function send(connection: StreamConnection, frame: ServerFrame): void {
    if (!connections.has(connection)) return;
    if (connection.unread() > MAX_UNREAD_BYTES) {
      close(connection, CLOSE.overloaded, 'The client does not read its frames');
      return;
    }
    connection.send(encodeFrame(frame));
  }

  function close(connection: StreamConnection, code: number, reason: string): void {
    drop(connection);
    connection.close(code, reason);
  }

  function drop(connection: StreamConnection): void {
    const state = connections.get(connection);
    if (!state) return;
    for (const stream of state.subscriptions.keys()) unsubscribe(connection, state, stream);
    connections.delete(connection);
  }

  function unsubscribe(connection: StreamConnection, state: ConnectionState, stream: string): void {
    state.subscriptions.delete(stream);
    const set = subscribers.get(stream);
    set?.delete(connection);
    if (set && !set.size) subscribers.delete(stream);
  }

  /** Sends the log's events after the subscription's last, then what was held meanwhile, in order. */
  async function catchUp(connection: StreamConnection, stream: string, subscription: Subscription): Promise<void> {
    subscription.held ??= [];
    try {
      const answer = await log.after(stream, subscription.last, MAX_REPLAY_EVENTS);
      if (answer.reset || answer.events.length >= MAX_REPLAY_EVENTS) {
        subscription.last = await log.head(stream);
        send(connection, { type: 'reset', stream });
      } else {
        for (const event of answer.events) deliverInOrder(connection, subscription, event);
      }
    } finally {
      const held = subscription.held ?? [];
      subscription.held = null;
      for (const event of held) deliver(connection, stream, subscription, event);
    }
  }

  function deliverInOrder(connection: StreamConnection, subscription: Subscription, event: MarketEvent): void {
    if (event.seq !== subscription.last + 1) return;
    subscription.last = event.seq;
    send(connection, event);
  }

  /** One live event to one subscription: sent when next, skipped when already sent, else the gap is read first. */
  function deliver(connection: StreamConnection, stream: string, subscription: Subscription, event: MarketEvent): void {
    if (subscription.held) {
      subscription.held.push(event);
      return;
    }
    if (event.seq <= subscription.last) return;
    if (event.seq === subscription.last + 1) {
      deliverInOrder(connection, subscription, event);
      return;
    }
    subscription.held = [event];
    void catchUp(connection, stream, subscription).catch(() => close(connection, CLOSE.overloaded, 'The event log could not be read'));
  }

  function refuse(connection: StreamConnection, error: FrameError): void {
    send(connection, { type: 'error', ...error });
  }

  async function subscribe(connection: StreamConnection, state: ConnectionState, streams: string[], after: Record<string, number>): Promise<void> {
    const forbidden = streams.find((stream) => !mayRead(stream, connection.accountId));
    if (forbidden) return refuse(connection, { code: 'STREAM_FORBIDDEN', error: `${forbidden} is a holder's own stream: sign in as that account` });
    const added = streams.filter((stream) => !state.subscriptions.has(stream));
    if (state.subscriptions.size + added.length > MAX_STREAMS_PER_CONNECTION)
      return refuse(connection, { code: 'TOO_MANY_STREAMS', error: `A connection follows at most ${MAX_STREAMS_PER_CONNECTION} streams` });
    // A new stream is followed before its head is read, so that an event written meanwhile is held, not missed.
    const fresh: [string, Subscription][] = [];
    for (const stream of added) {
      const subscription: Subscription = { last: 0, held: [] };
      state.subscriptions.set(stream, subscription);
      const set = subscribers.get(stream) ?? new Set<StreamConnection>();
      subscribers.set(stream, set);
      set.add(connection);
      fresh.push([stream, subscription]);
    }
    const heads: Record<string, number> = {};
    const resumes: [string, Subscription][] = [];
    for (const stream of streams) {
      heads[stream] = await log.head(stream);
      if (!connections.has(connection)) return;
    }
    for (const [stream, subscription] of fresh) {
      const head = heads[stream] ?? 0;
      const from = after[stream];
      if (from !== undefined && from !== head) {
        // Where the client left off: the log's events since then, then what was held.
        subscription.last = from;
        resumes.push([stream, subscription]);
      } else {
        subscription.last = head;
      }
    }
    send(connection, { type: 'subscribed', streams, heads });
    for (const [stream, subscription] of fresh) {
      if (resumes.some(([resumed]) => resumed === stream)) continue;
      const held = subscription.held ?? [];
      subscription.held = null;
      for (const event of held) deliver(connection, stream, subscription, event);
    }
    for (const [stream, subscription] of resumes) await catchUp(connection, stream, subscription);
  }

  /** Counts a frame in its window: false once the connection sends too many (an error), closing it at twice that. */
  function withinRate(connection: StreamConnection, state: ConnectionState): boolean {
    const at = now();
    state.frames = state.frames.filter((sent) => at - sent < FRAME_WINDOW_MS);
    state.frames.push(at);
    if (state.frames.length > 2 * FRAMES_PER_WINDOW) {
      close(connection, CLOSE.policy, 'Too many frames');
      return false;
    }
    if (state.frames.length > FRAMES_PER_WINDOW) {
      refuse(connection, { code: 'RATE_LIMITED', error: `At most ${FRAMES_PER_WINDOW} frames per ${FRAME_WINDOW_MS / 1000} s` });
      return false;
    }
    return true;
  }

  return {
    open(connection: StreamConnection): void {
      connections.set(connection, { subscriptions: new Map(), frames: [] });
    },

    /** A frame from a client: subscribes, unsubscribes, or answers why not. */
    async message(connection: StreamConnection, text: string): Promise<void> {
      const state = connections.get(connection);
      if (!state || !withinRate(connection, state)) return;
      const frame = parseClientFrame(text);
      if ('code' in frame) return refuse(connection, frame);
      if (frame.action === 'unsubscribe') {
        for (const stream of frame.streams) unsubscribe(connection, state, stream);
        return;
      }
      await subscribe(connection, state, frame.streams, frame.after ?? {});
    },

    close: drop,

    /** Events just written: each goes to its stream's subscribers only. */
    publish(events: MarketEvent[]): void {
      for (const event of events) {
        for (const connection of subscribers.get(event.stream) ?? []) {
          const subscription = connections.get(connection)?.subscriptions.get(event.stream);
          if (subscription) deliver(connection, event.stream, subscription, event);
        }
      }
    },

    /** How many connections and subscriptions the hub holds (the bench and the leak tests read it). */
    size(): { connections: number; subscriptions: number } {
      let subscriptions = 0;
      for (const set of subscribers.values()) subscriptions += set.size;
      return { connections: connections.size, subscriptions };
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
