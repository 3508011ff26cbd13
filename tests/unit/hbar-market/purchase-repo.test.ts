import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaidPurchases, type PurchaseRecord, type PurchaseRepo, createPurchaseRepo } from '@/features/hbar-market/purchase-repo';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

const NOW = Date.parse('2026-11-01T12:00:00.000Z');

function purchase(code: string, overrides: Partial<PurchaseRecord> = {}): PurchaseRecord {
  return {
    saleVerificationCode: code,
    buyerId: '0.0.7001004',
    transactionId: '0.0.7000200@1793534400.000000001',
    transBytes: 'AAAA',
    tokenId: '0.0.7000333',
    serial: 12,
    price: '120',
    createdAt: new Date(NOW).toISOString(),
    expiresAt: new Date(NOW + 86_400_000).toISOString(),
    ...overrides,
  };
}

let store: MemoryStore;
let repo: PurchaseRepo & PaidPurchases;
beforeAll(async () => {
  store = await startMemoryStore();
  repo = createPurchaseRepo(store.doc, await store.newTable());
});
afterAll(() => store.stop());

describe('purchase repo', () => {
  it('records a paid purchase once, found by the time its receipt was seen', async () => {
    const at = (ms: number) => new Date(NOW + ms).toISOString();
    const hbar = { payerId: '0.0.7000200', transfers: [{ accountId: '0.0.7001004', tinybars: '-12000000000' }] };
    await repo.markPaid(purchase('p1', { serial: 7, sellerId: '0.0.7100003', hbar, transactionId: '0.0.7001004@1793534400.000000007' }), at(1_000));
    await repo.markPaid(purchase('p1', { serial: 7, sellerId: '0.0.7100003', hbar, transactionId: '0.0.7001004@1793534400.000000007' }), at(9_000));
    await repo.markPaid(purchase('p2', { serial: 8, transactionId: '0.0.7001004@1793534400.000000008' }), at(5_000));
    expect(await repo.paidSince(at(0))).toEqual([
      { serial: 7, buyerId: '0.0.7001004', sellerId: '0.0.7100003', price: '120', hbar, transactionId: '0.0.7001004@1793534400.000000007', at: at(1_000) },
      { serial: 8, buyerId: '0.0.7001004', sellerId: null, price: '120', hbar: null, transactionId: '0.0.7001004@1793534400.000000008', at: at(5_000) },
    ]);
    expect((await repo.paidSince(at(2_000))).map((paid) => paid.serial)).toEqual([8]);
  });

  it('keeps a purchase for its buyer only, and forgets it once expired', async () => {
    expect(await repo.putPurchase(purchase('a'))).toBe(true);
    expect(await repo.putPurchase(purchase('a', { buyerId: '0.0.7001001' }))).toBe(false);
    expect(await repo.getPurchase('a', NOW)).toEqual(purchase('a'));
    expect(await repo.getPurchase('a', NOW + 86_400_001)).toBeUndefined();
  });

  it("tracks the buyer's latest purchase of a serial with a compare-and-set: one of two racing preparations wins", async () => {
    expect(await repo.latestPurchase('0.0.7001004', '0.0.7000333', 12, NOW)).toEqual({ code: null });
    const [one, two] = await Promise.all([repo.setLatest(purchase('b'), null), repo.setLatest(purchase('c'), null)]);
    expect([one, two].filter(Boolean)).toHaveLength(1);
    const winner = one ? 'b' : 'c';
    await repo.putPurchase(purchase(winner));
    const latest = await repo.latestPurchase('0.0.7001004', '0.0.7000333', 12, NOW);
    expect(latest).toEqual({ code: winner, purchase: purchase(winner) });

    // The next purchase replaces it only as its successor.
    expect(await repo.setLatest(purchase('d'), 'not-the-latest')).toBe(false);
    expect(await repo.setLatest(purchase('d'), winner)).toBe(true);
    // An expired latest purchase still names its code (for the next compare-and-set) but is not returned.
    await repo.putPurchase(purchase('d', { expiresAt: new Date(NOW - 1).toISOString() }));
    expect(await repo.latestPurchase('0.0.7001004', '0.0.7000333', 12, NOW)).toEqual({ code: 'd' });
  });

  it('marks a purchase completed once', async () => {
    await repo.putPurchase(purchase('e'));
    await repo.markCompleted('e', '2026-11-01T12:01:00.000Z');
    await repo.markCompleted('e', '2026-11-01T12:09:00.000Z');
    expect((await repo.getPurchase('e', NOW))?.completedAt).toBe('2026-11-01T12:01:00.000Z');
  });
});
