import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ActivityRepo, createActivityRepo, decodeCursor, encodeCursor } from '../../../src/features/market-stats/activity-repo';
import { createOfferRepo } from '../../../src/features/offers/offer-repo';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

let memory: MemoryStore;
let repo: ActivityRepo;
let table: string;

beforeAll(async () => {
  memory = await startMemoryStore();
});
afterAll(() => memory.stop());
beforeEach(async () => {
  table = await memory.newTable();
  repo = createActivityRepo(memory.doc, table);
});

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();

function listed(index: number) {
  return repo.listed({
    id: `l${index}`,
    sellerId: '0.0.1001',
    tokenId: '0.0.7000333',
    serialNumber: index,
    nftName: `Wild Tiger #${index}`,
    pawsPrice: `${index}`,
    createdAt: at(index),
  });
}

function sold(index: number, minute: number, sellerId = '0.0.1001') {
  return repo.sold({
    listingId: `l${index}`,
    sellerId,
    buyerId: '0.0.1002',
    tokenId: '0.0.7000333',
    serialNumber: index,
    nftName: `Wild Tiger #${index}`,
    pawsPrice: `${index}.5`,
    transactionId: `0.0.7000100@1893456000.${index}`,
    soldAt: at(minute),
  });
}

describe('activity repo', () => {
  it('writes each event once and pages the timeline newest first', async () => {
    for (let index = 1; index <= 5; index++) await listed(index);
    await listed(3);
    await sold(2, 30);
    await sold(2, 40);
    const first = await repo.page({ limit: 4 });
    expect(first.items.map((item) => `${item.kind}:${item.serialNumber}`)).toEqual(['sale:2', 'listing:5', 'listing:4', 'listing:3']);
    expect(first.items[0]).toMatchObject({ at: at(30), pawsAmount: '2.5', sellerId: '0.0.1001', buyerId: '0.0.1002', nftName: 'Wild Tiger #2' });
    expect(first.cursor).toBeDefined();
    const second = await repo.page({ limit: 4, cursor: decodeCursor(first.cursor as string) });
    expect(second.items.map((item) => item.serialNumber)).toEqual([2, 1]);
    expect(second.cursor).toBeUndefined();
  });

  it('filters by kind across pages, with offer events in the same timeline', async () => {
    for (let index = 1; index <= 6; index++) await listed(index);
    await sold(1, 10);
    await sold(4, 20);
    await createOfferRepo(memory.doc, table).putActivity({
      kind: 'offer-accepted',
      at: at(15),
      offerId: 'o1',
      offerKind: 'item',
      buyerId: '0.0.1003',
      sellerId: '0.0.1001',
      tokenId: '0.0.7000333',
      serialNumber: 6,
      pawsAmount: '60',
      quantity: 1,
      transactionId: null,
    });
    const first = await repo.page({ limit: 2, kinds: ['sale', 'offer-accepted'] });
    expect(first.items.map((item) => `${item.kind}:${item.serialNumber}`)).toEqual(['sale:4', 'offer-accepted:6']);
    const second = await repo.page({ limit: 2, kinds: ['sale', 'offer-accepted'], cursor: decodeCursor(first.cursor as string) });
    expect(second.items.map((item) => `${item.kind}:${item.serialNumber}`)).toEqual(['sale:1']);
    expect(second.cursor).toBeUndefined();
    const sales = await repo.offerSalesSince(at(0));
    expect(sales).toEqual([{ price: 60, at: at(15), sellerId: '0.0.1001' }]);
    expect(await repo.sellerSalesSince('0.0.1001', at(12))).toHaveLength(2);
    expect(await repo.sellerSalesSince('0.0.1009', at(0))).toEqual([]);
  });

  it('refuses cursors it did not make', () => {
    expect(decodeCursor(encodeCursor({ pk: 'PAWSACTIVITY#LISTING#x#sale', at: at(1) }))).toEqual({ pk: 'PAWSACTIVITY#LISTING#x#sale', at: at(1) });
    expect(decodeCursor('not-a-cursor')).toBeUndefined();
    expect(decodeCursor(Buffer.from(JSON.stringify(['PROFILE#0.0.1', 'x'])).toString('base64url'))).toBeUndefined();
  });
});
