/**
 * Sends a holder's alerts to their browsers by Web Push (RFC 8030), encrypted for each subscription
 * (RFC 8291) and signed with the app's VAPID keys (RFC 8292) by the `web-push` library; a push
 * service answering 404 or 410 (the subscription is gone) removes it. A push that fails otherwise is
 * logged: the alert is in the holder's inbox either way.
 */
import webpush from 'web-push';
import { log } from '@/platform/log';
import type { PushSubscriptionRepo } from './push-subscription-repo';

/** How long a push service keeps an alert for a browser that is offline (RFC 8030 §5.2): a day, as the market moves on. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long one push service may take to take a push. */
const PUSH_TIMEOUT_MS = 5_000;

/** The VAPID identity: the keys (`{"publicKey","privateKey"}`, base64url) and a contact (a mailto: or https: URI). */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What a push shows: its title and text, and the page it opens. */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
}

export function createWebPushSender(subscriptions: PushSubscriptionRepo, vapid: () => Promise<VapidIdentity | undefined>) {
  return {
    /** Pushes `notice` to each of the holder's browsers; answers how many took it. */
    async notify(accountId: string, notice: PushNotice): Promise<number> {
      const identity = await vapid();
      if (!identity) return 0;
      let delivered = 0;
      for (const subscription of await subscriptions.list(accountId)) {
        // The library encrypts and signs; the request goes out with fetch (the library's own sender speaks https only).
        const request = webpush.generateRequestDetails(subscription, JSON.stringify(notice), {
          vapidDetails: identity,
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        });
        try {
          const response = await fetch(request.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body ? new Uint8Array(request.body) : null,
            signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          });
          if (response.ok) delivered += 1;
          else if (response.status === 404 || response.status === 410) await subscriptions.remove(accountId, subscription.endpoint);
          else log.warn('web push refused', { status: response.status, body: (await response.text()).slice(0, 200) });
        } catch (error) {
          log.warn('web push failed', { error });
        }
      }
      return delivered;
    },
  };
}

export type WebPushSender = ReturnType<typeof createWebPushSender>;
