import { createEventLogRepo } from '../src/features/market-events/event-log-repo';
import { accountStream } from '../src/features/market-events/market-event';
import { portfolioParamsSchema } from '../src/features/portfolio/portfolio-schema';
import { createPortfolioService } from '../src/features/portfolio/portfolio-service';
import { createProfileRepo } from '../src/features/profile/profile-repo';
import { ledgerReader, portfolioLedger, priceSource } from '../src/server/adapters';
import { config } from '../src/server/config';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { textResponse } from '../src/server/http/respond';
import { traitFloors } from '../src/server/services';
import { documentClient, tableName } from '../src/server/store/client';

const profiles = createProfileRepo(documentClient(), tableName());
const events = createEventLogRepo(documentClient(), tableName());

const portfolio = createPortfolioService({
  ledger: portfolioLedger(),
  reader: ledgerReader(),
  prices: priceSource,
  // Each tiger's estimated value: the highest of the collection floor and its traits' floors (trait-floors/).
  estimatedValues: (serials) => traitFloors().estimatedValues(serials),
  // The P&L is public only on a public profile whose holder opted in.
  pnlPublic: async (accountId) => {
    const profile = await profiles.get(accountId);
    return profile?.isPublic === true && profile.pnlPublic;
  },
  // A trade of the holder's (on either market; SentX's as the scheduled job's market watch sees them) moves their stream's head.
  accountVersion: (accountId) => events.head(accountStream(accountId)),
  settings: { nftTokenId: config().nftTokenId, pawsTokenId: config().pawsTokenId },
});

/** A holder's portfolio from the ledger: cost basis, P&L and the trades as CSV, for the holder (or anyone, once opted in). */
export const handler = routeGroup('portfolio', {
  'GET /api/portfolio/{accountId}': defineRoute('optional', { params: portfolioParamsSchema }, async ({ params: { accountId }, session }) =>
    portfolio.view(accountId, session?.accountId),
  ),
  'GET /api/portfolio/{accountId}/trades.csv': defineRoute('optional', { params: portfolioParamsSchema }, async ({ params: { accountId }, session }) =>
    textResponse(await portfolio.csv(accountId, session?.accountId), 'text/csv; charset=utf-8', {
      'content-disposition': `attachment; filename="wild-tigers-trades-${accountId}.csv"`,
    }),
  ),
});
