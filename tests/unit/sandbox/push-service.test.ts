import { createPrivateKey, sign } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import { Agent as HttpsAgent, type RequestOptions } from 'node:https';
import { type Socket, connect } from 'node:net';
import webpush, { type PushSubscription, type RequestOptions as PushOptions, type VapidKeys } from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetPushService } from '@/sandbox/push/push-service';
import { sandboxRoutes } from '@/sandbox/sandbox-routes';

/** web-push's sendNotification speaks https only; this agent's connections are plain TCP, so it reaches the stand-in's http:// endpoint. */
class PlainTcpAgent extends HttpsAgent {
  override createConnection(options: RequestOptions): Socket {
    return connect({ host: options.host ?? '127.0.0.1', port: Number(options.port) });
  }
}

const SUBJECT = 'mailto:ops@wildtigers.example';
const agent = new PlainTcpAgent();
let server: Server;
let origin = '';
let vapid: VapidKeys;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    void sandboxRoutes(request, url, response).then((handled) => handled || response.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  vapid = webpush.generateVAPIDKeys();
});

afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => resetPushService());

const options = (keys: VapidKeys = vapid, extra: PushOptions = {}): PushOptions => ({
  vapidDetails: { subject: SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
  TTL: 60,
  agent,
  ...extra,
});

async function subscribe(body?: unknown): Promise<PushSubscription> {
  const response = await fetch(`${origin}/sandbox/push/subscriptions`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
  expect(response.status).toBe(201);
  return (await response.json()) as PushSubscription;
}

async function messagesOf(subscription: PushSubscription): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(`${subscription.endpoint}/messages`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Array<Record<string, unknown>> }).messages;
}

/** The status web-push's sendNotification ends with: its 201, or the WebPushError's status. */
async function sendStatus(subscription: PushSubscription, payload: string | null, pushOptions: PushOptions = options()): Promise<number> {
  try {
    return (await webpush.sendNotification(subscription, payload, pushOptions)).statusCode;
  } catch (error) {
    if (error instanceof webpush.WebPushError) return error.statusCode;
    throw error;
  }
}

/** POSTs a delivery built by web-push (`generateRequestDetails`), with `change` applied to its headers and body first. */
async function post(
  subscription: PushSubscription,
  payload: string,
  change: (request: { headers: Record<string, string>; body: Buffer }) => void = () => {},
): Promise<Response> {
  const details = webpush.generateRequestDetails(subscription, payload, options());
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  const request = { headers, body: details.body };
  change(request);
  return fetch(details.endpoint, { method: 'POST', headers: request.headers, body: new Uint8Array(request.body) });
}

/** An ES256 JWT of `claims`, signed with `keys` (web-push's own JWTs cannot carry bad claims). */
function signedJwt(claims: Record<string, unknown>, keys: VapidKeys = vapid, header: Record<string, unknown> = { typ: 'JWT', alg: 'ES256' }): string {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  const key = createPrivateKey({ key: jwk, format: 'jwk' });
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

const inHours = (hours: number) => Math.floor(Date.now() / 1000) + hours * 3600;
const withJwt =
  (jwt: string, key = vapid.publicKey) =>
  (request: { headers: Record<string, string> }) => {
    request.headers.authorization = `vapid t=${jwt}, k=${key}`;
  };

describe('the push service stand-in (RFC 8030, 8291, 8292)', () => {
  it('subscribes as a browser does: PushSubscription.toJSON() with a 65-byte P-256 point and a 16-byte auth secret', async () => {
    const subscription = await subscribe();
    expect(subscription.endpoint).toMatch(new RegExp(`^${origin}/sandbox/push/[A-Za-z0-9_-]{22}$`));
    expect(subscription.expirationTime).toBeNull();
    const p256dh = Buffer.from(subscription.keys.p256dh, 'base64url');
    expect([p256dh.length, p256dh[0]]).toEqual([65, 0x04]);
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);
    expect((await subscribe()).endpoint).not.toBe(subscription.endpoint);
  });

  it('accepts what web-push sends (201, Location), opens it, and keeps the messages in order', async () => {
    const subscription = await subscribe();
    const first = await webpush.sendNotification(subscription, '{"title":"Tiger #12 sold for 900 PAWS"}', options(vapid, { urgency: 'high', topic: 'sales' }));
    expect(first.statusCode).toBe(201);
    expect(first.headers.location).toMatch(new RegExp(`^${subscription.endpoint}/messages/`));
    expect(first.headers.ttl).toBe('60');
    expect((await webpush.sendNotification(subscription, 'Second: tiger #40 listed', options())).statusCode).toBe(201);
    expect((await webpush.sendNotification(subscription, null, options())).statusCode).toBe(201);

    const messages = await messagesOf(subscription);
    expect(messages.map(({ payload, ttl, urgency, topic, subject }) => ({ payload, ttl, urgency, topic, subject }))).toEqual([
      { payload: '{"title":"Tiger #12 sold for 900 PAWS"}', ttl: 60, urgency: 'high', topic: 'sales', subject: SUBJECT },
      { payload: 'Second: tiger #40 listed', ttl: 60, urgency: 'normal', topic: null, subject: SUBJECT },
      { payload: null, ttl: 60, urgency: 'normal', topic: null, subject: SUBJECT },
    ]);
    expect(messages[0]?.applicationServerKey).toBe(vapid.publicKey);
    expect(Date.parse(String(messages[0]?.receivedAt))).toBeGreaterThan(Date.now() - 60_000);
    expect(await (await fetch(String(first.headers.location))).json()).toEqual(messages[0]);
  });

  it('takes a 4,096-byte body (3,993 bytes of plaintext) and refuses a 4,097-byte one with 413', async () => {
    const subscription = await subscribe();
    expect(await sendStatus(subscription, 'p'.repeat(3993))).toBe(201);
    expect(webpush.generateRequestDetails(subscription, 'p'.repeat(3994), options()).body).toHaveLength(4097);
    expect((await post(subscription, 'p'.repeat(3994))).status).toBe(413);
    expect(await sendStatus(subscription, 'p'.repeat(3994))).toBe(413);
    expect((await messagesOf(subscription)).map((message) => String(message.payload).length)).toEqual([3993]);
  });

  it('checks VAPID: a bad or missing Authorization is 401, a well-signed JWT with wrong claims 403', async () => {
    const subscription = await subscribe();
    const otherKeys = webpush.generateVAPIDKeys();
    const claims = { aud: origin, exp: inHours(12), sub: SUBJECT };
    const statusOf = async (change: Parameters<typeof post>[2]) => (await post(subscription, 'hello', change)).status;

    expect(await statusOf(withJwt(signedJwt(claims)))).toBe(201);
    // 401: no credentials, another key's k (the signature does not verify), not ES256, a key that is no point.
    expect(await statusOf(({ headers }) => delete headers.authorization)).toBe(401);
    expect(await statusOf(withJwt(signedJwt(claims), otherKeys.publicKey))).toBe(401);
    expect(await sendStatus(subscription, 'hello', options({ publicKey: otherKeys.publicKey, privateKey: vapid.privateKey }))).toBe(401);
    expect(await statusOf(withJwt(signedJwt(claims, vapid, { typ: 'JWT', alg: 'ES384' })))).toBe(401);
    expect(await statusOf(withJwt(signedJwt(claims), Buffer.alloc(65, 4).toString('base64url')))).toBe(401);
    expect(await statusOf(({ headers }) => (headers.authorization = `WebPush ${signedJwt(claims)}`))).toBe(401);
    // 403: another audience, expired, more than 24 hours ahead, no sub, a sub that is neither mailto: nor https:.
    const otherAudience = webpush.getVapidHeaders('http://other.example', SUBJECT, vapid.publicKey, vapid.privateKey, 'aes128gcm').Authorization;
    expect(await statusOf(({ headers }) => (headers.authorization = otherAudience))).toBe(403);
    expect(await statusOf(withJwt(signedJwt({ ...claims, aud: `${origin}/` })))).toBe(403);
    const expired = webpush.getVapidHeaders(origin, SUBJECT, vapid.publicKey, vapid.privateKey, 'aes128gcm', inHours(0) - 60).Authorization;
    expect(await statusOf(({ headers }) => (headers.authorization = expired))).toBe(403);
    expect(await statusOf(withJwt(signedJwt({ ...claims, exp: inHours(25) })))).toBe(403);
    expect(await statusOf(withJwt(signedJwt({ aud: origin, exp: inHours(1) })))).toBe(403);
    expect(await statusOf(withJwt(signedJwt({ ...claims, sub: 'http://wildtigers.example' })))).toBe(403);

    expect((await messagesOf(subscription)).map((message) => message.payload)).toEqual(['hello']);
  });

  it('holds a subscription made with an applicationServerKey to that key (403 for another)', async () => {
    const subscription = await subscribe({ applicationServerKey: vapid.publicKey });
    expect(await sendStatus(subscription, 'from another server', options(webpush.generateVAPIDKeys()))).toBe(403);
    expect(await sendStatus(subscription, 'from ours', options())).toBe(201);
    const refused = await fetch(`${origin}/sandbox/push/subscriptions`, { method: 'POST', body: '{"applicationServerKey":"not-a-key"}' });
    expect(refused.status).toBe(400);
  });

  it('refuses a delivery without TTL or with a bad Urgency or Topic (400), another coding (415), a body that does not open (400)', async () => {
    const subscription = await subscribe();
    const other = await subscribe();
    const statusOf = async (change: Parameters<typeof post>[2], to = subscription) => (await post(to, 'hello', change)).status;

    expect(await statusOf(({ headers }) => delete headers.ttl)).toBe(400);
    expect(await statusOf(({ headers }) => (headers.ttl = '1.5'))).toBe(400);
    expect(await statusOf(({ headers }) => (headers.urgency = 'urgent'))).toBe(400);
    expect(await statusOf(({ headers }) => (headers.topic = 'a topic with spaces'))).toBe(400);
    expect(await statusOf(({ headers }) => (headers.topic = 't'.repeat(33)))).toBe(400);
    expect(await statusOf(({ headers }) => (headers['content-encoding'] = 'aesgcm'))).toBe(415);
    expect(await statusOf(({ headers }) => delete headers['content-encoding'])).toBe(415);
    expect(await statusOf(({ body }) => (body[body.length - 1] = (body.at(-1) ?? 0) ^ 1))).toBe(400);
    expect(await statusOf(({ body }) => body.writeUInt32BE(18, 16))).toBe(400);
    // Encrypted to `subscription`'s keys, sent to `other`: its user agent cannot open it.
    const misdirected = webpush.generateRequestDetails(subscription, 'hello', options());
    const headers = { authorization: String(misdirected.headers.Authorization), ttl: '60', 'content-encoding': 'aes128gcm' };
    expect((await fetch(other.endpoint, { method: 'POST', headers, body: new Uint8Array(misdirected.body) })).status).toBe(400);

    expect(await statusOf(() => {})).toBe(201);
    expect(await messagesOf(subscription)).toHaveLength(1);
    expect(await messagesOf(other)).toHaveLength(0);
  });

  it('answers 410 Gone once the user agent unsubscribed, and 404 for an endpoint it never issued', async () => {
    const subscription = await subscribe();
    expect(await sendStatus(subscription, 'before', options())).toBe(201);
    const id = subscription.endpoint.split('/').at(-1);
    expect((await fetch(`${origin}/sandbox/push/subscriptions/${id}`, { method: 'DELETE' })).status).toBe(204);

    const gone = await webpush.sendNotification(subscription, 'after', options()).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(webpush.WebPushError);
    expect((gone as InstanceType<typeof webpush.WebPushError>).statusCode).toBe(410);
    expect((await messagesOf(subscription)).map((message) => message.payload)).toEqual(['before']);

    expect(await sendStatus({ ...subscription, endpoint: `${origin}/sandbox/push/never-issued` }, 'hello', options())).toBe(404);
    expect((await fetch(`${origin}/sandbox/push/never-issued/messages`)).status).toBe(404);
    expect((await fetch(`${origin}/sandbox/push/subscriptions/never-issued`, { method: 'DELETE' })).status).toBe(404);
  });
});
