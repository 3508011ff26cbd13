import type { CachePolicy, RouteDef } from './http/route-types';

const noCache: CachePolicy = { kind: 'none' };
/** Spec 000 §9: balances cached 5 s per account, the HBAR balance 2 s. */
const balanceCache: CachePolicy = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 5 };
const hbarBalanceCache: CachePolicy = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 2 };
/** Spec 000 §9: prices refetch every 60 s. */
const priceCache: CachePolicy = { kind: 'public', maxAgeSeconds: 60, sMaxAgeSeconds: 60 };
/** Spec 001 §9: public profiles (and the names the pages show from them) refetch every 30 s, stale after 15 s. */
const publicProfilesCache: CachePolicy = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 15 };
/** Spec 001 §9: the collection refetches every 2 minutes; owner lookups are fresh 5 minutes. */
const collectionCache: CachePolicy = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 30, staleWhileRevalidateSeconds: 90 };
const ownerCache: CachePolicy = { kind: 'public', maxAgeSeconds: 300, sMaxAgeSeconds: 300 };
/** The view of one tiger: its owner and PAWS listing change with a trade, so it is kept as briefly as listings (30 s). */
const tigerViewCache: CachePolicy = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 30 };
/** Market reads: listings, sales and floor are polled every 60 s by the pages. */
const marketCache: CachePolicy = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 15, staleWhileRevalidateSeconds: 45 };
const statsCache: CachePolicy = { kind: 'public', maxAgeSeconds: 300, sMaxAgeSeconds: 900 };
/** Market figures follow the listings' freshness (spec 001 §9: listings cache 30 s). */
const figuresCache: CachePolicy = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 30 };
/** The tokens' custom fees: a fee schedule seldom changes (the server keeps it as long, trade-terms.ts). */
const feesCache: CachePolicy = { kind: 'public', maxAgeSeconds: 60, sMaxAgeSeconds: 300 };
/** The activity timeline is kept briefly: a new sale or listing shows within seconds. */
const activityCache: CachePolicy = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 10 };
/** The best offer on each card: shared by every visitor, a few seconds behind a new offer at most. */
const bestOffersCache: CachePolicy = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 10 };
/** Trait floors: counted again at once when the market's head moves (a page reads past this copy after a live event); a SentX listing shows within 60 s (trait-floor-service.ts). */
const traitFloorsCache: CachePolicy = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 15 };
/** Spec 000 §9: holder count cached 60 s. */
const holdersCache: CachePolicy = { kind: 'public', maxAgeSeconds: 60, sMaxAgeSeconds: 60 };
/** Spec 000 §9: rarity data stale after 5 min. */
const rarityCache: CachePolicy = { kind: 'public', maxAgeSeconds: 300, sMaxAgeSeconds: 300 };
/** Spec 000 §9: metadata stale after 10 min. */
const metadataCache: CachePolicy = { kind: 'public', maxAgeSeconds: 600, sMaxAgeSeconds: 600 };

/**
 * The API's single route table: the CDK stack (one Lambda per group, one HTTP API route per
 * line), the local server and the API tests all read it. Adding a route is one line here plus
 * its implementation in functions/<group>.ts.
 */
export const ROUTES = [
  { method: 'GET', path: '/api/health', group: 'health', auth: 'public', cache: noCache },

  { method: 'POST', path: '/api/auth/challenge', group: 'auth', auth: 'public', cache: noCache },
  { method: 'POST', path: '/api/auth/verify', group: 'auth', auth: 'public', cache: noCache },
  { method: 'GET', path: '/api/auth/session', group: 'auth', auth: 'optional', cache: noCache },
  { method: 'POST', path: '/api/auth/logout', group: 'auth', auth: 'public', cache: noCache },

  { method: 'GET', path: '/api/balance/fast/{accountId}', group: 'balance', auth: 'public', cache: balanceCache },
  { method: 'GET', path: '/api/hedera/balance/{accountId}', group: 'balance', auth: 'public', cache: hbarBalanceCache },
  { method: 'GET', path: '/api/paws/balance/{accountId}', group: 'balance', auth: 'public', cache: balanceCache },

  { method: 'GET', path: '/api/hedera/allowance/token/{owner}/{tokenId}/{spender}', group: 'allowance', auth: 'public', cache: noCache },
  { method: 'GET', path: '/api/hedera/allowance/nft/{owner}/{tokenId}/{serial}/{spender}', group: 'allowance', auth: 'public', cache: noCache },
  { method: 'GET', path: '/api/hedera/transaction/{transactionId}', group: 'allowance', auth: 'public', cache: noCache },
  { method: 'POST', path: '/api/paws/allowance/prepare', group: 'allowance', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/allowance/bulk/prepare', group: 'allowance', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/token-allowance/prepare', group: 'allowance', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/allowance/delete/prepare', group: 'allowance', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/allowance/delete/bulk/prepare', group: 'allowance', auth: 'session', cache: noCache },

  { method: 'GET', path: '/api/hbar/price', group: 'prices', auth: 'public', cache: priceCache },
  { method: 'GET', path: '/api/paws/price', group: 'prices', auth: 'public', cache: priceCache },

  { method: 'GET', path: '/api/market/activity', group: 'market', auth: 'public', cache: marketCache },
  { method: 'GET', path: '/api/market/listings', group: 'market', auth: 'public', cache: marketCache },
  { method: 'GET', path: '/api/market/floor', group: 'market', auth: 'public', cache: marketCache },
  { method: 'GET', path: '/api/market/stats', group: 'market', auth: 'public', cache: statsCache },
  { method: 'GET', path: '/api/market/figures', group: 'market', auth: 'public', cache: figuresCache },
  { method: 'GET', path: '/api/market/whales/{tokenId}', group: 'market', auth: 'public', cache: holdersCache },
  { method: 'GET', path: '/api/collection/hedera-rarity/{tokenId}', group: 'market', auth: 'public', cache: rarityCache },
  { method: 'GET', path: '/api/nft-metadata/{tokenId}/{serial}', group: 'market', auth: 'public', cache: metadataCache },
  { method: 'POST', path: '/api/market/buy', group: 'market', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/market/buy/complete', group: 'market', auth: 'session', cache: noCache },

  { method: 'GET', path: '/api/collection/complete/{tokenId}', group: 'collection', auth: 'public', cache: collectionCache },
  { method: 'GET', path: '/api/collection/owner/{tokenId}/{serial}', group: 'collection', auth: 'public', cache: ownerCache },
  { method: 'GET', path: '/api/collection/tiger/{serial}', group: 'collection', auth: 'public', cache: tigerViewCache },
  { method: 'GET', path: '/api/collection/trait-floors', group: 'collection', auth: 'public', cache: traitFloorsCache },

  { method: 'GET', path: '/api/paws/listings', group: 'paws', auth: 'public', cache: noCache },
  { method: 'GET', path: '/api/paws/listings/user/{accountId}', group: 'paws', auth: 'public', cache: noCache },
  { method: 'GET', path: '/api/paws/sweep', group: 'paws', auth: 'public', cache: noCache },
  { method: 'GET', path: '/api/paws/stats', group: 'paws', auth: 'public', cache: figuresCache },
  { method: 'GET', path: '/api/paws/fees', group: 'paws', auth: 'public', cache: feesCache },
  { method: 'GET', path: '/api/paws/activity', group: 'paws', auth: 'public', cache: activityCache },
  { method: 'GET', path: '/api/paws/activity/seller/{accountId}', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/listings/prepare', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/listings/complete', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/listings/bulk/prepare', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/listings/bulk/complete', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/listings/bulk/unlist', group: 'paws', auth: 'session', cache: noCache },
  { method: 'DELETE', path: '/api/paws/listings/{id}', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/cart/quote', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/cart/checkout', group: 'paws', auth: 'session', cache: noCache },
  { method: 'GET', path: '/api/paws/allowance/budget/{accountId}', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/buy/prepare', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/purchase', group: 'paws', auth: 'session', cache: noCache },
  { method: 'GET', path: '/api/paws/offers/best', group: 'paws', auth: 'public', cache: bestOffersCache },
  { method: 'GET', path: '/api/paws/listing-context', group: 'paws', auth: 'public', cache: noCache },
  { method: 'GET', path: '/api/paws/offers/tiger/{serial}', group: 'paws', auth: 'public', cache: noCache },
  { method: 'GET', path: '/api/paws/offers/made/{accountId}', group: 'paws', auth: 'public', cache: noCache },
  { method: 'GET', path: '/api/paws/offers/received/{accountId}', group: 'paws', auth: 'public', cache: noCache },
  { method: 'POST', path: '/api/paws/offers', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/offers/accept-many/check', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/offers/accept-many', group: 'paws', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/paws/offers/{id}/accept', group: 'paws', auth: 'session', cache: noCache },
  { method: 'DELETE', path: '/api/paws/offers/{id}', group: 'paws', auth: 'session', cache: noCache },

  { method: 'GET', path: '/api/profile/{accountId}', group: 'profile', auth: 'optional', cache: noCache },
  { method: 'POST', path: '/api/profile', group: 'profile', auth: 'session', cache: noCache },
  { method: 'GET', path: '/api/public-profiles', group: 'profile', auth: 'public', cache: publicProfilesCache },
  { method: 'GET', path: '/api/profile-names', group: 'profile', auth: 'public', cache: publicProfilesCache },
  { method: 'GET', path: '/api/profile/{accountId}/nfts', group: 'profile', auth: 'public', cache: noCache },
  { method: 'GET', path: '/api/portfolio/{accountId}', group: 'profile', auth: 'optional', cache: noCache },
  { method: 'GET', path: '/api/portfolio/{accountId}/trades.csv', group: 'profile', auth: 'optional', cache: noCache },
  { method: 'POST', path: '/api/profile/{accountId}/sync-nfts', group: 'profile', auth: 'session', cache: noCache },
  { method: 'GET', path: '/api/inbox', group: 'profile', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/inbox/read', group: 'profile', auth: 'session', cache: noCache },
  { method: 'GET', path: '/api/watchlist', group: 'profile', auth: 'session', cache: noCache },
  { method: 'POST', path: '/api/watchlist', group: 'profile', auth: 'session', cache: noCache },
  { method: 'DELETE', path: '/api/watchlist/{id}', group: 'profile', auth: 'session', cache: noCache },
  { method: 'GET', path: '/api/push/key', group: 'profile', auth: 'public', cache: noCache },
  { method: 'POST', path: '/api/push/subscriptions', group: 'profile', auth: 'session', cache: noCache },
  { method: 'DELETE', path: '/api/push/subscriptions', group: 'profile', auth: 'session', cache: noCache },
] as const satisfies readonly RouteDef[];

export type RouteGroup = (typeof ROUTES)[number]['group'];

/** The route groups, each one Lambda. */
export function routeGroups(): RouteGroup[] {
  return [...new Set(ROUTES.map((route) => route.group))];
}
