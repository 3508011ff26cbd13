/**
 * The live market's wire protocol (README, "Live market stream"), shared by the local server's
 * `/api/stream`, the AWS WebSocket API's handlers and the browser's client. Pure.
 *
 * Client frames: `{"action":"subscribe","streams":[…],"after":{"market":123}}` (`after` asks for
 * everything since that sequence) and `{"action":"unsubscribe","streams":[…]}`.
 * Server frames: events `{"stream","seq","type","at","data"}`, in order per stream;
 * `{"type":"subscribed","streams","heads"}`; `{"type":"reset","stream"}` when the gap is older
 * than the log keeps (the page refetches); `{"type":"error","code","error"}`.
 */
import * as z from 'zod';
import { type MarketEvent, parseStream } from './market-event';

/** The largest frame a client may send (a subscription to every stream a page needs fits in far less). */
export const MAX_CLIENT_FRAME_BYTES = 4_096;
/** The streams one connection may follow at once. */
export const MAX_STREAMS_PER_CONNECTION = 64;
/** Frames a connection may send per window before it gets an error frame; twice that closes it (a flood). */
export const FRAME_WINDOW_MS = 10_000;
export const FRAMES_PER_WINDOW = 30;
/** Bytes a connection may leave unread before it is closed (a client that never reads). */
export const MAX_UNREAD_BYTES = 1_048_576;
/** Events one resume sends at most per stream; past that the client gets a reset and refetches. */
export const MAX_REPLAY_EVENTS = 1_000;

/** Close codes (RFC 6455 §7.4.1). */
export const CLOSE = { policy: 1008, tooBig: 1009, overloaded: 1013 } as const;

const streamsSchema = z.array(z.string().max(40)).min(1).max(MAX_STREAMS_PER_CONNECTION);
const clientFrameSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('subscribe'),
      streams: streamsSchema,
      after: z.record(z.string(), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).optional(),
    })
    .strict(),
  z.object({ action: z.literal('unsubscribe'), streams: streamsSchema }).strict(),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** An error a frame gets: its code and words. */
export interface FrameError {
  code: 'MALFORMED_FRAME' | 'UNKNOWN_STREAM' | 'STREAM_FORBIDDEN' | 'TOO_MANY_STREAMS' | 'RATE_LIMITED';
  error: string;
}

/** A client's frame parsed, or why it is refused. */
export function parseClientFrame(text: string): ClientFrame | FrameError {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { code: 'MALFORMED_FRAME', error: 'The frame is not JSON' };
  }
  const parsed = clientFrameSchema.safeParse(json);
  if (!parsed.success) return { code: 'MALFORMED_FRAME', error: 'The frame is not a subscribe or unsubscribe action' };
  const unknown = parsed.data.streams.find((stream) => !parseStream(stream));
  if (unknown !== undefined) return { code: 'UNKNOWN_STREAM', error: `No stream is named ${JSON.stringify(unknown)}` };
  return parsed.data;
}

/** Whether the signed-in account (null: none) may read a stream: public streams anyone, an account's stream only its holder. */
export function mayRead(stream: string, accountId: string | null): boolean {
  const parsed = parseStream(stream);
  return parsed?.kind === 'account' ? parsed.accountId === accountId : parsed !== undefined;
}

export type ServerFrame =
  | MarketEvent
  | { type: 'subscribed'; streams: string[]; heads: Record<string, number> }
  | { type: 'reset'; stream: string }
  | ({ type: 'error' } & FrameError);

/** A server frame as it goes on the wire. */
export const encodeFrame = (frame: ServerFrame): string => JSON.stringify(frame);
