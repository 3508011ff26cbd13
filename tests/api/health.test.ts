import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/local-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

describe('local API server', () => {
  it('answers GET /api/health with the network, store and token ids', async () => {
    const response = await fetch(`${server.origin}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({
      ok: true,
      network: 'sandbox',
      store: 'ok',
      version: expect.any(String),
      nftTokenId: '0.0.7000333',
      pawsTokenId: '0.0.9296439',
    });
  });

  it('answers unknown API paths with a JSON 404 and wrong methods with a JSON 405', async () => {
    const unknown = await fetch(`${server.origin}/api/no-such-route`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not found', code: 'ROUTE_NOT_FOUND' });
    const wrongMethod = await fetch(`${server.origin}/api/health`, { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toEqual({ error: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' });
  });

  it('refuses bodies far over the limit before any handler runs', async () => {
    const response = await fetch(`${server.origin}/api/health`, { method: 'GET', headers: { 'x-test': '1' } });
    expect(response.ok).toBe(true);
    const huge = await fetch(`${server.origin}/api/health`, { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) });
    expect([405, 413]).toContain(huge.status);
  });

  it('keeps its data across a restart', async () => {
    await server.restart();
    const response = await fetch(`${server.origin}/api/health`);
    expect(response.status).toBe(200);
  });
});
