import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfferFunding } from '../../../src/features/offers/offer-funding';
import { type OfferFundsRepo, createOfferFundsRepo } from '../../../src/features/offers/offer-funds-repo';
import type { PawsOffer } from '../../../src/features/offers/offer-rules';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

process.env.LOG_LEVEL = 'silent';

const settings = { pawsTokenId: '0.0.600', marketplaceAccountId: '0.0.900' };
const makerIds = Array.from({ length: 300 }, (_, index) => `0.0.${3000 + index}`);

/** An open offer of one unit of `amount` smallest units by `buyerId`, made at `createdAt` (only what funding reads of it). */
const offerBy = (buyerId: string, id: string, amount = 100n, createdAt = '2026-12-01T10:00:00.000Z') =>
  ({
    id,
    buyerId,
    kind: 'item',
    serialNumber: 1,
    nftName: null,
    pawsAmount: '1',
    amountBaseUnits: amount.toString(),
    remaining: 1,
    inFlight: 0,
    quantity: 1,
    createdAt,
  }) as PawsOffer;

/** A ledger holding `paws` (balance and allowance) per maker, counting its mirror reads. */
function countingLedger(paws: Map<string, bigint>) {
  const reads: string[] = [];
  return {
    reads,
    ledger: {
      getTokenBalance: async (account: string) => {
        reads.push(`balance ${account}`);
        return { associated: true, balance: paws.get(account) ?? 0n, decimals: 6 };
      },
      getTokenAllowance: async (account: string) => {
        reads.push(`allowance ${account}`);
        return paws.get(account) ?? 0n;
      },
    },
  };
}

let memory: MemoryStore;
let store: OfferFundsRepo;
beforeAll(async () => {
  memory = await startMemoryStore();
});
afterAll(() => memory.stop());
beforeEach(async () => {
  store = createOfferFundsRepo(memory.doc, await memory.newTable());
});

describe('offer funding from the store', () => {
  it('a page view reads no maker from the ledger once the job stored them: 1,000 offers from 300 makers cost as little as 10', async () => {
    const paws = new Map(makerIds.map((id) => [id, 1_000n]));
    const { ledger, reads } = countingLedger(paws);
    let clock = 0;
    const funding = createOfferFunding({ ledger, store, settings, now: () => clock });
    const offers = Array.from({ length: 1_000 }, (_, index) => offerBy(makerIds[index % 300] as string, `o${index}`));
    const waits: number[] = [];
    const run = await funding.refresh(offers, {
      requestsPerSecond: 10,
      budgetMs: 60_000,
      wait: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    // Ten requests a second, two per maker: a slot of 200 ms each, 300 makers in 60 s.
    expect(run).toEqual({ makers: 300, read: 300 });
    expect(reads).toHaveLength(600);
    expect(new Set(waits)).toEqual(new Set([200]));

    reads.length = 0;
    expect((await funding.fundedIds(offers, offers)).size).toBe(1_000);
    expect((await funding.fundedIds(offers.slice(0, 10), offers)).size).toBe(10);
    expect(reads).toEqual([]);
  });

  it('the job reads the makers read longest ago first, within its budget; a maker who spent their PAWS shows unfunded after it', async () => {
    const paws = new Map(makerIds.slice(0, 3).map((id) => [id, 1_000n]));
    const { ledger, reads } = countingLedger(paws);
    let clock = 1_000;
    const funding = createOfferFunding({ ledger, store, settings, now: () => clock });
    const [first, second, third] = makerIds as [string, string, string];
    const offers = [offerBy(first, 'a'), offerBy(second, 'b'), offerBy(third, 'c')];
    const advance = async (ms: number) => {
      clock += ms;
    };
    // A budget of 400 ms at 10 a second: two makers, then the third first on the next run.
    expect(await funding.refresh(offers, { requestsPerSecond: 10, budgetMs: 400, wait: advance })).toEqual({ makers: 3, read: 2 });
    reads.length = 0;
    paws.set(first, 0n);
    expect(await funding.refresh(offers, { requestsPerSecond: 10, budgetMs: 400, wait: advance })).toEqual({ makers: 3, read: 2 });
    expect(reads).toEqual([`balance ${third}`, `allowance ${third}`, `balance ${first}`, `allowance ${first}`]);
    expect([...(await funding.fundedIds(offers, offers))]).toEqual(['b', 'c']);
  });

  it('makers the store has nothing for are read by a page view, four at most, and stored; the others count as funded as when made', async () => {
    const paws = new Map(makerIds.slice(0, 6).map((id) => [id, id === makerIds[0] ? 0n : 1_000n]));
    const { ledger, reads } = countingLedger(paws);
    const funding = createOfferFunding({ ledger, store, settings, now: () => 5_000 });
    const offers = makerIds.slice(0, 6).map((id, index) => offerBy(id, `o${index}`));
    expect([...(await funding.fundedIds(offers, offers))]).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
    expect(reads).toHaveLength(8);
    expect((await store.getMany(makerIds.slice(0, 6))).size).toBe(4);
  });

  it('funds a maker’s offers from one allowance, oldest first: an offer the rest of the allowance cannot cover shows unfunded, also on its own', async () => {
    const maker = makerIds[0] as string;
    const { ledger } = countingLedger(new Map([[maker, 150n]]));
    const funding = createOfferFunding({ ledger, store, settings, now: () => 5_000 });
    const older = offerBy(maker, 'older', 100n, '2026-12-01T10:00:00.000Z');
    const newer = offerBy(maker, 'newer', 100n, '2026-12-01T11:00:00.000Z');
    // Each unit alone is covered (100 of 150), but the older offer keeps 100 of it: 50 are left for the newer one.
    expect([...(await funding.fundedIds([older, newer], [older, newer]))]).toEqual(['older']);
    // A page that shows only the newer offer (a tiger's view) counts the maker's other open offers all the same.
    expect([...(await funding.fundedIds([newer], [older, newer]))]).toEqual([]);
  });

  it('a stored read is never replaced by an older one', async () => {
    const maker = makerIds[0] as string;
    expect(await store.put({ buyerId: maker, available: 5n, allowance: 5n, checkedAt: 2_000 })).toBe(true);
    expect(await store.put({ buyerId: maker, available: 9n, allowance: 9n, checkedAt: 1_000 })).toBe(false);
    expect((await store.getMany([maker])).get(maker)).toEqual({ buyerId: maker, available: 5n, allowance: 5n, checkedAt: 2_000 });
  });
});

describe('offer funding, as the live market’s events', () => {
  it('an offer the job finds no longer funded is an offer-unfunded event, and funded again an offer-funded one; unchanged ones none', async () => {
    const paws = new Map([
      ['0.0.1', 300n],
      ['0.0.2', 300n],
    ]);
    const { ledger } = countingLedger(paws);
    const appended: { type: string; data: { ref: string; buyerId?: string } }[] = [];
    const events = {
      append: async (event: (typeof appended)[number]) => {
        appended.push(event);
        return [];
      },
    };
    let clock = 0;
    const funding = createOfferFunding({ ledger, store, settings, events: events as never, now: () => clock });
    const offers = [offerBy('0.0.1', 'a', 200n), offerBy('0.0.2', 'b', 200n)];
    const advance = async (ms: number) => {
      clock += ms;
    };
    const run = () => funding.refresh(offers, { budgetMs: 10_000, wait: advance });
    await run();
    expect(appended).toEqual([]);
    paws.set('0.0.1', 100n);
    await run();
    expect(appended.map((event) => [event.type, event.data.ref, event.data.buyerId])).toEqual([['offer-unfunded', 'a', '0.0.1']]);
    paws.set('0.0.1', 500n);
    await run();
    expect(appended.map((event) => [event.type, event.data.ref])).toEqual([
      ['offer-unfunded', 'a'],
      ['offer-funded', 'a'],
    ]);
  });
});
