/**
 * The watchlist's alerts with Web Push, wired once for the local push server and the AWS fan-out:
 * the only entry points that load the web-push library (the profile group's routes keep clear of it).
 */
import { createWatchlistService } from '@/features/watchlist/watchlist-service';
import { createWebPushSender } from '@/features/web-push/web-push-sender';
import { once } from '@/lib/once';
import { pushSubscriptionRepo, vapid } from './push-graph';
import { watchlistDeps } from './watchlist-graph';

export const watchAlerts = /* @__PURE__ */ once(() => createWatchlistService({ ...watchlistDeps(), push: createWebPushSender(pushSubscriptionRepo(), vapid) }));
