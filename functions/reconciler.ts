import { type ReconcileReport, createReconcilerService } from '../src/features/reconciler/reconciler-service';
import { config } from '../src/server/config';
import { log } from '../src/server/log';
import { countMetric } from '../src/server/metrics';
import { withRequestBudget } from '../src/server/request-budget';
import { hbarServices, pawsServices } from '../src/server/services';

/** What one run may spend on the ledger and the market: the reconciler Lambda's 60 s time-out less time to write and log. */
export const RECONCILER_BUDGET_MS = 50_000;
/** Of it, what the offer funding job may spend at most, after the records are settled (offer-funding.ts). */
export const FUNDING_BUDGET_MS = 40_000;

const paws = pawsServices();
const hbar = hbarServices();

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
 * over every record left past its deadline, its backlog and settled counts as metrics; then what
 * page views read from the store and never from the ledger: the listings' health (those that can
 * no longer be bought taken down) and, in what is left of the run, the offer makers' PAWS.
 */
export async function handler(): Promise<ReconcileReport & { listingsRetired: number; fundsRead: number }> {
  const started = Date.now();
  const report = await withRequestBudget(RECONCILER_BUDGET_MS, () => reconciler.run());
  countMetric('ReconcilerBacklog', report.backlog);
  countMetric('ReconcilerSettled', report.settled);
  if (report.settled || report.backlog) log.info('reconciled', { ...report });
  const health = await paws.market.checkListings().catch((error: unknown) => {
    log.warn('listing health not checked', { error });
    return { checked: 0, retired: 0 };
  });
  if (health.retired) log.info('listings taken down', { ...health });
  const budgetMs = Math.min(FUNDING_BUDGET_MS, RECONCILER_BUDGET_MS - (Date.now() - started));
  const funding = budgetMs > 0 ? await paws.offers.refreshFunding({ budgetMs }) : { makers: 0, read: 0 };
  countMetric('OfferFundsRead', funding.read);
  if (funding.read < funding.makers) log.info('offer funds partly read', { ...funding });
  return { ...report, listingsRetired: health.retired, fundsRead: funding.read };
}
