import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PrivateKey } from '@hiero-ledger/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../support/local-server';
import { ALICE } from '../support/sandbox-client';

/** A GET with a raw Host header and request target, which fetch would refuse to send. */
function rawGet(origin: string, target: string, host: string): Promise<{ status: number; json: unknown }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path: target, method: 'GET', headers: { host } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
    });
    request.on('error', reject);
    request.end();
  });
}

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

  it('answers 404 with a clear message for the balances of an account that does not exist', async () => {
    for (const path of ['/api/hedera/balance/0.0.424242', '/api/paws/balance/0.0.424242', '/api/balance/fast/0.0.424242']) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ error: 'Account 0.0.424242 does not exist on the ledger', code: 'ACCOUNT_NOT_FOUND' });
    }
    const existing = await fetch(`${server.origin}/api/hedera/balance/${ALICE}`);
    expect(existing.status).toBe(200);
  });

  it('answers a malformed Host header or percent-encoding with a JSON 400, on the API and the sandbox routes alike', async () => {
    for (const host of ['bad host', '[::1', 'a:b:c']) {
      expect(await rawGet(server.origin, '/api/health', host), host).toEqual({
        status: 400,
        json: { error: 'Malformed Host header', code: 'INVALID_REQUEST' },
      });
    }
    for (const path of ['/api/hedera/balance/%E0%A4%A', '/sandbox/mirror/api/v1/accounts/%E0%A4%A', '/sandbox/ipfs/%ZZ', '/about%C0']) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({ error: 'Malformed percent-encoding in the path', code: 'INVALID_REQUEST' });
    }
  });

  /** Starts a mainnet server over `siteDir` (a page and, unless told otherwise, the rarity dataset) and waits for it to exit. */
  async function startMainnet(env: Record<string, string>, withRarity: boolean): Promise<{ code: number | null; output: string }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'wild-tigers-test-'));
    mkdirSync(join(dataDir, 'site', 'data'), { recursive: true });
    writeFileSync(join(dataDir, 'site', 'index.html'), '<!doctype html><title>t</title>');
    if (withRarity) writeFileSync(join(dataDir, 'site', 'data', 'rarity.json'), '{"rarityData":{}}');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/local/start.ts'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        NETWORK: 'mainnet',
        NFT_TOKEN_ID: '0.0.7000333',
        MARKETPLACE_ACCOUNT_ID: '0.0.7000100',
        MIRROR_NODE_URL: 'http://127.0.0.1:9/unreachable',
        PORT: '0',
        DATA_DIR: dataDir,
        SITE_DIR: join(dataDir, 'site'),
        DYNAMODB_ENDPOINT: '',
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((exited) => child.once('exit', exited));
    rmSync(dataDir, { recursive: true, force: true });
    return { code, output };
  }

  it('on mainnet, refuses to start with an operator key that does not say its type', async () => {
    const rawEcdsa = PrivateKey.fromBytesECDSA(new Uint8Array(32).fill(6)).toStringRaw();
    const { code, output } = await startMainnet({ OPERATOR_KEY: rawEcdsa }, true);
    expect(code).toBe(1);
    expect(output).toContain('OPERATOR_KEY is a raw 32-byte key, which does not say whether it is ED25519 or ECDSA');
    expect(output).not.toContain(rawEcdsa);
    expect(output).not.toContain('listening');
  }, 60_000);

  it('on mainnet, refuses to start without the rarity dataset, naming the command that builds it', async () => {
    const { code, output } = await startMainnet({ OPERATOR_KEY: PrivateKey.fromBytesED25519(new Uint8Array(32).fill(6)).toStringDer() }, false);
    expect(code).toBe(1);
    expect(output).toContain("The collection's rarity dataset is missing");
    expect(output).toContain('npm run collection:snapshot -- --token <NFT token id>');
    expect(output).not.toContain('listening');
  }, 60_000);

  it('keeps its data across a restart', { timeout: SERVER_START_TIMEOUT_MS }, async () => {
    await server.restart();
    const response = await fetch(`${server.origin}/api/health`);
    expect(response.status).toBe(200);
  });
});
