import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, call, signIn, signMessageAs } from '../support/sandbox-client';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../support/local-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

async function challenge(accountId: string): Promise<string> {
  const answer = await call<{ message: string }>(server.origin, 'POST', '/api/auth/challenge', { body: { accountId } });
  expect(answer.status).toBe(200);
  return answer.json.message;
}

function verify(body: Record<string, unknown>) {
  return call(server.origin, 'POST', '/api/auth/verify', { body });
}

describe('sign-in by signed message', () => {
  it('issues a single-use ASCII challenge with the spec text, a nonce and an expiry', async () => {
    const message = await challenge(ALICE);
    expect(message).toMatch(/^Click to sign in and accept the Terms of Service of Wild Tigers\n\nAccount: 0\.0\.7001001\nNonce: \S{16,}\nExpires: \d{4}-/);
    expect(/^[\x20-\x7e\n]+$/.test(message)).toBe(true);
    expect(await challenge(ALICE)).not.toBe(message);
  });

  it('verifies the signature against the ledger key and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const message = await challenge(ALICE);
    const answer = await verify({ accountId: ALICE, message, signatureMap: signMessageAs(ALICE, message) });
    expect(answer.status).toBe(200);
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^wt_session=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).not.toContain('Secure'); // plain-http localhost only
    const session = await call(server.origin, 'GET', '/api/auth/session', { cookie: cookie.split(';')[0] });
    expect(session.json).toMatchObject({ authenticated: true, accountId: ALICE });
  });

  it('refuses a signature by another key', async () => {
    const message = await challenge(ALICE);
    const answer = await verify({ accountId: ALICE, message, signatureMap: signMessageAs(ALICE, message, BOB) });
    expect(answer).toMatchObject({ status: 401, json: { error: expect.stringContaining('not made by this account') } });
  });

  it('refuses a reused challenge', async () => {
    const message = await challenge(ALICE);
    const signatureMap = signMessageAs(ALICE, message);
    expect((await verify({ accountId: ALICE, message, signatureMap })).status).toBe(200);
    const again = await verify({ accountId: ALICE, message, signatureMap });
    expect(again).toMatchObject({ status: 401, json: { error: expect.stringContaining('already used') } });
  });

  it('refuses a tampered message, even one signed correctly', async () => {
    const message = await challenge(ALICE);
    const tampered = message.replace(/Expires: .*/, 'Expires: 2099-01-01T00:00:00.000Z');
    const answer = await verify({ accountId: ALICE, message: tampered, signatureMap: signMessageAs(ALICE, tampered) });
    expect(answer.status).toBe(401);
    // and the untouched challenge is now spent too? No: the tampered one did not match, so it still works.
    expect((await verify({ accountId: ALICE, message, signatureMap: signMessageAs(ALICE, message) })).status).toBe(200);
  });

  it('refuses a challenge issued to another account', async () => {
    const message = await challenge(ALICE);
    const answer = await verify({ accountId: BOB, message, signatureMap: signMessageAs(BOB, message) });
    expect(answer).toMatchObject({ status: 401, json: { error: 'This sign-in challenge was issued to another account' } });
  });

  it('refuses an expired challenge', async () => {
    const message = (await challenge(ALICE)).replace(/Expires: .*/, 'Expires: 2020-01-01T00:00:00.000Z');
    const answer = await verify({ accountId: ALICE, message, signatureMap: signMessageAs(ALICE, message) });
    expect(answer).toMatchObject({ status: 401, json: { error: expect.stringContaining('expired') } });
  });

  it('refuses unknown accounts and malformed input with clear 4xx errors', async () => {
    expect((await call(server.origin, 'POST', '/api/auth/challenge', { body: { accountId: '0.0.999999999' } })).status).toBe(404);
    const bad = await call(server.origin, 'POST', '/api/auth/challenge', { body: { accountId: 'alice' } });
    expect(bad).toMatchObject({ status: 400, json: { error: expect.stringContaining('accountId') } });
    expect((await call(server.origin, 'POST', '/api/auth/verify', { rawBody: '{"accountId":' })).status).toBe(400);
    expect((await verify({ accountId: ALICE, message: 'hello', signatureMap: 'AAAA' })).status).toBe(401);
  });

  it('refuses forged and tampered session cookies', async () => {
    const cookie = await signIn(server.origin, ALICE);
    const [name, token] = cookie.split('=') as [string, string];
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: BOB })).toString('base64url');
    for (const bad of [`${name}=${header}.${forgedPayload}.${signature}`, `${name}=${header}.${payload}.${signature.slice(0, -2)}xx`, `${name}=garbage`]) {
      const session = await call(server.origin, 'GET', '/api/auth/session', { cookie: bad });
      expect(session.json).toEqual({ authenticated: false });
    }
  });

  it('logout ends the session server-side and clears the cookie', async () => {
    const cookie = await signIn(server.origin, ALICE);
    const logout = await call(server.origin, 'POST', '/api/auth/logout', { cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/wt_session=; .*Max-Age=0/);
    expect((await call(server.origin, 'GET', '/api/auth/session', { cookie })).json).toEqual({ authenticated: false });
  });

  it('keeps sessions across a server restart', { timeout: SERVER_START_TIMEOUT_MS }, async () => {
    const cookie = await signIn(server.origin, BOB);
    await server.restart();
    expect((await call(server.origin, 'GET', '/api/auth/session', { cookie })).json).toMatchObject({ authenticated: true, accountId: BOB });
  });
});
