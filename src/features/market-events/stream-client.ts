/**
 * The browser's one connection to the live market (`/api/stream`, stream-protocol.ts): islands
 * follow streams through it; it reconnects with backoff and resumes each stream from the last
 * sequence it got, so that nothing is missed or seen twice; a stream it cannot resume (a reset)
 * tells its followers to read afresh.
 * `$streamState` says whether pushes arrive: the pages' polls are the fallback while it is not 'open'.
 */
import { atom } from 'nanostores';
import type { MarketEvent } from './market-event';

export type StreamState = 'idle' | 'connecting' | 'open' | 'down';
export const $streamState = atom<StreamState>('idle');

/** Who follows a stream: told of each event in order, and to read afresh when events may have been missed. */
export interface StreamFollower {
  onEvent(event: MarketEvent): void;
  onReset?(): void;
}

/** Reconnects wait 1, 2, 4 … s, at most 30 s, with a random share so that tabs do not come back at once. */
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const;

const followers = new Map<string, Set<StreamFollower>>();
/** The last sequence got of each stream; absent until the first `subscribed` or event. */
const lastSeq = new Map<string, number>();
let socket: WebSocket | null = null;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function streamUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/stream`;
}

function send(frame: object): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

function subscribeAll(streams: string[]): void {
  if (!streams.length) return;
  const after: Record<string, number> = {};
  for (const stream of streams) {
    const last = lastSeq.get(stream);
    if (last !== undefined) after[stream] = last;
  }
  send({ action: 'subscribe', streams, after });
}

function tell(stream: string, what: (follower: StreamFollower) => void): void {
  for (const follower of followers.get(stream) ?? []) what(follower);
}

function receive(text: string): void {
  let frame: { type?: string; stream?: string; seq?: number; streams?: string[]; heads?: Record<string, number> };
  try {
    frame = JSON.parse(text);
  } catch {
    return;
  }
  if (frame.type === 'subscribed') {
    for (const stream of frame.streams ?? []) if (!lastSeq.has(stream)) lastSeq.set(stream, frame.heads?.[stream] ?? 0);
    return;
  }
  if (frame.type === 'reset' && frame.stream) {
    lastSeq.delete(frame.stream);
    tell(frame.stream, (follower) => follower.onReset?.());
    return;
  }
  if (typeof frame.seq !== 'number' || !frame.stream) return;
  const last = lastSeq.get(frame.stream);
  if (last !== undefined && frame.seq <= last) return;
  lastSeq.set(frame.stream, frame.seq);
  const event = frame as MarketEvent;
  tell(event.stream, (follower) => follower.onEvent(event));
}

function connect(): void {
  clearTimeout(retryTimer);
  if (socket || !followers.size || typeof WebSocket === 'undefined' || typeof location === 'undefined') return;
  $streamState.set('connecting');
  const opened = new WebSocket(streamUrl());
  socket = opened;
  opened.onopen = () => {
    failures = 0;
    $streamState.set('open');
    // Each stream resumes from its last sequence: what happened while the socket was down comes first.
    subscribeAll([...followers.keys()]);
  };
  opened.onmessage = (message) => receive(String(message.data));
  opened.onclose = () => {
    if (socket !== opened) return;
    socket = null;
    $streamState.set('down');
    if (!followers.size) return;
    const wait = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)] ?? 30_000;
    failures += 1;
    retryTimer = setTimeout(connect, wait * (0.75 + Math.random() / 2));
  };
}

/** Opens the socket again (a sign-in or sign-out changes which private streams it may read), resuming every stream. */
export function reconnectStream(): void {
  const current = socket;
  socket = null;
  current?.close();
  connect();
}

/** Follows `stream` (connecting on first use); answers how to stop following. */
export function followStream(stream: string, follower: StreamFollower): () => void {
  const set = followers.get(stream) ?? new Set<StreamFollower>();
  followers.set(stream, set);
  set.add(follower);
  // The socket reads the session when it opens: a holder's own stream, new to it, needs a socket opened since the sign-in.
  if (set.size === 1 && socket && stream.startsWith('account:')) reconnectStream();
  else if (set.size === 1 && socket?.readyState === WebSocket.OPEN) subscribeAll([stream]);
  connect();
  return () => {
    set.delete(follower);
    if (set.size) return;
    followers.delete(stream);
    lastSeq.delete(stream);
    send({ action: 'unsubscribe', streams: [stream] });
    if (!followers.size) {
      clearTimeout(retryTimer);
      const current = socket;
      socket = null;
      current?.close();
      $streamState.set('idle');
    }
  };
}

/** Runs `poll` every `everyMs` while pushes do not arrive (no socket open): the pages' polls, as the push's fallback. */
export function pollWhileStreamDown(poll: () => void, everyMs: number): () => void {
  const timer = setInterval(() => {
    if ($streamState.get() !== 'open') poll();
  }, everyMs);
  return () => clearInterval(timer);
}
