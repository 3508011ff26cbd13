/**
 * A Web Push service stand-in under /sandbox/push/, the service a browser's PushManager subscribes to:
 * - the user agent's side, for tests: `POST /sandbox/push/subscriptions` subscribes as a browser does
 *   (W3C Push API, https://www.w3.org/TR/push-api/: a fresh P-256 key pair and a 16-byte auth secret, RFC 8291
 *   §2-3) and answers 201 with `PushSubscription.toJSON()`, `{endpoint, expirationTime: null, keys: {p256dh, auth}}`;
 *   a JSON body `{"applicationServerKey": "<base64url point>"}` restricts it to that key (RFC 8292 §4), as
 *   `subscribe({applicationServerKey})` does. `DELETE /sandbox/push/subscriptions/<id>` unsubscribes (204);
 * - the application server's side: `POST /sandbox/push/<id>` delivers a message (RFC 8030 §5, checked in
 *   ./push-delivery.ts: VAPID RFC 8292, TTL/Urgency/Topic RFC 8030 §5.2-5.4, aes128gcm RFC 8291 and
 *   RFC 8188); 201 with `Location` once accepted. An id the service never issued is 404; an unsubscribed
 *   one 410 Gone, as push services answer for a subscription that ended (RFC 8030 §7.3 lets a service end
 *   one; https://mozilla-services.github.io/autopush-rs/errors.html, web.dev's "The Web Push Protocol");
 * - the user agent's inbox, for tests: `GET /sandbox/push/<id>/messages` is `{"messages": [...]}`, oldest first
 *   (each its decrypted payload, TTL, urgency, topic, the JWT's sub and key, when it came), and
 *   `GET /sandbox/push/<id>/messages/<messageId>` the one a delivery's `Location` names.
 * Errors are JSON `{code, error, message}`, as Autopush's. The state lives in memory (`resetPushService`).
 * The endpoint is `http://<Host>`: web-push's sendNotification speaks only https, so a sender reaching the
 * stand-in passes an https.Agent whose connections are plain TCP (see tests/unit/sandbox/push-service.test.ts).
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody } from '@/server/local/read-body';
import { type PushAnswer, acceptPushMessage } from './push-delivery';
import { createPushSubscription, findPushSubscription, pushSubscriptionJson, resetPushSubscriptions } from './push-subscriptions';
import { p256PublicKey } from './vapid-check';

const PREFIX = '/sandbox/push/';
const MAX_SUBSCRIBE_BODY_BYTES = 4096;

function send(response: ServerResponse, answer: PushAnswer): void {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...answer.headers };
  const body = answer.message !== undefined ? { code: answer.status, error: STATUS_CODES[answer.status], message: answer.message } : answer.body;
  if (body === undefined) response.writeHead(answer.status, headers).end();
  else response.writeHead(answer.status, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

const notAllowed = (allow: string): PushAnswer => ({ status: 405, message: `Use ${allow}`, headers: { allow } });
const unknownSubscription: PushAnswer = { status: 404, message: 'No such subscription' };

/** The optional `applicationServerKey` of a subscribe request: null for none, undefined for a body that is not `{applicationServerKey?}`. */
async function requestedServerKey(request: IncomingMessage): Promise<string | null | undefined> {
  const body = await readBody(request, MAX_SUBSCRIBE_BODY_BYTES);
  if (!body) return undefined;
  if (body.length === 0) return null;
  try {
    const options: unknown = JSON.parse(body.toString('utf8'));
    if (typeof options !== 'object' || options === null) return undefined;
    const key = (options as { applicationServerKey?: unknown }).applicationServerKey;
    if (key === undefined || key === null) return null;
    return typeof key === 'string' && p256PublicKey(key) ? key : undefined;
  } catch {
    return undefined;
  }
}

async function subscribe(request: IncomingMessage, url: URL): Promise<PushAnswer> {
  const serverKey = await requestedServerKey(request);
  if (serverKey === undefined) return { status: 400, message: 'The body is {"applicationServerKey"?: base64url P-256 point}' };
  const subscription = createPushSubscription(`http://${request.headers.host ?? url.host}`, serverKey);
  return { status: 201, body: pushSubscriptionJson(subscription) };
}

function unsubscribe(id: string): PushAnswer {
  const subscription = findPushSubscription(id);
  if (!subscription) return unknownSubscription;
  subscription.ended = true;
  return { status: 204 };
}

async function deliver(request: IncomingMessage, id: string): Promise<PushAnswer> {
  const subscription = findPushSubscription(id);
  if (!subscription) return unknownSubscription;
  if (subscription.ended) return { status: 410, message: 'The subscription has expired or was unsubscribed' };
  return acceptPushMessage(request, subscription, Date.now());
}

function readMessages(id: string, messageId: string | undefined): PushAnswer {
  const subscription = findPushSubscription(id);
  if (!subscription) return unknownSubscription;
  if (messageId === undefined) return { status: 200, body: { messages: subscription.messages } };
  const message = subscription.messages.find((kept) => kept.id === messageId);
  return message ? { status: 200, body: message } : { status: 404, message: 'No such message' };
}

/** The answer to one request under /sandbox/push/ (`rest` is the path after it). */
async function route(request: IncomingMessage, url: URL, rest: string): Promise<PushAnswer> {
  const method = request.method ?? 'GET';
  const [first = '', second, third, ...beyond] = rest.split('/');
  if (first === 'subscriptions' && second === undefined) return method === 'POST' ? subscribe(request, url) : notAllowed('POST');
  if (first === 'subscriptions' && second && third === undefined) return method === 'DELETE' ? unsubscribe(second) : notAllowed('DELETE');
  if (first && second === undefined) return method === 'POST' ? deliver(request, first) : notAllowed('POST');
  if (first && second === 'messages' && third !== '' && beyond.length === 0) return method === 'GET' ? readMessages(first, third) : notAllowed('GET');
  return { status: 404, message: 'Not found' };
}

/** Serves the push service stand-in's paths under /sandbox/push/; answers false for any other path. */
export async function handlePushServiceRequest(request: IncomingMessage, url: URL, response: ServerResponse): Promise<boolean> {
  if (!url.pathname.startsWith(PREFIX)) return false;
  send(response, await route(request, url, url.pathname.slice(PREFIX.length)));
  return true;
}

/** Forgets every subscription and message (each test starts from an empty push service). */
export function resetPushService(): void {
  resetPushSubscriptions();
}
