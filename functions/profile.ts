import * as z from 'zod';
import { createListingRepo } from '../src/features/paws-market/listing-repo';
import { createHoldingsService } from '../src/features/profile/holdings-service';
import { createOwnedNftService } from '../src/features/profile/owned-nfts';
import { profileNamesQuerySchema, profileUpdateSchema, publicProfilesQuerySchema, syncBodySchema } from '../src/features/profile/profile-schema';
import { createProfileService } from '../src/features/profile/profile-service';
import { createProfileRepo } from '../src/features/profile/profile-repo';
import { clientAddress } from '../src/features/profile/profile-views';
import { config } from '../src/server/config';
import { ownerMap, portfolioReading, soldLately, traitFloors } from '../src/server/services';
import { collectionCatalog, ledgerReader, priceSource } from '../src/server/adapters';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { entityIdSchema } from '../src/lib/schemas';
import { documentClient, tableName } from '../src/server/store/client';
import { createInboxRepo } from '../src/features/market-events/inbox-repo';
import { inboxReadSchema } from '../src/features/market-events/inbox-schema';
import { watchBodySchema, watchParamsSchema } from '../src/features/watchlist/watchlist-schema';
import { watchlist } from '../src/server/watchlist-graph';
import { pushSubscriptions } from '../src/server/push-graph';
import { pushEndpointSchema, pushSubscriptionSchema } from '../src/features/web-push/push-schema';
import { portfolioParamsSchema } from '../src/features/portfolio/portfolio-schema';
import { createPortfolioService } from '../src/features/portfolio/portfolio-service';
import { ESTIMATE_METHOD } from '../src/features/trait-floors/trait-floor-rules';
import { createEventLogRepo } from '../src/features/market-events/event-log-repo';
import { accountStream } from '../src/features/market-events/market-event';
import { textResponse } from '../src/server/http/respond';

const owned = createOwnedNftService({
  ledger: ledgerReader(),
  catalog: collectionCatalog(),
  listings: createListingRepo(documentClient(), tableName()),
  doc: documentClient(),
  tableName: tableName(),
  nftTokenId: config().nftTokenId,
  marketplaceAccountId: config().marketplaceAccountId,
  // The market's sales the mirror does not show yet: a holder's tigers change at once.
  recent: soldLately(),
});

const holdings = createHoldingsService({
  loadOwners: ownerMap().load,
  shared: ownerMap().stored,
});

const profileRepo = createProfileRepo(documentClient(), tableName());

const profiles = createProfileService({
  store: profileRepo,
  ledger: ledgerReader(),
  catalog: collectionCatalog(),
  owners: () => holdings.owners(),
  nftTokenId: config().nftTokenId,
});

const events = createEventLogRepo(documentClient(), tableName());

/** A holder's portfolio (issue 58): their trades as read from the ledger and kept, prices and their history, the tigers' estimated values. */
const portfolio = createPortfolioService({
  reading: portfolioReading(),
  reader: ledgerReader(),
  prices: priceSource,
  // Each tiger's estimated value: the highest of the collection floor and its traits' floors (trait-floors/).
  estimatedValues: (serials) => traitFloors().estimatedValues(serials),
  estimateRule: ESTIMATE_METHOD,
  // The P&L is public only on a public profile whose holder opted in.
  pnlPublic: async (accountId) => {
    const profile = await profileRepo.get(accountId);
    return profile?.isPublic === true && profile.pnlPublic;
  },
  // A trade of the holder's (on either market; SentX's and OTC moves as the scheduled job's market watch sees them) moves their stream's head.
  accountVersion: (accountId) => events.head(accountStream(accountId)),
});

const params = z.object({ accountId: entityIdSchema });
const inbox = createInboxRepo(documentClient(), tableName());

/** Holder profiles: reading and editing them, the public directory, the tigers an account owns (ledger-verified) and its portfolio. */
export const handler = routeGroup('profile', {
  'GET /api/profile/{accountId}': defineRoute('optional', { params }, async ({ params: { accountId }, session, event }) =>
    profiles.view(accountId, {
      sessionAccountId: session?.accountId,
      sourceIp: clientAddress(event.headers['cloudfront-viewer-address'], event.requestContext.http.sourceIp),
      userAgent: event.requestContext.http.userAgent,
    }),
  ),
  'POST /api/profile': defineRoute('session', { body: profileUpdateSchema }, async ({ body: { accountId, afterTransactionIds, ...changes }, session }) =>
    profiles.update(session.accountId, accountId, changes, afterTransactionIds),
  ),
  'GET /api/public-profiles': defineRoute('public', { query: publicProfilesQuerySchema }, async ({ query }) => profiles.publicProfiles(query.search)),
  'GET /api/profile-names': defineRoute('public', { query: profileNamesQuerySchema }, async ({ query }) => profiles.names(query.ids)),
  'GET /api/profile/{accountId}/nfts': defineRoute('public', { params }, async ({ params: { accountId } }) => owned.list(accountId)),
  'POST /api/profile/{accountId}/sync-nfts': defineRoute('session', { params, body: syncBodySchema }, async ({ params: { accountId }, body, session }) =>
    owned.sync(session.accountId, accountId, body?.afterTransactionIds),
  ),
  // A holder's portfolio from the ledger: theirs, or anyone's who opted in on their public profile.
  'GET /api/portfolio/{accountId}': defineRoute('optional', { params: portfolioParamsSchema }, async ({ params: { accountId }, session }) =>
    portfolio.view(accountId, session?.accountId),
  ),
  'GET /api/portfolio/{accountId}/trades.csv': defineRoute('optional', { params: portfolioParamsSchema }, async ({ params: { accountId }, session }) =>
    textResponse(await portfolio.csv(accountId, session?.accountId), 'text/csv; charset=utf-8', {
      'content-disposition': `attachment; filename="wild-tigers-trades-${accountId}.csv"`,
    }),
  ),
  // The signed-in holder's own notifications: only theirs, whoever the request names.
  'GET /api/inbox': defineRoute('session', {}, async ({ session }) => ({ success: true, ...(await inbox.list(session.accountId)) })),
  'POST /api/inbox/read': defineRoute('session', { body: inboxReadSchema }, async ({ body: { ids }, session }) => {
    await inbox.markRead(session.accountId, ids);
    return { success: true, ...(await inbox.list(session.accountId)) };
  }),
  // The signed-in holder's watches: theirs only, whoever the request names.
  'GET /api/watchlist': defineRoute('session', {}, async ({ session }) => ({ success: true, watches: await watchlist().list(session.accountId) })),
  'POST /api/watchlist': defineRoute('session', { body: watchBodySchema }, async ({ body, session }) => ({
    success: true,
    watch: await watchlist().add(session.accountId, body),
  })),
  'DELETE /api/watchlist/{id}': defineRoute('session', { params: watchParamsSchema }, async ({ params: { id }, session }) => {
    await watchlist().remove(session.accountId, id);
    return { success: true };
  }),
  // Web Push: the key a browser subscribes with, and the signed-in holder's browsers that agreed to alerts.
  'GET /api/push/key': defineRoute('public', {}, async () => ({ success: true, ...(await pushSubscriptions().key()) })),
  'POST /api/push/subscriptions': defineRoute('session', { body: pushSubscriptionSchema }, async ({ body, session }) => {
    await pushSubscriptions().subscribe(session.accountId, body);
    return { success: true };
  }),
  'DELETE /api/push/subscriptions': defineRoute('session', { body: pushEndpointSchema }, async ({ body, session }) => {
    await pushSubscriptions().unsubscribe(session.accountId, body.endpoint);
    return { success: true };
  }),
});
