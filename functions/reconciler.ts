import { type ReconcileReport, createReconcilerService } from '../src/features/reconciler/reconciler-service';
import { config } from '../src/server/config';
import { log } from '../src/server/log';
import { countMetric } from '../src/server/metrics';
import { withRequestBudget } from '../src/server/request-budget';
import { hbarServices, pawsServices } from '../src/server/services';

/** What one run may spend on the ledger and the market: the reconciler Lambda's 60 s time-out less time to write and log. */
export const RECONCILER_BUDGET_MS = 50_000;

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
 * over every record left past its deadline, its backlog and settled counts as metrics.
 */
export async function handler(): Promise<ReconcileReport> {
  const report = await withRequestBudget(RECONCILER_BUDGET_MS, () => reconciler.run());
  countMetric('ReconcilerBacklog', report.backlog);
  countMetric('ReconcilerSettled', report.settled);
  if (report.settled || report.backlog) log.info('reconciled', { ...report });
  return report;
}
