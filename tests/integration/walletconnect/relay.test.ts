import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRelay, type Relay, startRelayServer } from '../../support/walletconnect/relay';

interface Frame {
  id?: number | string;
  method?: string;
  params?: { id: string; data: { topic: string; message: string; publishedAt: number; tag: number } };
  result?: unknown;
  error?: { code: number; message: string };
}

/** A client of `relay`: sends requests, collects what the relay sends it. */
function client(relay: Relay, clientId?: string) {
  const frames: string[] = [];
  const closed: Array<[number, string]> = [];
  const url = clientId ? `/?auth=h.${Buffer.from(JSON.stringify({ iss: clientId })).toString('base64url')}.s&projectId=p` : undefined;
  const peer = relay.connect(
    (text) => frames.push(text),
    url,
    (code, reason) => closed.push([code, reason]),
  );
  let next = 1;
  const parsed = () => frames.map((text) => JSON.parse(text) as Frame);
  return {
    frames,
    closed,
    peer,
    request(method: string, params: object): unknown {
      const id = next++;
      peer.receive(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
      return parsed().find((frame) => frame.id === id && !frame.method)?.result;
    },
    pushes: () => parsed().filter((frame) => frame.method === 'irn_subscription'),
    acknowledge(frame: Frame) {
      peer.receive(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }));
    },
  };
}

afterEach(() => vi.restoreAllMocks());

type WsClient = {
  on(event: 'open' | 'error', listener: () => void): void;
  on(event: 'unexpected-response', listener: (request: unknown, response: { statusCode?: number }) => void): void;
  close(): void;
};
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

describe('the local WalletConnect relay', () => {
  it('routes published messages by topic to subscribers, never back to the publisher', () => {
    const relay = createRelay();
    const dApp = client(relay, 'did:key:dapp');
    const wallet = client(relay, 'did:key:wallet');
    expect(dApp.request('irn_subscribe', { topic: 't1' })).toEqual(expect.any(String));
    wallet.request('irn_subscribe', { topic: 't1' });
    expect(wallet.request('irn_publish', { topic: 't1', message: 'm1', ttl: 300, tag: 1108 })).toBe(true);
    expect(dApp.pushes().map((frame) => frame.params?.data)).toEqual([{ topic: 't1', message: 'm1', publishedAt: expect.any(Number), tag: 1108 }]);
    expect(wallet.pushes()).toEqual([]);
  });

  it('keeps messages for a client that subscribes later, until it acknowledges them', () => {
    const relay = createRelay();
    const wallet = client(relay, 'did:key:wallet');
    wallet.request('irn_publish', { topic: 't1', message: 'early', ttl: 300, tag: 0 });
    const first = client(relay, 'did:key:dapp');
    first.request('irn_batchSubscribe', { topics: ['t1'] });
    expect(first.pushes().map((frame) => frame.params?.data.message)).toEqual(['early']);
    first.peer.close();

    // Not acknowledged: handed over again on the next connection of the same client.
    const second = client(relay, 'did:key:dapp');
    second.request('irn_subscribe', { topic: 't1' });
    const [push] = second.pushes();
    expect(push?.params?.data.message).toBe('early');
    second.acknowledge(push as Frame);
    second.peer.close();

    const third = client(relay, 'did:key:dapp');
    third.request('irn_subscribe', { topic: 't1' });
    expect(third.pushes()).toEqual([]);
  });

  it('hands unacknowledged messages over through irn_batchFetchMessages, once', () => {
    const relay = createRelay();
    client(relay, 'did:key:wallet').request('irn_publish', { topic: 't1', message: 'm1', ttl: 300 });
    const dApp = client(relay, 'did:key:dapp');
    expect(dApp.request('irn_batchFetchMessages', { topics: ['t1', 't2'] })).toEqual({
      messages: [{ topic: 't1', message: 'm1', publishedAt: expect.any(Number), tag: 0 }],
      hasMore: false,
    });
    expect(dApp.request('irn_batchFetchMessages', { topics: ['t1'] })).toEqual({ messages: [], hasMore: false });
  });

  it('drops messages whose TTL has passed', () => {
    const relay = createRelay();
    client(relay, 'did:key:wallet').request('irn_publish', { topic: 't1', message: 'm1', ttl: 30 });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    const dApp = client(relay, 'did:key:dapp');
    dApp.request('irn_subscribe', { topic: 't1' });
    expect(dApp.pushes()).toEqual([]);
  });

  it('stops pushing after irn_unsubscribe and irn_batchUnsubscribe', () => {
    const relay = createRelay();
    const dApp = client(relay, 'did:key:dapp');
    const wallet = client(relay, 'did:key:wallet');
    dApp.request('irn_batchSubscribe', { topics: ['t1', 't2'] });
    expect(dApp.request('irn_unsubscribe', { topic: 't1', id: 'x' })).toBe(true);
    expect(dApp.request('irn_batchUnsubscribe', { subscriptions: [{ topic: 't2', id: 'y' }] })).toBe(true);
    wallet.request('irn_publish', { topic: 't1', message: 'a', ttl: 300 });
    wallet.request('irn_publish', { topic: 't2', message: 'b', ttl: 300 });
    expect(dApp.pushes()).toEqual([]);
  });

  it('carries the sign client’s session proposal and approval, subscribing the proposer and the approver', () => {
    const relay = createRelay();
    const dApp = client(relay, 'did:key:dapp');
    const wallet = client(relay, 'did:key:wallet');
    expect(dApp.request('wc_proposeSession', { pairingTopic: 'pairing', sessionProposal: 'proposal', ttl: 300, tag: 1100 })).toBe(true);
    wallet.request('irn_subscribe', { topic: 'pairing' });
    expect(wallet.pushes().map((frame) => frame.params?.data)).toEqual([{ topic: 'pairing', message: 'proposal', publishedAt: expect.any(Number), tag: 1100 }]);

    wallet.request('wc_approveSession', {
      sessionTopic: 'session',
      pairingTopic: 'pairing',
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
    });
    expect(dApp.pushes().map((frame) => [frame.params?.data.topic, frame.params?.data.message, frame.params?.data.tag])).toEqual([
      ['pairing', 'response', 1101],
    ]);
    dApp.request('irn_subscribe', { topic: 'session' });
    expect(dApp.pushes().at(-1)?.params?.data).toMatchObject({ topic: 'session', message: 'settle', tag: 1102 });
    dApp.request('irn_publish', { topic: 'session', message: 'settled', ttl: 300 });
    expect(wallet.pushes().at(-1)?.params?.data).toMatchObject({ topic: 'session', message: 'settled' });
  });

  it('answers with the exact request id, however large, and refuses unknown methods', () => {
    const relay = createRelay();
    const frames: string[] = [];
    const peer = relay.connect((text) => frames.push(text));
    peer.receive('{"id":1732000000000000123456,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t1"}}');
    expect(frames[0]).toMatch(/^\{"id":1732000000000000123456,"jsonrpc":"2.0","result":"[0-9a-f]{64}"\}$/);
    peer.receive('{"id":"7","jsonrpc":"2.0","method":"irn_nothing","params":{}}');
    expect(JSON.parse(frames[1] as string)).toEqual({ id: '7', jsonrpc: '2.0', error: { code: -32601, message: 'Method not found: irn_nothing' } });
  });

  it("pushes a client's messages to its newest connection only: an older tab of the same origin hears nothing, even after the newest closes", () => {
    const relay = createRelay();
    const wallet = client(relay, 'did:key:wallet');
    const firstTab = client(relay, 'did:key:dapp');
    firstTab.request('irn_subscribe', { topic: 'session' });
    const secondTab = client(relay, 'did:key:dapp');
    secondTab.request('irn_subscribe', { topic: 'session' });

    // The first tab asks; the answer goes to the second.
    expect(firstTab.request('irn_publish', { topic: 'session', message: 'request', ttl: 300 })).toBe(true);
    expect(wallet.request('irn_subscribe', { topic: 'session' })).toEqual(expect.any(String));
    expect(wallet.pushes().map((frame) => frame.params?.data.message)).toEqual(['request']);
    wallet.request('irn_publish', { topic: 'session', message: 'answer', ttl: 300 });
    expect(secondTab.pushes().map((frame) => frame.params?.data.message)).toEqual(['answer']);
    secondTab.acknowledge(secondTab.pushes()[0] as Frame);
    expect(firstTab.pushes()).toEqual([]);

    // A second subscribe does not bring the older connection back; the newest closing does not either.
    firstTab.request('irn_subscribe', { topic: 'session' });
    secondTab.peer.close();
    wallet.request('irn_publish', { topic: 'session', message: 'event', ttl: 300 });
    expect(firstTab.pushes()).toEqual([]);
    // The message waits for the client's next connection.
    const reopened = client(relay, 'did:key:dapp');
    reopened.request('irn_subscribe', { topic: 'session' });
    expect(reopened.pushes().map((frame) => frame.params?.data.message)).toEqual(['event']);
  });

  it('an unacknowledged push is handed to the next connection of the client; an acknowledged one by any of its connections is not', () => {
    const relay = createRelay();
    const wallet = client(relay, 'did:key:wallet');
    const tab = client(relay, 'did:key:dapp');
    tab.request('irn_subscribe', { topic: 't1' });
    wallet.request('irn_publish', { topic: 't1', message: 'lost', ttl: 300 });
    expect(tab.pushes()).toHaveLength(1);
    const next = client(relay, 'did:key:dapp');
    next.request('irn_subscribe', { topic: 't1' });
    const [push] = next.pushes();
    expect(push?.params?.data.message).toBe('lost');
    next.acknowledge(push as Frame);
    tab.acknowledge(tab.pushes()[0] as Frame);
    const last = client(relay, 'did:key:dapp');
    last.request('irn_subscribe', { topic: 't1' });
    expect(last.pushes()).toEqual([]);
  });

  it('closes every socket with the code and reason the real relay uses, and refuses invalid params with -32600', () => {
    const relay = createRelay();
    const dApp = client(relay, 'did:key:dapp');
    const wallet = client(relay, 'did:key:wallet');
    dApp.request('irn_subscribe', {});
    expect(JSON.parse(dApp.frames.at(-1) as string)).toMatchObject({ error: { code: -32600, message: 'Missing or invalid "topic" param' } });
    relay.closeAll(4010);
    expect(dApp.closed).toEqual([[4010, 'Load Rebalancing']]);
    expect(wallet.closed).toEqual([[4010, 'Load Rebalancing']]);
  });

  it('refuses, before the upgrade, a client without a project id or an auth JWT (HTTP 401)', async () => {
    const server = await startRelayServer();
    try {
      const auth = `h.${Buffer.from(JSON.stringify({ iss: 'did:key:dapp' })).toString('base64url')}.s`;
      const status = (query: string) =>
        new Promise<number>((resolve) => {
          const socket = new WebSocket(`${server.url}/${query}`);
          socket.on('open', () => {
            socket.close();
            resolve(101);
          });
          socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
          socket.on('error', () => undefined);
        });
      expect(await status('?projectId=p')).toBe(401);
      expect(await status(`?auth=${auth}`)).toBe(401);
      expect(await status(`?projectId=p&auth=${auth}`)).toBe(101);
    } finally {
      await server.close();
    }
  });
});
