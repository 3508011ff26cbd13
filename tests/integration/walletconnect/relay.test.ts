import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRelay, type Relay } from '../../support/walletconnect/relay';

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
  const url = clientId ? `/?auth=h.${Buffer.from(JSON.stringify({ iss: clientId })).toString('base64url')}.s&projectId=p` : undefined;
  const peer = relay.connect((text) => frames.push(text), url);
  let next = 1;
  const parsed = () => frames.map((text) => JSON.parse(text) as Frame);
  return {
    frames,
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
});
