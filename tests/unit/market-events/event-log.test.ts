/**
 * The market's event log (issue 57) on the embedded store: sequences from 1 with no gaps under
 * racing appends, an event written once however often it is appended, a resume answered in order,
 * and a reset once the events asked for are older than the log keeps. The hub, over the log:
 * each subscriber gets its stream's events in order, once, even when the notices come out of order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { EVENT_RETENTION_MS, type NewMarketEvent, parseStream, streamsFor } from '@/features/market-events/market-event';
import { type StreamConnection, createStreamHub } from '@/features/market-events/stream-hub';
import { createMarketWatch, movesBetween } from '@/features/market-events/market-watch';
import { alertReason, describeWatch, watchKeysOf } from '@/features/watchlist/watch-rules';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

let store: MemoryStore;
beforeAll(async () => {
  store = await startMemoryStore();
});
afterAll(async () => {
  await store.stop();
});

let clock = Date.parse('2026-12-01T12:00:00Z');
const now = () => clock;
const event = (id: string, serial = 7): NewMarketEvent => ({
  id,
  type: 'listing-created',
  at: new Date(clock).toISOString(),
  streams: streamsFor(serial, ['0.0.1001']),
  data: { ref: id, serial },
});

describe('the event log', () => {
  it('gives each stream’s events sequences from 1, no gaps and none twice, under racing appends', async () => {
    const log = createEventLogRepo(store.doc, await store.newTable(), now);
    await Promise.all(Array.from({ length: 12 }, (_, index) => log.append(event(`e${index}`, (index % 2) + 1))));
    const market = await log.after('market', 0, 100);
    expect(market.events?.map((e) => e.seq)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(new Set(market.events?.map((e) => e.data.ref)).size).toBe(12);
    expect((await log.after('tiger:1', 0, 100)).events?.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await log.head('account:0.0.1001')).toBe(12);
  });

  it('writes an event once, however often it is appended (a retry, the job seeing it again)', async () => {
    const log = createEventLogRepo(store.doc, await store.newTable(), now);
    expect(await log.append(event('once'))).toHaveLength(3);
    expect(await log.append(event('once'))).toEqual([]);
    expect(await log.head('market')).toBe(1);
  });

  it('writes an event once in each stream when its writers race (a request, its retry and the job’s sweep at once)', async () => {
    const log = createEventLogRepo(store.doc, await store.newTable(), now);
    await Promise.all([
      ...Array.from({ length: 4 }, () => log.append(event('raced'))),
      ...Array.from({ length: 4 }, (_, index) => log.append(event(`other${index}`))),
    ]);
    for (const stream of streamsFor(7, ['0.0.1001'])) {
      const { events = [] } = await log.after(stream, 0, 100);
      expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(events.filter((e) => e.data.ref === 'raced')).toHaveLength(1);
    }
  });

  it('finishes an append a writer stopped at any step, on the next try, with nothing lost and nothing twice', async () => {
    // The writer stops (its process ends) at its n-th store call; another event is written meanwhile; then the event is appended again.
    for (let stopAt = 0; ; stopAt++) {
      const table = await store.newTable();
      let calls = 0;
      const stopping = { send: (command: never) => (calls++ === stopAt ? Promise.reject(new Error('stopped')) : store.doc.send(command)) };
      const stopped = await createEventLogRepo(stopping as unknown as typeof store.doc, table, now)
        .append(event('sale'))
        .then(() => false)
        .catch(() => true);
      if (!stopped) break;
      const log = createEventLogRepo(store.doc, table, now);
      await log.append(event('between'));
      await log.append(event('sale'));
      await log.append(event('sale'));
      for (const stream of streamsFor(7, ['0.0.1001'])) {
        const { events = [] } = await log.after(stream, 0, 100);
        expect(
          events.map((e) => e.seq),
          `stopped at call ${stopAt}, ${stream}`,
        ).toEqual([1, 2]);
        expect(events.map((e) => e.data.ref).sort(), `stopped at call ${stopAt}, ${stream}`).toEqual(['between', 'sale']);
      }
    }
  });

  it('answers a resume in order from where it left off, and a reset past retention or past the head', async () => {
    const log = createEventLogRepo(store.doc, await store.newTable(), now);
    for (const id of ['a', 'b', 'c']) await log.append(event(id));
    expect((await log.after('market', 1, 100)).events?.map((e) => e.data.ref)).toEqual(['b', 'c']);
    expect(await log.after('market', 3, 100)).toEqual({ events: [] });
    expect(await log.after('market', 4, 100)).toEqual({ reset: true });
    clock += EVENT_RETENTION_MS + 1_000;
    await log.append(event('d'));
    // a, b and c are past what the log keeps: a resume from before them is a reset; from c on, d alone.
    expect(await log.after('market', 1, 100)).toEqual({ reset: true });
    expect((await log.after('market', 3, 100)).events?.map((e) => e.data.ref)).toEqual(['d']);
  });
});

describe('stream names', () => {
  it('knows the market, a tiger of the collection and an account, nothing else', () => {
    expect(parseStream('market')).toEqual({ kind: 'market' });
    expect(parseStream('tiger:3333')).toEqual({ kind: 'tiger', serial: 3333 });
    expect(parseStream('account:0.0.42')).toEqual({ kind: 'account', accountId: '0.0.42' });
    for (const name of ['tiger:0', 'tiger:3334', 'tiger:07', 'account:42', 'account:0.0.1:x', 'markets', '']) expect(parseStream(name)).toBeUndefined();
  });
});

describe('the stream hub', () => {
  const connection = (accountId: string | null = null) => {
    const sent: { type: string; stream?: string; seq?: number }[] = [];
    const socket: StreamConnection = { accountId, send: (frame) => sent.push(JSON.parse(frame)), close: () => undefined, unread: () => 0 };
    return { socket, sent, seqs: (stream: string) => sent.filter((frame) => frame.stream === stream && frame.seq).map((frame) => frame.seq) };
  };

  it('sends each subscriber its stream’s events in order and once, reading the log for an event that came ahead of its turn', async () => {
    const log = createEventLogRepo(store.doc, await store.newTable(), now);
    const hub = createStreamHub(log, now);
    const follower = connection();
    const other = connection();
    hub.open(follower.socket);
    hub.open(other.socket);
    await hub.message(follower.socket, JSON.stringify({ action: 'subscribe', streams: ['market'] }));
    await hub.message(other.socket, JSON.stringify({ action: 'subscribe', streams: ['tiger:9'] }));
    const [first] = await log.append(event('x1'));
    const [second] = await log.append(event('x2'));
    const [third] = await log.append(event('x3'));
    // The notices arrive third, first, second (appends racing in one process): the hub still sends 1, 2, 3.
    hub.publish([third!]);
    hub.publish([first!, second!]);
    hub.publish([first!]);
    await expect.poll(() => follower.seqs('market')).toEqual([1, 2, 3]);
    expect(other.seqs('tiger:7')).toEqual([]);
    expect(other.sent.filter((frame) => frame.seq)).toEqual([]);
    hub.close(follower.socket);
    hub.close(other.socket);
    expect(hub.size()).toEqual({ connections: 0, subscriptions: 0 });
  });
});

describe('the market watch (what the scheduled job sees change)', () => {
  it('makes one event per tiger moved on the ledger, not for a tiger the app’s own sale explains', async () => {
    const table = await store.newTable();
    const log = createEventLogRepo(store.doc, table, now);
    const watch = createMarketWatch(store.doc, table, log, now);
    const before = new Map([
      [1, '0.0.10'],
      [2, '0.0.10'],
      [3, '0.0.11'],
    ]);
    const after = new Map([
      [1, '0.0.12'],
      [2, '0.0.13'],
      [3, '0.0.11'],
    ]);
    expect(movesBetween(before, after, new Map([[2, '0.0.13']]))).toEqual([{ serial: 1, from: '0.0.10', to: '0.0.12' }]);
    expect(await watch.tigersMoved(before, after, new Map([[2, '0.0.13']]), clock)).toBe(1);
    const [moved] = (await log.after('tiger:1', 0, 10)).events ?? [];
    expect(moved).toMatchObject({ type: 'tiger-moved', data: { serial: 1, sellerId: '0.0.10', ownerId: '0.0.12' } });
    expect(await log.head('account:0.0.10')).toBe(1);
    expect(await log.head('tiger:2')).toBe(0);
  });

  it('tells the HBAR market’s new, re-priced, gone, invalid and valid-again listings and its new sales, once each; the first look only remembers', async () => {
    const table = await store.newTable();
    const log = createEventLogRepo(store.doc, table, now);
    const watch = createMarketWatch(store.doc, table, log, now);
    const listing = (id: string, serial: number, price: number, available = true) => ({ id, serial, price, sellerId: '0.0.20', available });
    const sale = (serial: number, at: string, buyerId: string) => ({ serial, price: 90, at, buyerId, sellerId: '0.0.21' });
    expect(await watch.hbarMarketSeen([listing('a', 5, 100), listing('b', 6, 200)], [sale(9, '2026-12-01T10:00:00Z', '0.0.30')], new Map())).toBe(0);
    const seen = await watch.hbarMarketSeen(
      [listing('b', 6, 150), listing('c', 7, 300)],
      [sale(9, '2026-12-01T10:00:00Z', '0.0.30'), sale(10, '2026-12-01T11:00:00Z', '0.0.31'), sale(11, '2026-12-01T11:30:00Z', '0.0.32')],
      // Sale 11 was paid through the app: its event is written already.
      new Map([[11, '0.0.32']]),
    );
    expect(seen).toBe(4);
    const types = ((await log.after('market', 0, 10)).events ?? []).map((event) => [event.type, event.data.serial, event.data.market]);
    expect(types).toEqual([
      ['listing-removed', 5, 'hbar'],
      ['listing-repriced', 6, 'hbar'],
      ['listing-created', 7, 'hbar'],
      ['sale', 10, 'hbar'],
    ]);
    // The same look again changes nothing.
    expect(await watch.hbarMarketSeen([listing('b', 6, 150), listing('c', 7, 300)], [sale(10, '2026-12-01T11:00:00Z', '0.0.31')], new Map())).toBe(0);
    expect(await log.head('market')).toBe(4);
    // Listing c's seller moved the tiger away (SentX keeps it, unavailable), then back, twice: an event each time.
    for (const available of [false, true, false, true]) await watch.hbarMarketSeen([listing('b', 6, 150), listing('c', 7, 300, available)], [], new Map());
    const later = ((await log.after('market', 4, 10)).events ?? []).map((event) => [event.type, event.data.serial]);
    expect(later).toEqual([
      ['listing-invalidated', 7],
      ['listing-revalidated', 7],
      ['listing-invalidated', 7],
      ['listing-revalidated', 7],
    ]);
  });
});

describe('watch rules', () => {
  const listed = (price: string, market: 'paws' | 'hbar' = 'paws') => ({ type: 'listing-created' as const, data: { ref: 'l', serial: 5, price, market } });
  it('alerts a listing under the watch’s price on its currency’s market, a watched tiger’s sale, nothing else', () => {
    const paws = { kind: 'tiger' as const, under: { amount: '50', currency: 'PAWS' as const } };
    expect(alertReason(paws, listed('49.99'))).toBe('listed-under');
    expect(alertReason(paws, listed('50'))).toBeNull();
    expect(alertReason(paws, listed('10', 'hbar'))).toBeNull();
    expect(alertReason(paws, { type: 'sale', data: { ref: 's', serial: 5 } })).toBe('sold');
    expect(alertReason({ kind: 'tier', under: paws.under }, { type: 'sale', data: { ref: 's', serial: 5 } })).toBeNull();
    expect(alertReason({ kind: 'tiger', under: null }, listed('1'))).toBeNull();
    expect(alertReason(paws, { type: 'listing-revalidated', data: { ref: 'l', serial: 5, price: '40', market: 'paws' } })).toBe('listed-under');
    expect(alertReason(paws, { type: 'listing-invalidated', data: { ref: 'l', serial: 5, price: '40', market: 'paws' } })).toBeNull();
    expect(alertReason(paws, { type: 'offer-made', data: { ref: 'o', serial: 5, price: '1' } })).toBeNull();
    expect(watchKeysOf(5, [{ trait_type: 'Fur', value: 'Orange' }], 'Rare')).toEqual(['tiger:5', 'trait:Fur=Orange', 'tier:Rare']);
    expect(describeWatch({ kind: 'trait', target: 'Fur=Orange', under: { amount: '20', currency: 'HBAR' } })).toBe(
      'tigers with Fur: Orange, listed under 20 HBAR',
    );
  });
});
