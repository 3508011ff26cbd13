/**
 * The live market's fan-out in AWS (issue 57), on the embedded store with the Management API faked:
 * each event goes to its own stream's subscribers only (and only that stream's subscribers are
 * read), in order and once, a gap read from the log; a 410 prunes the connection and all its
 * subscriptions. The table stream's records read back into events, and the Management API
 * adapter's 410 is a gone connection.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManagementApiPoster } from '@/features/market-events/management-api-poster-adapter';
import type { MarketEvent } from '@/features/market-events/market-event';
import { createStreamConnectionService } from '@/features/market-events/stream-connection-service';
import { createStreamFanoutService } from '@/features/market-events/stream-fanout-service';
import { marketEventOf } from '@/features/market-events/stream-table-record';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';
import { fakePoster, newEvent, streamTables } from '../../support/stream-fakes';

let store: MemoryStore;
beforeAll(async () => {
  store = await startMemoryStore();
});
afterAll(async () => {
  await store.stop();
});

const clock = Date.parse('2026-12-01T12:00:00Z');
const now = () => clock;

/** A log, a connections table, the connection side and the fan-out over one fake Management API; `asked` lists the streams whose subscribers the fan-out read. */
async function setUp() {
  const { log, connections } = await streamTables(store, now);
  const fake = fakePoster();
  const asked: string[] = [];
  const counted = {
    ...connections,
    subscribers: (stream: string) => {
      asked.push(stream);
      return connections.subscribers(stream);
    },
  };
  const side = createStreamConnectionService({ connections, log, poster: fake.poster });
  const fanout = createStreamFanoutService({ connections: counted, log, poster: fake.poster });
  /** Appends events to the log and hands the fan-out what the table's stream would carry. */
  const write = async (...events: Parameters<typeof log.append>[0][]) => {
    const written: MarketEvent[] = [];
    for (const event of events) written.push(...(await log.append(event)));
    return fanout.publish(written);
  };
  return { log, connections, fake, asked, side, fanout, write };
}

describe('the fan-out', () => {
  it('sends each event to its own stream’s subscribers only, reading no other stream’s subscribers', async () => {
    const { side, fake, asked, write } = await setUp();
    await side.connect('market-viewer', null);
    await side.connect('tiger-7-viewer', null);
    await side.connect('holder', '0.0.1001');
    await side.message('market-viewer', JSON.stringify({ action: 'subscribe', streams: ['market'] }));
    await side.message('tiger-7-viewer', JSON.stringify({ action: 'subscribe', streams: ['tiger:7'] }));
    await side.message('holder', JSON.stringify({ action: 'subscribe', streams: ['account:0.0.1001', 'tiger:8'] }));
    fake.clear();

    const report = await write(newEvent('sale-7', ['market', 'tiger:7', 'account:0.0.1001'], clock), newEvent('listing-9', ['market', 'tiger:9'], clock));

    expect(fake.seqs('market-viewer', 'market')).toEqual([1, 2]);
    expect(fake.received('market-viewer').map((frame) => frame.stream)).toEqual(['market', 'market']);
    expect(fake.received('tiger-7-viewer').map((frame) => [frame.stream, frame.seq, frame.data?.ref])).toEqual([['tiger:7', 1, 'sale-7']]);
    expect(fake.received('holder').map((frame) => [frame.stream, frame.seq])).toEqual([['account:0.0.1001', 1]]);
    // One read of each written stream's subscribers (tiger:8's, followed by the holder, is never read).
    expect(asked.sort()).toEqual(['account:0.0.1001', 'market', 'tiger:7', 'tiger:9']);
    expect(report).toMatchObject({ events: 5, sent: 3, pruned: 0 });
  });

  it('sends a stream’s events in order and once: a retried batch sends nothing again, an event ahead of its turn brings the gap from the log', async () => {
    const { side, fake, log, fanout, write } = await setUp();
    await side.connect('viewer', null);
    await side.message('viewer', JSON.stringify({ action: 'subscribe', streams: ['market'] }));
    fake.clear();

    const first = await log.append(newEvent('a', ['market'], clock));
    const second = await log.append(newEvent('b', ['market'], clock));
    // The second event's batch comes first (the fan-out missed the first): the log fills the gap.
    await fanout.publish(second);
    await fanout.publish(first);
    await fanout.publish([...first, ...second]);
    await write(newEvent('c', ['market'], clock));
    expect(fake.received('viewer').map((frame) => frame.data?.ref)).toEqual(['a', 'b', 'c']);
    expect(fake.seqs('viewer', 'market')).toEqual([1, 2, 3]);
  });

  it('prunes a connection the Management API calls gone (410): its item and its subscriptions to every stream', async () => {
    const { side, fake, connections, write } = await setUp();
    await side.connect('closed', null);
    await side.connect('open', null);
    for (const id of ['closed', 'open']) await side.message(id, JSON.stringify({ action: 'subscribe', streams: ['market', 'tiger:7', 'tiger:8'] }));
    fake.clear();
    fake.gone.add('closed');

    const report = await write(newEvent('sale', ['market'], clock));

    expect(report).toMatchObject({ gone: 1, pruned: 1, sent: 1 });
    expect(await connections.connection('closed')).toBeUndefined();
    for (const stream of ['market', 'tiger:7', 'tiger:8']) {
      expect((await connections.subscribers(stream)).map((subscription) => subscription.connectionId)).toEqual(['open']);
    }
    expect(fake.seqs('open', 'market')).toEqual([1]);
    // The next event costs the pruned connection nothing.
    fake.gone.clear();
    await write(newEvent('next', ['tiger:7'], clock));
    expect(fake.received('closed')).toEqual([]);
    expect(fake.seqs('open', 'tiger:7')).toEqual([1]);
  });

  it('forgets a connection at $disconnect with its subscriptions', async () => {
    const { side, connections } = await setUp();
    await side.connect('leaving', '0.0.1001');
    await side.message('leaving', JSON.stringify({ action: 'subscribe', streams: ['market', 'account:0.0.1001'] }));
    await side.disconnect('leaving');
    expect(await connections.connection('leaving')).toBeUndefined();
    expect(await connections.subscribers('market')).toEqual([]);
    expect(await connections.subscribers('account:0.0.1001')).toEqual([]);
  });
});

describe('the table stream’s records', () => {
  const image = {
    pk: { S: 'STREAM#tiger:7' },
    sk: { S: 'SEQ#000000000004' },
    stream: { S: 'tiger:7' },
    seq: { N: '4' },
    type: { S: 'sale' },
    at: { S: '2026-12-01T12:00:00.000Z' },
    data: { M: { ref: { S: '0.0.9@1.2' }, serial: { N: '7' }, price: { S: '100' }, market: { S: 'paws' } } },
    eventId: { S: 'sale:0.0.9@1.2' },
    expiresAt: { N: '1800000000' },
  };

  it('reads an event item’s INSERT back into its event', () => {
    expect(marketEventOf({ eventName: 'INSERT', dynamodb: { NewImage: image } })).toEqual({
      stream: 'tiger:7',
      seq: 4,
      type: 'sale',
      at: '2026-12-01T12:00:00.000Z',
      data: { ref: '0.0.9@1.2', serial: 7, price: '100', market: 'paws' },
    });
  });

  it('reads nothing else: a removal (TTL), a stream head, an event claim', () => {
    expect(marketEventOf({ eventName: 'REMOVE', dynamodb: { NewImage: image } })).toBeUndefined();
    expect(marketEventOf({ eventName: 'INSERT', dynamodb: { NewImage: { ...image, pk: { S: 'STREAMHEAD#tiger:7' } } } })).toBeUndefined();
    expect(marketEventOf({ eventName: 'INSERT', dynamodb: { NewImage: { pk: { S: 'EVENTID#x' }, sk: { S: 'EVENT' } } } })).toBeUndefined();
  });
});

describe('the Management API adapter', () => {
  let server: Server;
  let endpoint = '';
  const answers = new Map<string, number>([
    ['open', 200],
    ['closed', 410],
    ['broken', 500],
  ]);
  const posted: { path: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        posted.push({ path: `${request.method} ${request.url}`, body });
        const status = answers.get(decodeURIComponent(request.url?.split('/').pop() ?? '')) ?? 404;
        const type = status === 410 ? 'GoneException' : status === 500 ? 'InternalServerError' : undefined;
        response.writeHead(status, { 'content-type': 'application/json', ...(type ? { 'x-amzn-errortype': type } : {}) });
        response.end(type ? JSON.stringify({ message: type }) : '');
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
  });
  afterAll(() => {
    server.close();
  });

  const poster = () =>
    createManagementApiPoster(
      endpoint,
      new ApiGatewayManagementApiClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, maxAttempts: 1 }),
    );

  it('posts the frame to the connection at the stage’s callback URL', async () => {
    expect(await poster().post('open', '{"type":"reset","stream":"market"}')).toBe('sent');
    expect(posted.at(-1)).toEqual({ path: 'POST /stream/@connections/open', body: '{"type":"reset","stream":"market"}' });
  });

  it('answers gone for a 410 and throws any other failure', async () => {
    expect(await poster().post('closed', '{}')).toBe('gone');
    await expect(poster().post('broken', '{}')).rejects.toThrow();
  });
});
