/** The context the PAWS market's parts share (paws-market-service.ts builds it). */
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { PawsListing } from './listing';
import type { ListingRepo } from './listing-repo';
import type { PawsMarketSettings, TradeChecks } from './trade-checks';
import type { TradeTermsReader } from './trade-terms';

/** What the listing and buy services share: the store, the ledger and its checks, the terms, the clock, and taking a dead listing down. */
export interface MarketContext {
  store: ListingRepo;
  ledger: LedgerReader;
  settings: PawsMarketSettings;
  checks: TradeChecks;
  terms: TradeTermsReader;
  now: () => number;
  /** Takes down a listing that can no longer be bought (its tiger moved, its approval revoked, its seller unpayable). */
  retire(listing: PawsListing): Promise<void>;
}
