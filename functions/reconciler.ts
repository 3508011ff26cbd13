import { randomUUID } from 'node:crypto';
import { type ReconcileReport, createReconcilerService } from '../src/features/reconciler/reconciler-service';
import { config } from '../src/server/config';
import { log, withLogContext } from '../src/platform/log';
import { countMetric } from '../src/platform/metrics';
import { withRequestBudget } from '../src/platform/request-budget';
import { hbarServices, ownerMap, pawsServices, portfolioReading, soldLately } from '../src/server/services';
import { createPortfolioFollower } from '../src/features/portfolio/portfolio-follower';
import { createPortfolioRepo } from '../src/features/portfolio/portfolio-repo';
import { createEventLogRepo } from '../src/features/market-events/event-log-repo';
import { createEventOutbox } from '../src/features/market-events/event-outbox';
import { createMarketWatch } from '../src/features/market-events/market-watch';
import { documentClient, tableName } from '../src/server/store/client';

/** What one run may spend on the ledger and the market: the reconciler Lambda's 60 s time-out less time to write and log. */
export const RECONCILER_BUDGET_MS = 50_000;
/** Of it, what the offer funding job may spend at most, after the records are settled (offer-funding.ts). */
export const FUNDING_BUDGET_MS = 40_000;
/** Of it, what reading on the kept portfolios may spend (portfolio-follower.ts): a run cut short is taken up by the next. */
export const PORTFOLIO_BUDGET_MS = 10_000;

const paws = pawsServices();
const hbar = hbarServices();

const eventLog = createEventLogRepo(documentClient(), tableName());
const watch = createMarketWatch(documentClient(), tableName(), eventLog);
/** The kept portfolios read on after their holders' trades (issue 58 item 5). */
const portfolios = createPortfolioFollower({
  store: createPortfolioRepo(documentClient(), tableName()),
  events: eventLog,
  refresh: (accountId) => portfolioReading().refresh(accountId),
});
/** The events of changes whose writer stopped before delivering them (event-outbox.ts). */
const outbox = createEventOutbox(documentClient(), tableName(), eventLog);

/**
 * Reads who holds every tiger and stores it for the collection browser and the profiles' holdings;
 * a tiger that changed hands other than by the app's own sales is the live market's 'tiger-moved'.
 */
async function refreshHoldings(): Promise<void> {
  const loadedAt = Date.now();
  const [before, after] = await Promise.all([ownerMap().stored.read(), ownerMap().load()]);
  await ownerMap().stored.write(after, loadedAt);
  if (before && before.loadedAt < loadedAt) await watch.tigersMoved(before.owners, after, await soldLately().latestBuyers(), loadedAt);
}

/** Both markets' figures as counted now: a change (a window moving on, a listing or sale) is the live market's 'figures-changed'. */
async function watchFigures(): Promise<void> {
  const [pawsFigures, hbarFigures] = await Promise.all([paws.figures.figures(), hbar.figures.figures()]);
  if (pawsFigures.success) await watch.figuresSeen('paws', pawsFigures.figures);
  if (hbarFigures.success) await watch.figuresSeen('hbar', hbarFigures.figures);
}

/** The HBAR market as SentX shows it now, against what the job saw last: its listings and sales become the live market's events. */
async function watchHbarMarket(): Promise<number> {
  const [listings, activity] = await Promise.all([hbar.market.listingsAsListed(1000), hbar.market.activity({ amount: 100 })]);
  // A market that could not be read says nothing new (its listings did not all go).
  if (!listings.success || !activity.success) return 0;
  return watch.hbarMarketSeen(
    listings.value.map((listing) => ({
      id: String(listing.marketplaceListingId),
      serial: listing.serialId,
      price: listing.salePrice,
      sellerId: listing.sellerAddress,
      available: listing.isAvailableForPurchase,
    })),
    activity.marketActivity.map((sale) => ({
      serial: sale.nftSerialId,
      price: sale.salePrice,
      at: sale.saleDate,
      buyerId: sale.buyerAddress,
      sellerId: sale.sellerAddress,
    })),
    await soldLately().latestBuyers(),
  );
}

const reconciler = createReconcilerService({
  listings: paws.listings,
  offers: paws.offerRepo,
  purchases: hbar.purchases,
  pawsMarket: paws.market,
  offerService: paws.offers,
  hbarMarket: hbar.market,
  graceMs: config().reconciler.graceMs,
});

/**
 * The scheduled reconciler (an EventBridge schedule in AWS, a timer in the local server): one run
 * over every record left past its deadline, its backlog and settled counts as metrics; with it,
 * what page views read from the store instead of the ledger: who holds every tiger (first), the
 * listings' health (those that can no longer be bought taken down), the kept portfolios of the
 * holders who traded and, in what is left of the run, the offer makers' PAWS.
 */
export function handler(_event?: unknown, context?: { awsRequestId?: string }): Promise<ReconcileReport & { listingsRetired: number; fundsRead: number }> {
  return withLogContext({ requestId: context?.awsRequestId ?? randomUUID(), route: 'job reconciler' }, run);
}

async function run(): Promise<ReconcileReport & { listingsRetired: number; fundsRead: number }> {
  const started = Date.now();
  const swept = await outbox.sweep().catch((error: unknown) => {
    log.warn('carried events not swept', { error });
    return 0;
  });
  if (swept) log.info('carried events delivered by the sweep', { notes: swept });
  // First, so the stored owner map is renewed every minute, as the page views' 60 s freshness needs.
  await refreshHoldings().catch((error: unknown) => log.warn('holdings not refreshed', { error }));
  await watchHbarMarket().catch((error: unknown) => log.warn('HBAR market not watched', { error }));
  await watchFigures().catch((error: unknown) => log.warn('figures not watched', { error }));
  const report = await withRequestBudget(RECONCILER_BUDGET_MS, () => reconciler.run());
  countMetric('ReconcilerBacklog', report.backlog);
  countMetric('ReconcilerSettled', report.settled);
  if (report.settled || report.backlog) log.info('reconciled', { ...report });
  const health = await paws.market.checkListings().catch((error: unknown) => {
    log.warn('listing health not checked', { error });
    return { checked: 0, retired: 0 };
  });
  if (health.retired) log.info('listings taken down', { ...health });
  const followed = await withRequestBudget(PORTFOLIO_BUDGET_MS, () => portfolios.run()).catch((error: unknown) => {
    log.warn('portfolios not followed', { error });
    return { followed: 0, refreshed: 0 };
  });
  if (followed.refreshed) log.info('kept portfolios read on', { ...followed });
  const budgetMs = Math.min(FUNDING_BUDGET_MS, RECONCILER_BUDGET_MS - (Date.now() - started));
  const funding = budgetMs > 0 ? await paws.offers.refreshFunding({ budgetMs }) : { makers: 0, read: 0 };
  countMetric('OfferFundsRead', funding.read);
  if (funding.read < funding.makers) log.info('offer funds partly read', { ...funding });
  return { ...report, listingsRetired: health.retired, fundsRead: funding.read };
}
