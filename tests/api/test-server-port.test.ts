/**
 * The test server's port: freePort() finds one free, the server binds it a moment later, and in
 * between another process's listen(0) may be given it (a CI run's whole spec once ran against an
 * embedded store's "healthy: dynamodb…" answer). The test server takes only its own health answer,
 * and starts again on another port. A server whose port is taken fails before its store and the
 * sandbox's seed start (it takes its port first), so giving a port up costs a moment, not a start.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEmbeddedStore } from '../../src/server/store/dynalite';

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

const { SERVER_START_TIMEOUT_MS, startTestServer } = await import('../support/local-server');

const taker = createServer((_request, response) => response.end('healthy: dynamodb.us-east-1.amazonaws.com'));

/** Listens on a free port of 127.0.0.1 with `taker`, and answers the port. */
async function takePort(): Promise<number> {
  await new Promise<void>((listening) => taker.listen(0, '127.0.0.1', listening));
  const address = taker.address();
  return typeof address === 'object' && address ? address.port : 0;
}

afterEach(() => {
  taker.close();
});

describe('the test server’s port', () => {
  // Bounded by the start's own deadline, for the start given up and the one that serves: a busy host slows both.
  it('is never another process’s: a port taken between the probe and the bind is given up for another', { timeout: 2 * SERVER_START_TIMEOUT_MS }, async () => {
    ports.first = await takePort();
    const server = await startTestServer();
    try {
      expect(server.origin).not.toBe(`http://127.0.0.1:${ports.first}`);
      const health = (await (await fetch(`${server.origin}/api/health`)).json()) as { network?: string };
      expect(health.network).toBe('sandbox');
    } finally {
      await server.dispose();
    }
  });

  it('is taken before anything else: a server whose port is in use exits before it creates its table or seeds the sandbox', {
    timeout: SERVER_START_TIMEOUT_MS,
  }, async () => {
    const port = await takePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'wild-tigers-test-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/local/start.ts', '--api-only'], {
        cwd: resolve(import.meta.dirname, '../..'),
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DYNAMODB_ENDPOINT: '',
          LOG_LEVEL: 'silent',
          RECONCILER_INTERVAL_MS: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((exited) => child.once('exit', exited));
      expect(code).toBe(1);
      expect(output).toContain('EADDRINUSE');
      // The store it left: no table, so nothing of the seed was written.
      const store = await startEmbeddedStore(join(dataDir, 'dynalite'));
      try {
        const client = new DynamoDBClient({ endpoint: store.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
        expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
        client.destroy();
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
