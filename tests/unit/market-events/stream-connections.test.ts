/**
 * The WebSocket API's connection side (issue 57) on the embedded store, the Management API faked:
 * an account's stream refused without its holder's session, `subscribed` with the heads, a resume
 * after a sequence answered with the missed events in order (or a reset), an event written while
 * a resume is sent following it in order and once, the protocol's errors and limits, and `$connect`'s
 * origin check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_RETENTION_MS, type MarketEvent } from '@/features/market-events/market-event';
import { createStreamConnectionService, isSiteOrigin } from '@/features/market-events/stream-connection-service';
import { createStreamFanoutService } from '@/features/market-events/stream-fanout-service';
import { FRAMES_PER_WINDOW, MAX_STREAMS_PER_CONNECTION } from '@/features/market-events/stream-protocol';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';
import { fakePoster, newEvent, streamTables } from '../../support/stream-fakes';

let store: MemoryStore;
beforeAll(async () => {
  store = await startMemoryStore();
});
afterAll(async () => {
  await store.stop();
});

let clock = Date.parse('2026-12-01T12:00:00Z');
const now = () => clock;

async function setUp() {
  const { log, connections } = await streamTables(store, now);
  const fake = fakePoster();
  const side = createStreamConnectionService({ connections, log, poster: fake.poster });
  const fanout = createStreamFanoutService({ connections, log, poster: fake.poster });
  const subscribe = (connectionId: string, streams: string[], after?: Record<string, number>) =>
    side.message(connectionId, JSON.stringify({ action: 'subscribe', streams, ...(after ? { after } : {}) }));
  return { log, connections, fake, side, fanout, subscribe };
}

describe('subscribe', () => {
  it('refuses an account’s stream without that holder’s session, and stores no subscription', async () => {
    const { side, fake, connections, subscribe } = await setUp();
    await side.connect('anonymous', null);
    await side.connect('someone-else', '0.0.2002');
    await subscribe('anonymous', ['market', 'account:0.0.1001']);
    await subscribe('someone-else', ['account:0.0.1001']);
    for (const id of ['anonymous', 'someone-else']) expect(fake.received(id)).toEqual([expect.objectContaining({ type: 'error', code: 'STREAM_FORBIDDEN' })]);
    expect(await connections.subscribers('account:0.0.1001')).toEqual([]);
    expect(await connections.subscribers('market')).toEqual([]);
  });

  it('opens the holder’s own stream to their session, answering subscribed with the heads', async () => {
    const { side, fake, log, connections, subscribe } = await setUp();
    await log.append(newEvent('earlier', ['market', 'account:0.0.1001'], clock));
    await side.connect('holder', '0.0.1001');
    await subscribe('holder', ['account:0.0.1001', 'market']);
    expect(fake.received('holder')).toEqual([{ type: 'subscribed', streams: ['account:0.0.1001', 'market'], heads: { 'account:0.0.1001': 1, market: 1 } }]);
    expect(await connections.subscribers('account:0.0.1001')).toEqual([{ stream: 'account:0.0.1001', connectionId: 'holder', sentSeq: 1 }]);
  });

  it('replays what a client missed after the sequence it names, in order, then the live events', async () => {
    const { side, fake, log, fanout, subscribe } = await setUp();
    for (const id of ['a', 'b', 'c', 'd', 'e']) await log.append(newEvent(id, ['market'], clock));
    await side.connect('resuming', null);
    await subscribe('resuming', ['market'], { market: 2 });
    expect(fake.received('resuming').map((frame) => frame.data?.ref ?? frame.type)).toEqual(['subscribed', 'c', 'd', 'e']);
    expect(fake.received('resuming')[0]).toMatchObject({ heads: { market: 5 } });
    expect(fake.seqs('resuming', 'market')).toEqual([3, 4, 5]);
    // The fan-out carries on from there, once.
    const live = await log.append(newEvent('f', ['market'], clock));
    await fanout.publish(live);
    await fanout.publish(live);
    expect(fake.seqs('resuming', 'market')).toEqual([3, 4, 5, 6]);
  });

  it('keeps a stream in order when an event is written while a resume is being sent: the fan-out finds it leased, the resume sends it', async () => {
    const { side, fake, log, fanout, subscribe } = await setUp();
    for (const id of ['a', 'b', 'c']) await log.append(newEvent(id, ['market'], clock));
    let raced = false;
    fake.poster.beforePost = async (_connectionId, frame) => {
      if (raced || frame.seq !== 2) return;
      raced = true;
      const written: MarketEvent[] = await log.append(newEvent('d', ['market'], clock));
      expect(await fanout.publish(written)).toMatchObject({ busy: 1, sent: 0 });
    };
    await side.connect('resuming', null);
    await subscribe('resuming', ['market'], { market: 1 });
    expect(raced).toBe(true);
    expect(fake.seqs('resuming', 'market')).toEqual([2, 3, 4]);
  });

  it('answers a reset when the client’s place is past the head or older than the log keeps', async () => {
    const { side, fake, log, subscribe } = await setUp();
    await log.append(newEvent('old', ['market'], clock));
    await side.connect('ahead', null);
    await subscribe('ahead', ['market'], { market: 9 });
    expect(fake.received('ahead').map((frame) => frame.type)).toEqual(['subscribed', 'reset']);
    clock += EVENT_RETENTION_MS + 1_000;
    await log.append(newEvent('new', ['market'], clock));
    await side.connect('stale', null);
    await subscribe('stale', ['market'], { market: 0 });
    expect(fake.received('stale').map((frame) => frame.type)).toEqual(['subscribed', 'reset']);
  });

  it('stops sending a stream after unsubscribe', async () => {
    const { side, fake, log, fanout, connections, subscribe } = await setUp();
    await side.connect('viewer', null);
    await subscribe('viewer', ['market', 'tiger:7']);
    await side.message('viewer', JSON.stringify({ action: 'unsubscribe', streams: ['market'] }));
    await fanout.publish(await log.append(newEvent('x', ['market', 'tiger:7'], clock)));
    expect(fake.seqs('viewer', 'market')).toEqual([]);
    expect(fake.seqs('viewer', 'tiger:7')).toEqual([1]);
    expect((await connections.connection('viewer'))?.streams).toEqual(['tiger:7']);
  });
});

describe('the protocol’s errors and limits', () => {
  it('answers a malformed frame, an unknown stream and too many streams with their error codes', async () => {
    const { side, fake, subscribe } = await setUp();
    await side.connect('client', null);
    await side.message('client', 'not json');
    await side.message('client', JSON.stringify({ action: 'dance' }));
    await subscribe('client', ['tiger:4000']);
    await subscribe(
      'client',
      Array.from({ length: MAX_STREAMS_PER_CONNECTION }, (_, index) => `tiger:${index + 1}`),
    );
    await subscribe('client', ['market']);
    expect(fake.received('client').map((frame) => frame.code ?? frame.type)).toEqual([
      'MALFORMED_FRAME',
      'MALFORMED_FRAME',
      'UNKNOWN_STREAM',
      'subscribed',
      'TOO_MANY_STREAMS',
    ]);
  });

  it('limits the frames a connection sends per window', async () => {
    const { side, fake } = await setUp();
    await side.connect('flood', null);
    for (let frame = 0; frame < FRAMES_PER_WINDOW + 2; frame++) await side.message('flood', JSON.stringify({ action: 'unsubscribe', streams: ['market'] }));
    expect(fake.received('flood').map((frame) => frame.code)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
  });
});

describe('$connect', () => {
  it('accepts the site’s own origin (or none, not a browser) and refuses any other', () => {
    expect(isSiteOrigin('https://wildtigers.example', 'https://wildtigers.example')).toBe(true);
    expect(isSiteOrigin(undefined, 'https://wildtigers.example')).toBe(true);
    expect(isSiteOrigin('https://evil.example', 'https://wildtigers.example')).toBe(false);
    expect(isSiteOrigin('http://wildtigers.example', 'https://wildtigers.example')).toBe(false);
    expect(isSiteOrigin('null', 'https://wildtigers.example')).toBe(false);
  });
});
