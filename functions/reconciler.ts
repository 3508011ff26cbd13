import { createMarketService } from '../src/features/hbar-market/market-service';
import { createPurchaseRepo } from '../src/features/hbar-market/purchase-repo';
import { createActivityRepo } from '../src/features/market-stats/activity-repo';
import { createListingRepo } from '../src/features/paws-market/listing-repo';
import { createOfferRepo } from '../src/features/paws-market/offer-repo';
import { createOfferService } from '../src/features/paws-market/offer-service';
import { createPawsMarketService } from '../src/features/paws-market/paws-market-service';
import { type ReconcileReport, createReconcilerService } from '../src/features/reconciler/reconciler-service';
import { collectionCatalog, ledgerReader, marketPort, settlement } from '../src/server/adapters';
import { config } from '../src/server/config';
import { log } from '../src/server/log';
import { countMetric } from '../src/server/metrics';
import { withRequestBudget } from '../src/server/request-budget';
import { documentClient, tableName } from '../src/server/store/client';

/** What one run may spend on the ledger and the market: the reconciler Lambda's 60 s time-out less time to write and log. */
export const RECONCILER_BUDGET_MS = 50_000;

const settings = config();
const catalog = collectionCatalog();
const listings = createListingRepo(documentClient(), tableName());
const offerRepo = createOfferRepo(documentClient(), tableName());
const purchases = createPurchaseRepo(documentClient(), tableName());
const marketSettings = { nftTokenId: settings.nftTokenId, pawsTokenId: settings.pawsTokenId, marketplaceAccountId: settings.marketplaceAccountId };
const display = (serial: number) => catalog.entry(serial);

const reconciler = createReconcilerService({
  listings,
  offers: offerRepo,
  purchases,
  pawsMarket: createPawsMarketService({
    store: listings,
    ledger: ledgerReader(),
    settlement,
    settings: marketSettings,
    display,
    // A sale or listing it records goes to the activity timeline, as the request path's does.
    activity: createActivityRepo(documentClient(), tableName()),
  }),
  offerService: createOfferService({
    offers: offerRepo,
    listings,
    ledger: ledgerReader(),
    settlement,
    settings: marketSettings,
    rarity: () => catalog.rarity(),
    display,
  }),
  hbarMarket: createMarketService({ port: marketPort, purchases, ledger: ledgerReader, nftTokenId: settings.nftTokenId }),
  graceMs: settings.reconciler.graceMs,
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
