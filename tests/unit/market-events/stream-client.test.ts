/**
 * The browser's stream client (issue 57, item 7): a page offline for 30 s reconnects with backoff
 * and resumes every stream from the last sequence it got, so that what it missed arrives in order,
 * none lost and none twice; a reset tells the followers to read afresh. Over a fake WebSocket and
 * the test's clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface Sent {
  action: string;
  streams: string[];
  after?: Record<string, number>;
}

/** A WebSocket as the client uses it: the test opens, feeds and drops it. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: Sent[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  close(): void {
    this.drop();
  }
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  frame(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.();
  }
}

const event = (stream: string, seq: number) => ({ stream, seq, type: 'sale', at: '2026-12-02T10:00:00.000Z', data: { ref: `r${seq}` } });

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'https:', host: 'wildtigers.example' });
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the stream client', () => {
  it('back from 30 s offline, resumes each stream after its last sequence: the missed events in order, none twice', async () => {
    const { followStream, $streamState } = await import('@/features/market-events/stream-client');
    const seen: number[] = [];
    const resets: string[] = [];
    followStream('market', { onEvent: (got) => seen.push(got.seq), onReset: () => resets.push('market') });
    const first = FakeSocket.made[0] as FakeSocket;
    expect(first.url).toBe('wss://wildtigers.example/api/stream');
    first.open();
    expect(first.sent).toEqual([{ action: 'subscribe', streams: ['market'], after: {} }]);
    first.frame({ type: 'subscribed', streams: ['market'], heads: { market: 10 } });
    first.frame(event('market', 11));
    first.frame(event('market', 12));

    // Offline: the socket drops, and each try while offline fails at once.
    first.drop();
    expect($streamState.get()).toBe('down');
    for (let waited = 0; waited < 30_000; waited += 1_000) {
      await vi.advanceTimersByTimeAsync(1_000);
      const trying = FakeSocket.made.at(-1) as FakeSocket;
      if (trying !== first && trying.readyState === 0) trying.drop();
    }
    const tries = FakeSocket.made.length - 1;
    // Backoff 1, 2, 4, 8, 16 s (jittered): a handful of tries in 30 s, not one a second.
    expect(tries).toBeGreaterThanOrEqual(3);
    expect(tries).toBeLessThanOrEqual(6);

    // Back online: the next try opens and resumes after 12; the server replays 13 and 14, then 12 again (a repeat) and 15 live.
    await vi.advanceTimersByTimeAsync(40_000);
    const back = FakeSocket.made.at(-1) as FakeSocket;
    back.open();
    expect($streamState.get()).toBe('open');
    expect(back.sent).toEqual([{ action: 'subscribe', streams: ['market'], after: { market: 12 } }]);
    back.frame({ type: 'subscribed', streams: ['market'], heads: { market: 14 } });
    for (const seq of [13, 14, 12, 14, 15]) back.frame(event('market', seq));
    expect(seen).toEqual([11, 12, 13, 14, 15]);
    expect(resets).toEqual([]);

    // A gap older than the log keeps: a reset, and the followers read afresh; the next event is taken as it comes.
    back.frame({ type: 'reset', stream: 'market' });
    expect(resets).toEqual(['market']);
    back.frame(event('market', 90));
    expect(seen.at(-1)).toBe(90);
  });

  it('opens a holder’s own stream on a socket opened since the sign-in; stops its socket when nothing is followed', async () => {
    const { followStream, $streamState } = await import('@/features/market-events/stream-client');
    const stopMarket = followStream('market', { onEvent: () => undefined });
    const before = FakeSocket.made[0] as FakeSocket;
    before.open();
    const stopOwn = followStream('account:0.0.7', { onEvent: () => undefined });
    // The socket opened before the sign-in carries no session: a new one is opened, and it follows both.
    expect(before.readyState).toBe(3);
    const after = FakeSocket.made.at(-1) as FakeSocket;
    after.open();
    expect(after.sent[0]?.streams.sort()).toEqual(['account:0.0.7', 'market']);
    stopOwn();
    stopMarket();
    expect(after.readyState).toBe(3);
    expect($streamState.get()).toBe('idle');
  });
});
