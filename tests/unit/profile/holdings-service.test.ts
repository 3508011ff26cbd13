import { describe, expect, it } from 'vitest';
import { publicBadges } from '@/features/profile/achievements';
import { type OwnersCopy, createHoldingsService, serialsHeldBy } from '@/features/profile/holdings-service';
import { remainingBudgetMs, withRequestBudget } from '@/platform/request-budget';
import { failureAnswer } from '../../support/http-status';

const HOLDER = '0.0.1001';
const LENDER = '0.0.1002';

/** A ledger whose owner map the test changes, counting its bulk reads. */
function fakeLedger(initial: [number, string][]) {
  const owners = new Map(initial);
  let reads = 0;
  let up = true;
  return {
    owners,
    reads: () => reads,
    setUp(value: boolean) {
      up = value;
    },
    async loadOwners(): Promise<ReadonlyMap<number, string>> {
      reads += 1;
      if (!up) throw new Error('mirror down');
      return new Map(owners);
    },
  };
}

describe('holdings: who holds which tiger, as the ledger says now', () => {
  it('follows the ledger within 60 s: a borrowed top-10 tiger no longer makes a Legendary Holder once it is given back', async () => {
    let clock = 1_000_000;
    const ledger = fakeLedger([
      [7, LENDER],
      [1500, HOLDER],
    ]);
    const holdings = createHoldingsService({ loadOwners: () => ledger.loadOwners(), now: () => clock });
    const badgesOf = async (account: string) => {
      const serials = serialsHeldBy(await holdings.owners(), [account]).get(account) ?? [];
      const best = serials.length ? Math.min(...serials) : null; // rank = serial here
      return publicBadges({ bestRarityRank: best, bio: null, totalNfts: serials.length, twitterHandle: null }).map((badge) => badge.label);
    };

    expect(await badgesOf(HOLDER)).toEqual(['First Tiger']);
    ledger.owners.set(7, HOLDER); // borrowed
    clock += 60_000;
    expect(await badgesOf(HOLDER)).toEqual(['Legendary Holder', 'First Tiger']);
    ledger.owners.set(7, LENDER); // given back
    clock += 30_000;
    expect(await badgesOf(HOLDER)).toEqual(['Legendary Holder', 'First Tiger']); // within the 60 s freshness
    clock += 30_000;
    expect(await badgesOf(HOLDER)).toEqual(['First Tiger']);
    expect(ledger.reads()).toBe(3);
  });

  it('reads the ledger once for any number of accounts and requests within 60 s', async () => {
    const ledger = fakeLedger([
      [1, HOLDER],
      [2, LENDER],
      [3, HOLDER],
    ]);
    const holdings = createHoldingsService({ loadOwners: () => ledger.loadOwners(), now: () => 5_000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => holdings.owners()));
    const held = serialsHeldBy(answers[0] as ReadonlyMap<number, string>, [HOLDER, LENDER, '0.0.404']);
    expect(Object.fromEntries(held)).toEqual({ [HOLDER]: [1, 3], [LENDER]: [2], '0.0.404': [] });
    expect(ledger.reads()).toBe(1);
  });

  it('loads the owner map outside the budget of the request that started it (other requests wait on the same load)', async () => {
    let budget: number | undefined = -1;
    const holdings = createHoldingsService({
      loadOwners: async () => {
        budget = remainingBudgetMs();
        return new Map([[1, HOLDER]]);
      },
    });
    await withRequestBudget(2_000, () => holdings.owners());
    expect(budget).toBeUndefined();
  });

  it('uses another instance’s fresh copy, shares its own, keeps the last copy while the ledger is down and fails without any', async () => {
    let clock = 1_000_000;
    const ledger = fakeLedger([[1, HOLDER]]);
    let sharedCopy: OwnersCopy | undefined = { owners: new Map([[1, LENDER]]), loadedAt: clock - 10_000 };
    const shared = {
      read: async () => sharedCopy,
      write: async (owners: ReadonlyMap<number, string>, loadedAt: number) => {
        sharedCopy = { owners, loadedAt };
      },
    };
    const holdings = createHoldingsService({ loadOwners: () => ledger.loadOwners(), shared, now: () => clock });
    expect((await holdings.owners()).get(1)).toBe(LENDER);
    expect(ledger.reads()).toBe(0);

    clock += 60_000; // the shared copy is 70 s old now: the ledger is read, and the copy shared
    expect((await holdings.owners()).get(1)).toBe(HOLDER);
    expect(ledger.reads()).toBe(1);
    expect(sharedCopy?.loadedAt).toBe(clock);

    ledger.setUp(false);
    sharedCopy = undefined;
    clock += 66_000; // past the job's grace
    expect((await holdings.owners()).get(1)).toBe(HOLDER);
    clock += 1_000; // no second attempt before 15 s
    await holdings.owners();
    expect(ledger.reads()).toBe(2);

    const cold = createHoldingsService({ loadOwners: () => ledger.loadOwners(), shared, now: () => clock });
    expect(await failureAnswer(cold.owners())).toEqual({
      status: 503,
      message: 'The Hedera mirror node is unavailable, try again shortly',
    });
  });

  it('serves the last copy for a few seconds more while the job’s next one is due, takes it from the store, and reads the mirror only past that', async () => {
    let clock = 1_000_000;
    const ledger = fakeLedger([[1, HOLDER]]);
    let sharedCopy: OwnersCopy | undefined = { owners: new Map([[1, LENDER]]), loadedAt: clock };
    let storeReads = 0;
    const shared = {
      read: async () => {
        storeReads += 1;
        return sharedCopy;
      },
      write: async (owners: ReadonlyMap<number, string>, loadedAt: number) => {
        sharedCopy = { owners, loadedAt };
      },
    };
    const holdings = createHoldingsService({ loadOwners: () => ledger.loadOwners(), shared, now: () => clock });
    expect((await holdings.owners()).get(1)).toBe(LENDER);

    clock += 60_500; // 60.5 s: the job has not stored its next copy yet
    expect((await holdings.owners()).get(1)).toBe(LENDER);
    expect(ledger.reads()).toBe(0);
    sharedCopy = { owners: new Map([[1, HOLDER]]), loadedAt: clock - 500 }; // the job's copy lands
    expect((await holdings.owners()).get(1)).toBe(HOLDER);
    expect(ledger.reads()).toBe(0);
    expect(storeReads).toBe(3);

    clock += 65_000; // the job is late past the grace: the mirror is read
    expect((await holdings.owners()).get(1)).toBe(HOLDER);
    expect(ledger.reads()).toBe(1);
  });
});
