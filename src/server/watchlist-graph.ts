/**
 * The watchlist's service, wired once: for its routes (the profile group) as it is, and for the local
 * push server and the AWS fan-out with the Web Push sender (`watchAlerts`: they match each market
 * event against the watches and push the alerts to the watchers' browsers). Small: no market graph.
 */
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { createWatchlistRepo } from '@/features/watchlist/watchlist-repo';
import { createWatchlistService } from '@/features/watchlist/watchlist-service';
import { once } from '@/lib/once';
import { collectionCatalog } from './adapters';
import { documentClient, tableName } from './store/client';

/** What the watchlist's service is built over (the alerts' graph adds the Web Push sender). */
export const watchlistDeps = () => ({
  repo: createWatchlistRepo(documentClient(), tableName()),
  log: createEventLogRepo(documentClient(), tableName()),
  rarity: () => collectionCatalog().rarity(),
});

export const watchlist = /* @__PURE__ */ once(() => createWatchlistService(watchlistDeps()));
