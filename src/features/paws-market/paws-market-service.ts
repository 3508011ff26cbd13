import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { ReceiptReader } from '@/features/ledger/ledger-writer-port';
import type { ActivityRepo } from '@/features/market-stats/activity-repo';
import type { OfferCommitments } from './allowance-budget';
import { createBuyService } from './buy-service';
import { createCartCheckout } from './cart-checkout';
import type { ListingDisplay } from './listing';
import type { ListingRepo } from './listing-repo';
import { createBulkListing } from './bulk-listing';
import { createListingActivation } from './listing-activation';
import { createListingSales } from './listing-sales';
import { createListingService } from './listing-service';
import type { MarketContext } from './market-context';
import type { BatchSettlement, Settlement } from './settlement';
import { type PawsMarketSettings, type TradeChecks, createTradeChecks } from './trade-checks';
import { type TradeTermsReader, createTradeTerms } from './trade-terms';

export interface PawsMarketDeps {
  store: ListingRepo;
  ledger: LedgerReader;
  settlement: Settlement;
  /** A checkout's transfers (the cart); a market without it refuses checkouts. */
  batchSettlement?: BatchSettlement;
  settings: PawsMarketSettings;
  /** The collection's own name, image and rarity of a serial (never the client's word for it). */
  display: (serial: number) => Promise<ListingDisplay | undefined>;
  /**
   * What a buyer's allowance backs besides a purchase (their open offers, the offers feature's
   * answer): a purchase never leaves an offer unfunded without the buyer's say (allowance-budget.ts).
   */
  commitments?: OfferCommitments;
  /** The activity timeline, where a listing going live and a sale are written once each. */
  activity?: Pick<ActivityRepo, 'listed' | 'sold'>;
  /** PAWS's decimals and the tokens' custom fees (shared with the offers; read from the ledger by default). */
  terms?: TradeTermsReader;
  /** The consensus nodes' receipts: the user's approvals are acted on at consensus, not when the mirror shows them. */
  receipts?: ReceiptReader;
  /** The ledger checks shared with the offers (built over `ledger` and `receipts` by default). */
  checks?: TradeChecks;
  now?: () => number;
}

/** The settlement of a market built without batches (unit tests of single trades): a checkout is refused before anything is claimed. */
const noBatchSettlement: BatchSettlement = {
  prepareBatch: () => Promise.reject(new Error('This market settles no checkouts')),
};

/**
 * The PAWS marketplace: listing and unlisting (listing-service.ts), and race-safe, idempotent buying
 * settled on the ledger, one listing (buy-service.ts) or a cart (cart-checkout.ts), over one store, ledger, set of checks and terms.
 */
export function createPawsMarketService(deps: PawsMarketDeps) {
  const { store, ledger, settings, receipts, now = Date.now } = deps;
  const context: MarketContext = {
    store,
    ledger,
    settings,
    checks: deps.checks ?? createTradeChecks({ ledger, settings, receipts }),
    terms: deps.terms ?? createTradeTerms(ledger, settings),
    now,
    async retire(listing) {
      if (await store.transition(listing.id, 'active', 'invalid')) await store.releaseLock(listing.tokenId, listing.serialNumber, listing.id);
    },
  };
  const activity = deps.activity;
  const sales = createListingSales(context, activity);
  const activation = createListingActivation(context, { display: deps.display, activity });
  const listings = createListingService(context, activation);
  return {
    ...listings,
    ...createBulkListing(context, { activation, unlist: listings.unlist }),
    ...createBuyService(context, { settlement: deps.settlement, sales, commitments: deps.commitments }),
    ...createCartCheckout(context, { settlement: deps.batchSettlement ?? noBatchSettlement, sales, commitments: deps.commitments }),
  };
}

export type PawsMarketService = ReturnType<typeof createPawsMarketService>;
