/**
 * The push service stand-in's subscriptions, in memory: each made as a browser's PushManager.subscribe()
 * makes one (W3C Push API, https://www.w3.org/TR/push-api/ §"PushSubscription": a fresh P-256 key pair
 * kept by the user agent, a 16-byte authentication secret, RFC 8291 §2-3), and the messages delivered to it.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { PushReceiverKeys } from './push-decryption';

/** RFC 8291 §3.2: "The user agent ... MUST generate a random 16-octet authentication secret". */
const AUTH_SECRET_BYTES = 16;

/** One push message as the user agent received it. */
export interface ReceivedPushMessage {
  id: string;
  /** The decrypted payload as UTF-8 text (PushMessageData.text()); null for a message without a body. */
  payload: string | null;
  /** The TTL the push service kept it for, in seconds (RFC 8030 §5.2). */
  ttl: number;
  urgency: PushUrgency;
  topic: string | null;
  /** The sender's contact, the VAPID JWT's `sub`. */
  subject: string;
  /** The sender's VAPID public key (`k`), base64url. */
  applicationServerKey: string;
  /** When the push service accepted it, ISO 8601. */
  receivedAt: string;
}

/** RFC 8030 §5.3's urgencies. */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** A subscription as the push service and its user agent keep it. */
export interface SandboxPushSubscription {
  id: string;
  /** The push service's origin as the subscriber reached it: the endpoint's origin, a VAPID JWT's `aud`. */
  origin: string;
  endpoint: string;
  keys: PushReceiverKeys;
  /** The key the subscription is restricted to (RFC 8292 §4, PushSubscriptionOptions.applicationServerKey), if one was given. */
  applicationServerKey: string | null;
  /** Set once the user agent unsubscribed: deliveries then answer 410 Gone. */
  ended: boolean;
  messages: ReceivedPushMessage[];
}

/** The W3C Push API's `PushSubscription.toJSON()`. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

const subscriptions = new Map<string, SandboxPushSubscription>();

/** Subscribes a new user agent at the push service reached at `origin`, optionally restricted to one application server key. */
export function createPushSubscription(origin: string, applicationServerKey: string | null): SandboxPushSubscription {
  const id = randomBytes(16).toString('base64url');
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const subscription: SandboxPushSubscription = {
    id,
    origin,
    endpoint: `${origin}/sandbox/push/${id}`,
    keys: { ecdh, publicKey, authSecret: randomBytes(AUTH_SECRET_BYTES) },
    applicationServerKey,
    ended: false,
    messages: [],
  };
  subscriptions.set(id, subscription);
  return subscription;
}

/** What the browser hands the application: `PushSubscription.toJSON()`. */
export function pushSubscriptionJson(subscription: SandboxPushSubscription): PushSubscriptionJson {
  return {
    endpoint: subscription.endpoint,
    expirationTime: null,
    keys: { p256dh: subscription.keys.publicKey.toString('base64url'), auth: subscription.keys.authSecret.toString('base64url') },
  };
}

/** The subscription of `id`, ended or not; undefined if the push service never issued it. */
export const findPushSubscription = (id: string): SandboxPushSubscription | undefined => subscriptions.get(id);

/** Forgets every subscription (tests start from none). */
export function resetPushSubscriptions(): void {
  subscriptions.clear();
}
