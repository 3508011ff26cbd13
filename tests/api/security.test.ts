import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/server/routes';
import { startTestServer, type TestServer } from '../support/local-server';
import { ALICE, BOB, CAROL, NFT_TOKEN, PAWS_TOKEN, call, ownedSerials, signIn } from '../support/sandbox-client';

let server: TestServer;
let alice: string;
let bob: string;
let aliceSerial: number;

const SAMPLE_PARAMS: Record<string, () => string> = {
  accountId: () => ALICE,
  owner: () => ALICE,
  spender: () => '0.0.7000100',
  tokenId: () => NFT_TOKEN,
  serial: () => String(aliceSerial),
  id: () => '00000000-0000-4000-8000-000000000000',
};

const EVIL = [
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201=1--",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%00',
  'x'.repeat(400),
  '0.0.-1',
  '1e309',
  '-1',
  '%F0%9F%90%AF',
  '0.0.99999999999999',
];

function fill(path: string, override?: [string, string]): string {
  return path.replace(/\{(\w+)\+?\}/g, (_whole, name: string) => (override?.[0] === name ? override[1] : (SAMPLE_PARAMS[name]?.() ?? 'x')));
}

/** What an attacker would notice changing: listings, ledger balances and owners, a profile. */
async function snapshot(): Promise<string> {
  const reads = await Promise.all([
    call(server.origin, 'GET', '/api/paws/listings?limit=100'),
    ...[ALICE, BOB, CAROL].map((account) => call(server.origin, 'GET', `/sandbox/mirror/api/v1/accounts/${account}`)),
    call(server.origin, 'GET', `/sandbox/mirror/api/v1/accounts/${ALICE}/nfts?token.id=${NFT_TOKEN}&limit=100`),
    call(server.origin, 'GET', `/sandbox/mirror/api/v1/accounts/${ALICE}/allowances/tokens`),
    call(server.origin, 'GET', `/api/profile/${ALICE}`, { cookie: alice }),
  ]);
  return JSON.stringify(
    reads.map((read) => [read.status, read.json]),
    (key, value) => (key === 'profileViews' || key === 'timestamp' ? undefined : value),
  );
}

function expectClientError(answer: { status: number; json: unknown }, what: string): void {
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  expect(typeof (answer.json as { error?: unknown } | null)?.error, `${what} has a JSON error`).toBe('string');
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await signIn(server.origin, ALICE);
  bob = await signIn(server.origin, BOB);
  aliceSerial = (await ownedSerials(server.origin, ALICE))[0] as number;
}, 60_000);
afterAll(async () => {
  await server?.dispose();
});

const writes = ROUTES.filter((route) => route.auth === 'session');
/** The request options of a route: a read behind a session (a seller's own sales) is asked without a body. */
const bodyFor = (method: string, options: { rawBody?: string; body?: unknown; cookie?: string }) =>
  method === 'GET' ? { ...options, rawBody: undefined, body: undefined } : options;

describe('API security', () => {
  it('every write route answers 401 without a session, whatever the body, and changes nothing', async () => {
    const before = await snapshot();
    for (const route of writes) {
      for (const rawBody of [undefined, '{}', '{"accountId":"0.0.7001001"}', '{bad json']) {
        const answer = await call(server.origin, route.method, fill(route.path), bodyFor(route.method, rawBody === undefined ? {} : { rawBody }));
        expect(answer.status, `${route.method} ${route.path} ${rawBody}`).toBe(401);
        expectClientError(answer, `${route.method} ${route.path}`);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses forged, expired and tampered session cookies on every write route', async () => {
    const secret = readFileSync(join(server.dataDir, 'session-secret'), 'utf8').trim();
    const key = new TextEncoder().encode(secret);
    const expired = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ALICE)
      .setIssuer('wild-tigers')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ALICE)
      .setIssuer('wild-tigers')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret'));
    const unknownSession = await new SignJWT({ sid: 'never-issued' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ALICE)
      .setIssuer('wild-tigers')
      .setExpirationTime('1h')
      .sign(key);
    const [head, body, signature] = alice.slice('wt_session='.length).split('.') as [string, string, string];
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: BOB })).toString('base64url')}.${signature}`;
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    for (const token of [expired, forged, unknownSession, tampered, none]) {
      for (const route of writes) {
        const answer = await call(server.origin, route.method, fill(route.path), bodyFor(route.method, { cookie: `wt_session=${token}`, body: {} }));
        expect(answer.status, `${route.method} ${route.path}`).toBe(401);
      }
    }
  });

  it('answers 403 when a session acts for another account', async () => {
    const before = await snapshot();
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/api/paws/listings/prepare', { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: aliceSerial, pawsPrice: '1' }],
      ['POST', '/api/paws/allowance/prepare', { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: aliceSerial, spenderAccountId: '0.0.7000100' }],
      ['POST', '/api/paws/token-allowance/prepare', { ownerAccountId: ALICE, tokenId: PAWS_TOKEN, amount: '1', spenderAccountId: '0.0.7000100' }],
      ['POST', '/api/paws/allowance/delete/prepare', { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: aliceSerial }],
      ['POST', `/api/profile/${ALICE}/sync-nfts`, undefined],
      ['POST', '/api/profile', { accountId: ALICE, username: 'pwned' }],
      ['POST', '/api/market/buy', { token_address: NFT_TOKEN, serial_number: 1, user_address: ALICE, price: '10' }],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await call(server.origin, method, path, { cookie: bob, ...(body === undefined ? {} : { body }) });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expectClientError(answer, `${method} ${path}`);
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers malformed JSON, wrong types, missing fields and oversized bodies with a 4xx JSON error', async () => {
    const before = await snapshot();
    const bodies = [
      '{bad json',
      '[]',
      '"text"',
      'null',
      '{}',
      JSON.stringify({ accountId: 12, sellerId: [], tokenId: {}, serialNumber: 'x', pawsPrice: true, listingId: 5 }),
    ];
    // logout last: it ends the session the other routes use
    const ordered = ROUTES.filter((r) => r.method !== 'GET').sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));
    for (const route of ordered) {
      for (const rawBody of bodies) {
        const answer = await call(server.origin, route.method, fill(route.path), { cookie: alice, rawBody });
        if (answer.status < 300) continue; // a route without a body (logout, sync, delete) may succeed
        expectClientError(answer, `${route.method} ${route.path} ${rawBody}`);
      }
      const huge = await call(server.origin, route.method, fill(route.path), { cookie: alice, rawBody: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }) });
      expect(huge.status, `${route.method} ${route.path} oversized`).toBe(413);
      const wrongType = await call(server.origin, route.method, fill(route.path), { cookie: alice, rawBody: '{}', headers: { 'content-type': 'text/plain' } });
      if (wrongType.status >= 300) expectClientError(wrongType, `${route.method} ${route.path} text/plain`);
    }
    await call(server.origin, 'POST', '/api/auth/logout', { cookie: alice });
    alice = await signIn(server.origin, ALICE);
    expect(await snapshot()).toBe(before);
  });

  it('answers path traversal, injection strings and invalid ids in every path parameter with a 4xx JSON error', async () => {
    const before = await snapshot();
    for (const route of ROUTES.filter((r) => r.path.includes('{'))) {
      for (const name of [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string)) {
        for (const evil of EVIL) {
          const answer = await call(server.origin, route.method, fill(route.path, [name, evil]), {
            cookie: alice,
            ...(route.method === 'GET' ? {} : { body: {} }),
          });
          expect(answer.status, `${route.method} ${route.path} ${name}=${evil}`).toBeLessThan(500);
          if (answer.status >= 400) expectClientError(answer, `${route.method} ${route.path} ${name}=${evil}`);
        }
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('never answers 500 to random bodies and query strings (property-based)', async () => {
    const before = await snapshot();
    for (const route of ROUTES) {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 4 }), async (body, query) => {
          const search = new URLSearchParams(query).toString();
          const path = `${fill(route.path)}${search ? `?${search}` : ''}`;
          const answer = await call(server.origin, route.method, path, route.method === 'GET' ? {} : { cookie: bob, rawBody: JSON.stringify(body) });
          expect(answer.status, `${route.method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        }),
        { numRuns: 12 },
      );
    }
    expect(await snapshot()).toBe(before);
  }, 120_000);
});
