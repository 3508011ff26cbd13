/**
 * The watchlist's service, wired once for its routes (the profile group), the local push server and
 * the AWS fan-out, which match each market event against the watches (small: no market graph).
 */
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { createWatchlistRepo } from '@/features/watchlist/watchlist-repo';
import { createWatchlistService } from '@/features/watchlist/watchlist-service';
import { once } from '@/lib/once';
import { collectionCatalog } from './adapters';
import { documentClient, tableName } from './store/client';

export const watchlist = /* @__PURE__ */ once(() =>
  createWatchlistService({
    repo: createWatchlistRepo(documentClient(), tableName()),
    log: createEventLogRepo(documentClient(), tableName()),
    rarity: () => collectionCatalog().rarity(),
  }),
);
