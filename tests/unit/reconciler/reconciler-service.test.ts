import { afterEach, describe, expect, it } from 'vitest';
import { LedgerUnavailableError } from '../../../src/features/ledger/errors';
import type { PurchaseRecord } from '../../../src/features/hbar-market/purchase-repo';
import type { PawsListing } from '../../../src/features/paws-market/listing';
import type { PendingListing } from '../../../src/features/paws-market/listing-repo';
import type { PawsOffer } from '../../../src/features/offers/offer-rules';
import { type ClaimLifecycle, type SettlementClaim, settleClaimed } from '../../../src/features/paws-market/settlement';
import { type ReconcilerDeps, createReconcilerService } from '../../../src/features/reconciler/reconciler-service';
import { type MetricPoint, setMetricSink } from '../../../src/platform/metrics';

process.env.LOG_LEVEL = 'silent';

const NOW = Date.parse('2026-11-24T04:00:00Z');
const GRACE_MS = 120_000;
const iso = (ms: number) => new Date(ms).toISOString();
const claim = (claimedAt: number) => ({ claimId: `c${claimedAt}`, buyerId: '0.0.2', sellerId: '0.0.1', transactionId: '0.0.9@1.1', claimedAt: iso(claimedAt) });

/** Records in an intermediate state, and the request path's settlement of each as the test decides it. */
function world() {
  const state = {
    claimed: [
      { id: 'old', status: 'claimed', claim: claim(NOW - GRACE_MS - 1) },
      { id: 'fresh', status: 'claimed', claim: claim(NOW - 1_000) },
    ] as unknown as PawsListing[],
    offers: [{ id: 'o', claims: { 7: claim(NOW - GRACE_MS - 5), 8: claim(NOW - GRACE_MS - 5), 9: claim(NOW) } }] as unknown as PawsOffer[],
    purchases: [{ saleVerificationCode: 'paid' }, { saleVerificationCode: 'failed' }, { saleVerificationCode: 'waiting' }] as PurchaseRecord[],
    pending: [{ id: 'p' }] as PendingListing[],
    closed: [] as string[],
    /** Whether the ledger tells how a claim ended (the mirror may not show it yet). */
    ledgerTells: true,
  };
  const deps: ReconcilerDeps = {
    listings: { claimedListings: async () => state.claimed, expiredPending: async () => state.pending },
    offers: { openOffers: async () => state.offers },
    purchases: {
      openPurchases: async (before) => (before === iso(NOW - GRACE_MS) ? state.purchases : []),
      close: async (code) => {
        state.closed.push(code);
        state.purchases = state.purchases.filter((purchase) => purchase.saleVerificationCode !== code);
      },
    },
    pawsMarket: {
      reconcileClaimed: async (listing) => {
        if (!state.ledgerTells) return false;
        state.claimed = state.claimed.filter((other) => other.id !== listing.id);
        return true;
      },
      settleExpiredPending: async () => {
        state.pending = [];
        return 'dropped';
      },
    },
    offerService: {
      settleUnconfirmed: async (offer) => {
        if (!state.ledgerTells) throw new LedgerUnavailableError('mirror node timed out');
        const settled = Object.keys(offer.claims).length;
        state.offers = [];
        return settled;
      },
    },
    hbarMarket: {
      settleUnconfirmed: async (purchase) => {
        if (purchase.saleVerificationCode === 'waiting') return 'pending';
        if (purchase.saleVerificationCode === 'failed') return 'failed';
        state.purchases = state.purchases.filter((other) => other !== purchase);
        return 'recorded';
      },
    },
    graceMs: GRACE_MS,
    now: () => NOW,
  };
  return { state, reconciler: createReconcilerService(deps) };
}

describe('the reconciler service', () => {
  it('settles only what is past its deadline, counts it per kind, and a second run finds only what is still left', async () => {
    const { state, reconciler } = world();
    const first = await reconciler.run();
    expect(first.kinds).toEqual({
      listingClaims: { due: 1, settled: 1 },
      // Two of the offer's units are overdue; settling it settled all three, counted up to those two.
      offerClaims: { due: 2, settled: 2 },
      hbarPurchases: { due: 3, settled: 2 },
      pendingListings: { due: 1, settled: 1 },
    });
    expect(first).toMatchObject({ settled: 6, backlog: 1 });
    expect(state.claimed.map((listing) => listing.id)).toEqual(['fresh']);
    expect(state.closed).toEqual(['failed']);

    const second = await reconciler.run();
    expect(second).toMatchObject({ settled: 0, backlog: 1 });
    expect(second.kinds.hbarPurchases).toEqual({ due: 1, settled: 0 });
  });

  it('keeps in the backlog what the ledger cannot tell yet, and one failure does not stop the others', async () => {
    const { state, reconciler } = world();
    state.ledgerTells = false;
    const report = await reconciler.run();
    expect(report.kinds.listingClaims).toEqual({ due: 1, settled: 0 });
    expect(report.kinds.offerClaims).toEqual({ due: 2, settled: 0 });
    expect(report.kinds.pendingListings).toEqual({ due: 1, settled: 1 });
    expect(report.backlog).toBe(4);
  });
});

describe('settlement metrics', () => {
  const points: MetricPoint[] = [];
  afterEach(() => {
    setMetricSink(undefined);
    points.length = 0;
  });

  /** One settlement through settleClaimed whose execution ends as `outcome` says. */
  async function settle(outcome: () => Promise<{ status: string }>) {
    setMetricSink((point) => points.push(point));
    const lifecycle: ClaimLifecycle<SettlementClaim> = { take: async () => true, release: async () => undefined, finish: async () => undefined };
    await settleClaimed(
      { prepare: async () => ({ transactionId: '0.0.9@1.1', execute: outcome }) },
      { nftTokenId: '0.0.5', serial: 1, sellerId: '0.0.1', buyerId: '0.0.2', pawsTokenId: '0.0.6', amount: 1n },
      lifecycle,
      {
        claim: (transactionId) => ({ claimId: 'c', transactionId, claimedAt: iso(NOW) }),
        lost: () => {
          throw new Error('not taken');
        },
        settlementTimeoutMs: 1_000,
        noun: 'purchase',
      },
    ).catch(() => undefined);
    return points.map((point) => point.name);
  }

  it('counts each settlement as succeeded, failed (refused by the ledger) or unconfirmed (left for the reconciler)', async () => {
    expect(await settle(async () => ({ status: 'SUCCESS' }))).toEqual(['SettlementSucceeded']);
    points.length = 0;
    expect(await settle(async () => ({ status: 'INSUFFICIENT_TOKEN_BALANCE' }))).toEqual(['SettlementFailed']);
    points.length = 0;
    expect(
      await settle(async () => {
        throw new LedgerUnavailableError('no receipt');
      }),
    ).toEqual(['SettlementUnconfirmed']);
  });
});
