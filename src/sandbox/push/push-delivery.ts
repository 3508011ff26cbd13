/**
 * A push message's delivery request to a live subscription, checked as a push service checks it:
 * - RFC 8292 §2-4 (VAPID): `Authorization: vapid t, k` (./vapid-check.ts); a subscription restricted to
 *   one application server key (§4) refuses another with 403;
 * - RFC 8030 §5.2: `TTL` is required (400 without, or not delta-seconds); the service may keep a message
 *   for less and says so in the answer's `TTL` (the stand-in keeps at most 28 days, FCM's cap);
 *   §5.3 `Urgency` is very-low, low, normal (the default) or high; §5.4 `Topic` is at most 32 characters
 *   of the base64url alphabet;
 * - RFC 8030 §7.2 and RFC 8291 §4: a push service takes a body of at most 4096 bytes (413 above);
 *   RFC 8291 §4: a body is "aes128gcm"-encoded (415 for another coding) and must open (400, ./push-decryption.ts);
 * - RFC 8030 §5: an accepted message is 201 Created with a `Location` naming the push message resource.
 */
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { readBody } from '@/server/local/read-body';
import { PushDecryptionError, decryptPushPayload } from './push-decryption';
import type { PushUrgency, SandboxPushSubscription } from './push-subscriptions';
import { checkVapidAuthorization } from './vapid-check';

/** RFC 8030 §7.2 / RFC 8291 §4: the payload size every push service takes, and the stand-in's limit. */
export const MAX_PUSH_BODY_BYTES = 4096;
/** The longest the stand-in keeps a message: 28 days, as FCM caps TTL. */
const MAX_TTL_SECONDS = 28 * 24 * 60 * 60;
const URGENCIES: readonly PushUrgency[] = ['very-low', 'low', 'normal', 'high'];
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/** The push service's answer to one request. */
export interface PushAnswer {
  status: number;
  /** An error's explanation (the answer is then Autopush's `{code, error, message}`). */
  message?: string;
  /** A success's JSON body. */
  body?: unknown;
  headers?: Record<string, string>;
}

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** Checks, opens and keeps a push message sent to `subscription` (live: not ended); answers what the push service answers. */
export async function acceptPushMessage(request: IncomingMessage, subscription: SandboxPushSubscription, nowMs: number): Promise<PushAnswer> {
  const vapid = checkVapidAuthorization(header(request, 'authorization'), subscription.origin, Math.floor(nowMs / 1000));
  if (!vapid.ok) return { status: vapid.status, message: vapid.message };
  if (subscription.applicationServerKey && vapid.publicKey !== subscription.applicationServerKey)
    return { status: 403, message: 'The subscription is restricted to another application server key (RFC 8292 §4)' };

  const ttlText = header(request, 'ttl')?.trim();
  if (ttlText === undefined || !/^\d+$/.test(ttlText)) return { status: 400, message: 'A TTL header of delta-seconds is required (RFC 8030 §5.2)' };
  const ttl = Math.min(Number(ttlText), MAX_TTL_SECONDS);
  const urgencyText = header(request, 'urgency')?.trim() ?? 'normal';
  const urgency = URGENCIES.find((known) => known === urgencyText);
  if (!urgency) return { status: 400, message: 'Urgency must be very-low, low, normal or high (RFC 8030 §5.3)' };
  const topic = header(request, 'topic')?.trim() ?? null;
  if (topic !== null && !TOPIC.test(topic)) return { status: 400, message: 'Topic must be 1-32 characters of the base64url alphabet (RFC 8030 §5.4)' };

  const declaredLength = Number(header(request, 'content-length') ?? 0);
  const body = declaredLength > MAX_PUSH_BODY_BYTES ? undefined : await readBody(request, MAX_PUSH_BODY_BYTES);
  if (!body) return { status: 413, message: `The body is over ${MAX_PUSH_BODY_BYTES} bytes (RFC 8030 §7.2)` };
  let payload: string | null = null;
  if (body.length > 0) {
    if (header(request, 'content-encoding')?.trim().toLowerCase() !== 'aes128gcm')
      return { status: 415, message: 'A push message body must be Content-Encoding: aes128gcm (RFC 8291 §4)' };
    try {
      payload = decryptPushPayload(body, subscription.keys).toString('utf8');
    } catch (error) {
      if (error instanceof PushDecryptionError) return { status: 400, message: error.message };
      throw error;
    }
  }

  const id = randomUUID();
  subscription.messages.push({
    id,
    payload,
    ttl,
    urgency,
    topic,
    subject: vapid.subject,
    applicationServerKey: vapid.publicKey,
    receivedAt: new Date(nowMs).toISOString(),
  });
  return { status: 201, headers: { location: `${subscription.endpoint}/messages/${id}`, ttl: String(ttl) } };
}
