import { log } from '@/platform/log';
import type { createMarketService } from '@/features/hbar-market/market-service';
import type { OpenPurchases } from '@/features/hbar-market/purchase-repo';
import type { ListingRepo } from '@/features/paws-market/listing-repo';
import type { OfferRepo } from '@/features/offers/offer-repo';
import type { OfferService } from '@/features/offers/offer-service';
import type { PawsMarketService } from '@/features/paws-market/paws-market-service';

export interface ReconcilerDeps {
  listings: Pick<ListingRepo, 'claimedListings' | 'expiredPending'>;
  offers: Pick<OfferRepo, 'openOffers'>;
  purchases: OpenPurchases;
  /** The request path's own settlement of each kind of record (the same code and conditional writes). */
  pawsMarket: Pick<PawsMarketService, 'reconcileClaimed' | 'settleExpiredPending'>;
  offerService: Pick<OfferService, 'settleUnconfirmed'>;
  hbarMarket: Pick<ReturnType<typeof createMarketService>, 'settleUnconfirmed'>;
  /** How long a claim or purchase is left to the request that made it before the reconciler settles it. */
  graceMs: number;
  now?: () => number;
}

/** The kinds of records the reconciler settles. */
export type ReconciledKind = 'listingClaims' | 'offerClaims' | 'hbarPurchases' | 'pendingListings';

export interface ReconcileReport {
  /** Records found past their deadline that are still unsettled after the run (the ledger may not tell yet, or a step failed). */
  backlog: number;
  /** Records settled by the run (recorded as sold or purchased, released, listed or dropped). */
  settled: number;
  /** Per kind: found past their deadline, and settled. */
  kinds: Record<ReconciledKind, { due: number; settled: number }>;
}

/**
 * The scheduled reconciler: finds every record left in an intermediate state past its deadline
 * through the table's indexes and settles each from the ledger with the request path's own code:
 * PAWS listing claims and offer units whose settlement answer was lost (reconcileClaim: sold on
 * SUCCESS, released on a failure or once the transaction can no longer reach consensus), HBAR
 * purchases whose completion never came (recorded once the ledger shows them paid, closed when they
 * failed or expired), and pending listings past their expiry (listed when the ledger shows the
 * seller's approval, dropped otherwise). Every write is the request path's conditional write, so a
 * second run, or a run racing a request, changes nothing.
 */
export function createReconcilerService({ listings, offers, purchases, pawsMarket, offerService, hbarMarket, graceMs, now = Date.now }: ReconcilerDeps) {
  /**
   * Settles each item in turn (one failing does not stop the others): `settle` answers how many of
   * its `weight` records (one unless said) it settled.
   */
  async function settleEach<T>(
    kind: ReconciledKind,
    items: readonly T[],
    settle: (item: T) => Promise<number>,
    weight: (item: T) => number = () => 1,
  ): Promise<{ due: number; settled: number }> {
    let due = 0;
    let settled = 0;
    for (const item of items) {
      due += weight(item);
      try {
        settled += Math.min(weight(item), await settle(item));
      } catch (error) {
        log.warn('reconciler could not settle a record', { kind, error });
      }
    }
    return { due, settled };
  }

  return {
    /** One run over every kind; safe to repeat and to run beside requests. */
    async run(): Promise<ReconcileReport> {
      const at = now();
      const before = new Date(at - graceMs).toISOString();
      const [claimed, open, unfinished, pending] = await Promise.all([
        listings.claimedListings(),
        offers.openOffers(),
        purchases.openPurchases(before),
        listings.expiredPending(at),
      ]);
      const overdue = (claim: { claimedAt: string }) => claim.claimedAt < before;
      const kinds: ReconcileReport['kinds'] = {
        listingClaims: await settleEach(
          'listingClaims',
          claimed.filter((listing) => listing.claim && overdue(listing.claim)),
          async (listing) => Number(await pawsMarket.reconcileClaimed(listing)),
        ),
        // Each overdue unit of an offer counts; settling an offer settles every unit the ledger tells about.
        offerClaims: await settleEach(
          'offerClaims',
          open.filter((offer) => Object.values(offer.claims).some(overdue)),
          (offer) => offerService.settleUnconfirmed(offer),
          (offer) => Object.values(offer.claims).filter(overdue).length,
        ),
        hbarPurchases: await settleEach('hbarPurchases', unfinished, async (purchase) => {
          const outcome = await hbarMarket.settleUnconfirmed(purchase);
          if (outcome === 'failed') await purchases.close(purchase.saleVerificationCode);
          return outcome === 'pending' ? 0 : 1;
        }),
        pendingListings: await settleEach('pendingListings', pending, async (listing) => {
          await pawsMarket.settleExpiredPending(listing);
          return 1;
        }),
      };
      const counts = Object.values(kinds);
      const due = counts.reduce((sum, kind) => sum + kind.due, 0);
      const settled = counts.reduce((sum, kind) => sum + kind.settled, 0);
      return { backlog: due - settled, settled, kinds };
    },
  };
}

export type ReconcilerService = ReturnType<typeof createReconcilerService>;
