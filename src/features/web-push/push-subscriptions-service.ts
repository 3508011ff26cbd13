/** A holder's browsers agreeing to Web Push alerts: the key they subscribe with, keeping and forgetting their subscriptions. */
import { DomainError } from '@/lib/domain-error';
import { pushEndpointProblem } from './push-endpoint-rules';
import { MAX_PUSH_SUBSCRIPTIONS, type PushSubscriptionJson, type PushSubscriptionRepo } from './push-subscription-repo';

export interface PushSubscriptionsDeps {
  repo: PushSubscriptionRepo;
  /** The VAPID public key browsers subscribe with (base64url), or null when push is not configured. */
  publicKey: () => Promise<string | null>;
  network: 'sandbox' | 'mainnet';
  /** The site's host: the sandbox's push service stand-in is served there. */
  siteHost: string;
  now?: () => number;
}

export function createPushSubscriptionsService({ repo, publicKey, network, siteHost, now = Date.now }: PushSubscriptionsDeps) {
  return {
    /** The key a browser subscribes with; null when the site sends no pushes. */
    async key(): Promise<{ publicKey: string | null }> {
      return { publicKey: await publicKey() };
    },

    /** Keeps the signed-in holder's browser's subscription, to a push service the browsers use. */
    async subscribe(accountId: string, subscription: PushSubscriptionJson): Promise<void> {
      const problem = pushEndpointProblem(subscription.endpoint, network, siteHost);
      if (problem) throw new DomainError('INVALID_REQUEST', problem);
      if (!(await publicKey())) throw new DomainError('INVALID_REQUEST', 'This site sends no push notifications');
      const kept = await repo.put(accountId, { endpoint: subscription.endpoint, keys: subscription.keys }, new Date(now()).toISOString());
      if (!kept) throw new DomainError('INVALID_REQUEST', `Alerts can reach up to ${MAX_PUSH_SUBSCRIPTIONS} browsers; turn them off on one first`);
    },

    async unsubscribe(accountId: string, endpoint: string): Promise<void> {
      await repo.remove(accountId, endpoint);
    },
  };
}
