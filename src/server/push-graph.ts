/**
 * Web Push, wired once: the VAPID keys (a secret) and the holders' subscriptions, for the profile
 * group's routes and for the sender of the watch alerts (watch-alerts-graph.ts, which alone loads web-push).
 */
import { createPushSubscriptionRepo } from '@/features/web-push/push-subscription-repo';
import { createPushSubscriptionsService } from '@/features/web-push/push-subscriptions-service';
import type { VapidIdentity } from '@/features/web-push/web-push-sender';
import { once } from '@/lib/once';
import { config } from './config';
import { secret } from './secrets';
import { documentClient, tableName } from './store/client';

/** The contact a push service may write to about our pushes (RFC 8292 §2.1: a mailto: or https: URI). */
function vapidSubject(): string {
  const origin = config().siteOrigin;
  return origin.startsWith('https://') ? origin : 'mailto:push@localhost';
}

/** The VAPID identity, when its keys are set (VAPID_KEYS: {"publicKey","privateKey"}); a malformed value is a configuration error. */
export async function vapid(): Promise<VapidIdentity | undefined> {
  const raw = await secret('VAPID_KEYS');
  if (!raw) return undefined;
  let keys: { publicKey?: unknown; privateKey?: unknown };
  try {
    keys = JSON.parse(raw);
  } catch {
    // The secret's generated placeholder: push stays off until the keys are set.
    return undefined;
  }
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') throw new Error('VAPID_KEYS must be {"publicKey","privateKey"}');
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: vapidSubject() };
}

export const pushSubscriptionRepo = /* @__PURE__ */ once(() => createPushSubscriptionRepo(documentClient(), tableName()));

export const pushSubscriptions = /* @__PURE__ */ once(() =>
  createPushSubscriptionsService({
    repo: pushSubscriptionRepo(),
    publicKey: async () => (await vapid())?.publicKey ?? null,
    network: config().network,
    siteHost: new URL(config().siteOrigin).host,
  }),
);
