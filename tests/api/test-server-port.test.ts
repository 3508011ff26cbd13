/**
 * The test server's port: freePort() finds one free, the server binds it a moment later, and in
 * between another process's listen(0) may be given it (a CI run's whole spec once ran against an
 * embedded store's "healthy: dynamodb…" answer). The test server takes only its own health answer,
 * and starts again on another port.
 */
import { createServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ports = vi.hoisted(() => ({ first: 0 }));
vi.mock('../support/free-port', async (original) => {
  const real = await original<typeof import('../support/free-port')>();
  let handedOut = false;
  return {
    // The first port asked for is one another process has just taken; then real free ones.
    freePort: async () => {
      if (handedOut || !ports.first) return real.freePort();
      handedOut = true;
      return ports.first;
    },
  };
});

const { startTestServer } = await import('../support/local-server');

const taker = createServer((_request, response) => response.end('healthy: dynamodb.us-east-1.amazonaws.com'));

afterEach(() => {
  taker.close();
});

describe('the test server’s port', () => {
  it('is never another process’s: a port taken between the probe and the bind is given up for another', async () => {
    await new Promise<void>((listening) => taker.listen(0, '127.0.0.1', listening));
    const address = taker.address();
    ports.first = typeof address === 'object' && address ? address.port : 0;
    const server = await startTestServer();
    try {
      expect(server.origin).not.toBe(`http://127.0.0.1:${ports.first}`);
      const health = (await (await fetch(`${server.origin}/api/health`)).json()) as { network?: string };
      expect(health.network).toBe('sandbox');
    } finally {
      await server.dispose();
    }
  });
});
