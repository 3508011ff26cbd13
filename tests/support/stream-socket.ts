/** A client of the live market's `/api/stream` for tests: the frames it got, in order, and waits on them. */
import { expect } from 'vitest';
import WebSocket from 'ws';

export interface StreamFrame {
  type: string;
  stream?: string;
  seq?: number;
  data?: Record<string, unknown>;
  code?: string;
  heads?: Record<string, number>;
}

export interface StreamSocket {
  frames: StreamFrame[];
  /** The close code once closed, else null. */
  closedWith(): number | null;
  send(frame: unknown): void;
  sendRaw(text: string): void;
  /** Waits for a frame matching `match` (among those already got, or the next), and answers it. */
  next(match: (frame: StreamFrame) => boolean, timeoutMs?: number): Promise<StreamFrame>;
  /** The events of one stream got so far, in arrival order. */
  events(stream: string): StreamFrame[];
  close(): Promise<void>;
}

/** Opens `/api/stream` on `origin`, with a session cookie when given. */
export async function openStream(origin: string, cookie?: string, { pageOrigin = origin, path = '/api/stream' } = {}): Promise<StreamSocket> {
  const url = `${origin.replace(/^http/, 'ws')}${path}`;
  const ws = new WebSocket(url, { headers: cookie ? { cookie } : {}, origin: pageOrigin });
  const frames: StreamFrame[] = [];
  let closeCode: number | null = null;
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as StreamFrame));
  ws.on('close', (code) => (closeCode = code));
  await new Promise<void>((open, failed) => {
    ws.once('open', () => open());
    ws.once('error', failed);
    ws.once('unexpected-response', (_request, response) => failed(new Error(`upgrade refused: ${response.statusCode}`)));
  });
  return {
    frames,
    closedWith: () => closeCode,
    send: (frame) => ws.send(JSON.stringify(frame)),
    sendRaw: (text) => ws.send(text),
    async next(match, timeoutMs = 10_000) {
      await expect.poll(() => frames.some(match), { timeout: timeoutMs, interval: 20 }).toBe(true);
      return frames.find(match) as StreamFrame;
    },
    events: (stream) => frames.filter((frame) => frame.stream === stream && typeof frame.seq === 'number'),
    close: () =>
      new Promise<void>((closed) => {
        if (ws.readyState === WebSocket.CLOSED) return closed();
        ws.once('close', () => closed());
        ws.close();
      }),
  };
}
