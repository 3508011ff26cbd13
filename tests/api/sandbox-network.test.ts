import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/local-server';
import { ALICE, BOB, NFT_TOKEN, call } from '../support/sandbox-client';
import { responseValidator } from '../unit/ledger/openapi';
import { receiptFromNode } from '../../src/sandbox/wallet/node-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

describe('the sandbox network on a fresh local server', () => {
  it('serves 100 owned serials per page of the collection, in the official shape, and pages to every minted serial', async () => {
    const first = await call<{ nfts: { serial_number: number; account_id: string }[]; links: { next: string | null } }>(
      server.origin,
      'GET',
      `/sandbox/mirror/api/v1/tokens/${NFT_TOKEN}/nfts?limit=100`,
    );
    expect(first.status).toBe(200);
    expect(first.json.nfts).toHaveLength(100);
    expect(first.json.nfts.every((nft) => /^0\.0\.\d+$/.test(nft.account_id))).toBe(true);
    expect(responseValidator('/api/v1/tokens/{tokenId}/nfts', 200)(first.json)).toEqual([]);
    let next = first.json.links.next;
    let count = first.json.nfts.length;
    while (next) {
      const page = await call<{ nfts: unknown[]; links: { next: string | null } }>(server.origin, 'GET', `/sandbox/mirror${next}`);
      count += page.json.nfts.length;
      next = page.json.links.next;
    }
    expect(count).toBe(3328);
  });

  it('answers unknown resources with the official error body', async () => {
    const missing = await call(server.origin, 'GET', `/sandbox/mirror/api/v1/tokens/${NFT_TOKEN}/nfts/3330`);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ _status: { messages: [{ message: 'Not found' }] } });
  });

  it('serves the generated metadata and artwork of every serial', async () => {
    const nft = await call<{ metadata: string }>(server.origin, 'GET', `/sandbox/mirror/api/v1/tokens/${NFT_TOKEN}/nfts/12`);
    const uri = Buffer.from(nft.json.metadata, 'base64').toString('utf8');
    expect(uri).toMatch(/^ipfs:\/\/\w+\/12\.json$/);
    const metadata = await call<{ name: string; image: string; attributes: unknown[] }>(server.origin, 'GET', `/sandbox/ipfs/${uri.slice(7)}`);
    expect(metadata.json.name).toBe('Wild Tiger #12');
    const image = await fetch(`${server.origin}/sandbox/ipfs/${metadata.json.image.slice(7)}`);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<svg');
  });

  it('rate-limits its mirror node per client as mainnet’s public node does: 429 with Retry-After beyond 50 requests a second', async () => {
    await new Promise((done) => setTimeout(done, 1_000)); // a full bucket, whatever the tests before took
    const burst = await Promise.all(Array.from({ length: 80 }, () => call(server.origin, 'GET', `/sandbox/mirror/api/v1/tokens/${NFT_TOKEN}`)));
    const limited = burst.filter((answer) => answer.status === 429);
    expect(burst.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(50);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.headers.get('retry-after')).toBe('1');
    expect(limited[0]?.json).toEqual({ _status: { messages: [{ message: 'Too Many Requests' }] } });
    await new Promise((done) => setTimeout(done, 1_000));
    expect((await call(server.origin, 'GET', `/sandbox/mirror/api/v1/tokens/${NFT_TOKEN}`)).status).toBe(200);
  });

  it('fails its mirror node on request: the reader retries a 503 and a dropped connection, and says it is unavailable when the mirror stays down', async () => {
    const fault = (rule: Record<string, unknown>) => call(server.origin, 'POST', '/sandbox/faults', { body: { service: 'mirror', ...rule } });
    expect((await fault({ match: `/api/v1/accounts/${ALICE}`, fault: 'http-503' })).status).toBe(201);
    expect((await fault({ match: `/api/v1/accounts/${ALICE}`, fault: 'drop' })).status).toBe(201);
    expect((await call(server.origin, 'GET', `/api/hedera/balance/${ALICE}`)).status).toBe(200);

    expect((await fault({ match: `/api/v1/accounts/${BOB}`, fault: 'http-502', times: 1000 })).status).toBe(201);
    const down = await fetch(`${server.origin}/api/hedera/balance/${BOB}`);
    expect([down.status, down.headers.get('cache-control')]).toEqual([503, 'no-store']);
    expect(await down.json()).toMatchObject({ error: 'Failed to get HBAR balance from API' });
    expect((await fetch(`${server.origin}/sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(server.origin, 'GET', `/api/hedera/balance/${BOB}`)).status).toBe(200);
  }, 30_000);

  it('lists the demo accounts for the sandbox wallet', async () => {
    const accounts = await call<{ accountId: string; name: string; privateKey: string }[]>(server.origin, 'GET', '/sandbox/wallet/accounts');
    expect(accounts.json.map((account) => account.name)).toEqual(['Alice', 'Bob', 'Carol', 'Dave']);
    expect(accounts.json[0]).toMatchObject({ accountId: ALICE, privateKey: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('publishes its consensus node, which speaks gRPC-web as a node proxy does', async () => {
    const nodes = await call<{ nodes: { node_account_id: string; grpc_proxy_endpoint: { ip_address_v4: string; port: number } }[] }>(
      server.origin,
      'GET',
      '/sandbox/mirror/api/v1/network/nodes',
    );
    const { port } = new URL(server.origin);
    expect(nodes.json.nodes).toEqual([
      expect.objectContaining({ node_account_id: '0.0.3', grpc_proxy_endpoint: { domain_name: '', ip_address_v4: '127.0.0.1', port: Number(port) } }),
    ]);
    const grpcWeb = { 'content-type': 'application/grpc-web+proto', 'x-grpc-web': '1' };
    // The SDK's readiness probe: an empty POST to the root answers gRPC headers.
    const probe = await fetch(server.origin, { method: 'POST', headers: grpcWeb, body: new Uint8Array(0) });
    expect([probe.status, probe.headers.get('grpc-status')]).toEqual([200, '12']);
    // A body that is no gRPC-web frame, and a frame that holds no transaction.
    const unframed = await fetch(`${server.origin}/proto.CryptoService/cryptoTransfer`, { method: 'POST', headers: grpcWeb, body: new Uint8Array([9, 9]) });
    expect(unframed.headers.get('grpc-status')).toBe('13');
    const garbage = await fetch(`${server.origin}/proto.CryptoService/cryptoTransfer`, {
      method: 'POST',
      headers: grpcWeb,
      body: new Uint8Array([0, 0, 0, 0, 2, 0xff, 0xff]),
    });
    expect(garbage.status).toBe(200);
    const unknownMethod = await fetch(`${server.origin}/proto.CryptoService/createAccount`, { method: 'POST', headers: grpcWeb, body: new Uint8Array(0) });
    expect(unknownMethod.headers.get('grpc-status')).toBe('12');
    expect(await receiptFromNode(server.origin, `${ALICE}@1700000000.000000001`)).toBe('RECEIPT_NOT_FOUND');
  });
});
