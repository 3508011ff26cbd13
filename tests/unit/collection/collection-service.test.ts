import { describe, expect, it, vi } from 'vitest';
import { createCollectionService } from '@/features/collection/collection-service';
import { createRefreshingValue } from '@/features/collection/refreshing-value';
import { remainingBudgetMs, withRequestBudget } from '@/platform/request-budget';
import type { ListingRecord, SaleRecord } from '@/features/hbar-market/market-port';
import { computeRarity } from '@/features/tiger/rarity';

process.env.LOG_LEVEL = 'silent';

const TOKEN = '0.0.7000333';
const tick = () => new Promise((resolve) => setImmediate(resolve));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('refreshing value', () => {
  it('loads once for concurrent readers, then serves the copy until it is stale', async () => {
    let clock = 0;
    const load = vi.fn(async () => `v${load.mock.calls.length}`);
    const value = createRefreshingValue({ load, ttlMs: 100, retryMs: 50, now: () => clock });
    const [a, b] = await Promise.all([value.get(), value.get()]);
    expect(a).toEqual({ value: 'v1', loadedAt: 0, version: 1 });
    expect(b).toBe(a);
    clock = 99;
    expect((await value.get())?.value).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads the copy at once, refreshing it when stale, and starts no first load', async () => {
    let clock = 0;
    const load = vi.fn(async () => `v${load.mock.calls.length}`);
    const value = createRefreshingValue({ load, ttlMs: 100, retryMs: 50, now: () => clock });
    expect(value.read()).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    const first = await value.get();
    expect(value.read()).toBe(first);
    clock = 150;
    expect(value.read()).toBe(first);
    await tick();
    expect(load).toHaveBeenCalledTimes(2);
    expect(value.read()).toEqual({ value: 'v2', loadedAt: 150, version: 2 });
  });

  it('serves the stale copy while one background load replaces it', async () => {
    let clock = 0;
    const next = deferred<string>();
    const load = vi.fn<() => Promise<string>>().mockResolvedValueOnce('old').mockReturnValueOnce(next.promise);
    const value = createRefreshingValue({ load, ttlMs: 100, retryMs: 50, now: () => clock });
    const changes: string[] = [];
    value.onChange((snapshot) => changes.push(snapshot.value));
    await value.get();
    clock = 150;
    expect((await value.get())?.value).toBe('old');
    expect((await value.get())?.value).toBe('old');
    expect(load).toHaveBeenCalledTimes(2);
    next.resolve('new');
    await tick();
    expect(value.peek()).toEqual({ value: 'new', loadedAt: 150, version: 2 });
    expect(changes).toEqual(['old', 'new']);
  });

  it('keeps the last good copy when a refresh fails and waits retryMs before trying again', async () => {
    let clock = 0;
    const onError = vi.fn();
    const load = vi.fn<() => Promise<string>>().mockResolvedValueOnce('good').mockRejectedValueOnce(new Error('mirror down')).mockResolvedValue('better');
    const value = createRefreshingValue({ load, ttlMs: 100, retryMs: 50, now: () => clock, onError });
    await value.get();
    clock = 200;
    await value.get();
    await tick();
    expect(onError).toHaveBeenCalledTimes(1);
    clock = 220;
    expect((await value.get())?.value).toBe('good');
    expect(load).toHaveBeenCalledTimes(2);
    clock = 260;
    await value.get();
    await tick();
    expect(value.peek()?.value).toBe('better');
  });

  it('only marks the copy fresh when a load brings back the very same value', async () => {
    let clock = 0;
    const dataset = { big: true };
    const value = createRefreshingValue({ load: async () => dataset, ttlMs: 100, retryMs: 50, now: () => clock });
    const changes: unknown[] = [];
    value.onChange((snapshot) => changes.push(snapshot.value));
    await value.get();
    clock = 150;
    await value.get();
    await tick();
    expect(value.peek()).toEqual({ value: dataset, loadedAt: 150, version: 1 });
    expect(changes).toHaveLength(1);
  });

  it('answers undefined when the first load fails or takes longer than firstWaitMs', async () => {
    let clock = 0;
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('down'));
    const failing = createRefreshingValue({ load, ttlMs: 100, retryMs: 50, now: () => clock, onError: () => undefined });
    expect(await failing.get()).toBeUndefined();
    expect(await failing.get()).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);

    const slow = deferred<string>();
    const late = createRefreshingValue({ load: () => slow.promise, ttlMs: 100, retryMs: 50, firstWaitMs: 10 });
    expect(await late.get()).toBeUndefined();
    slow.resolve('eventually');
    await tick();
    expect((await late.get())?.value).toBe('eventually');
    clock = 1;
  });

  it('loads outside the budget of the request that started it: the load is every reader’s, not that request’s', async () => {
    const budgets: (number | undefined)[] = [];
    const value = createRefreshingValue({
      load: async () => {
        budgets.push(remainingBudgetMs());
        return 'owners';
      },
      ttlMs: 100,
      retryMs: 50,
    });
    const answer = await withRequestBudget(2_000, async () => ({ inRequest: remainingBudgetMs(), snapshot: await value.get() }));
    expect(answer.inRequest).toBeGreaterThan(0);
    expect(answer.snapshot?.value).toBe('owners');
    expect(budgets).toEqual([undefined]);
  });
});

describe('refreshing value shared between instances', () => {
  it('starts from a shared copy younger than ttlMs, keeping its age, and loads only when it goes stale', async () => {
    let clock = 1_000;
    const load = vi.fn(async () => 'loaded');
    const publish = vi.fn(async () => undefined);
    const value = createRefreshingValue({ load, ttlMs: 100, retryMs: 50, now: () => clock, seed: async () => ({ value: 'shared', loadedAt: 940 }), publish });
    expect(await value.get()).toEqual({ value: 'shared', loadedAt: 940, version: 1 });
    expect(load).not.toHaveBeenCalled();
    expect(publish).not.toHaveBeenCalled();
    clock = 1_040; // 100 ms after the shared copy was loaded, not after this instance read it
    await value.get();
    await tick();
    expect(load).toHaveBeenCalledTimes(1);
    expect(value.peek()).toEqual({ value: 'loaded', loadedAt: 1_040, version: 2 });
    expect(publish).toHaveBeenCalledWith('loaded', 1_040);
  });

  it('takes a newer shared copy (the scheduled job’s) in place of each reload, and loads only when the shared copy is stale too', async () => {
    let clock = 1_000;
    let shared = { value: 'job at 940', loadedAt: 940 };
    const load = vi.fn(async () => 'loaded');
    const value = createRefreshingValue({ load, ttlMs: 100, retryMs: 50, now: () => clock, seed: async () => shared });
    expect((await value.get())?.value).toBe('job at 940');
    shared = { value: 'job at 1030', loadedAt: 1_030 };
    clock = 1_050;
    value.read();
    await tick();
    expect(value.peek()).toMatchObject({ value: 'job at 1030', loadedAt: 1_030 });
    clock = 1_140; // the job's copy is 110 ms old: stale too
    value.read();
    await tick();
    expect(load).toHaveBeenCalledTimes(1);
    expect(value.peek()).toMatchObject({ value: 'loaded', loadedAt: 1_140 });
  });

  it('keeps the value before sharing it, and answers after at most a second when the share hangs', async () => {
    // The page's clock is a fake one (its timers only), so the second is counted, not waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const value = createRefreshingValue({ load: async () => 'fresh', ttlMs: 100, retryMs: 50, publish: () => new Promise<void>(() => undefined) });
      let answered = false;
      const reading = value.get().then((snapshot) => {
        answered = true;
        return snapshot;
      });
      await tick();
      expect(value.peek()?.value).toBe('fresh');
      await vi.advanceTimersByTimeAsync(999);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(answered).toBe(true);
      expect((await reading)?.value).toBe('fresh');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the shared copy again after its own first load failed', async () => {
    let clock = 0;
    let shared: { value: string; loadedAt: number } | undefined;
    const load = vi.fn(async () => Promise.reject(new Error('mirror down')));
    const value = createRefreshingValue({ load, ttlMs: 100, retryMs: 50, now: () => clock, seed: async () => shared });
    expect(await value.get()).toBeUndefined();
    shared = { value: 'from another instance', loadedAt: 40 };
    clock = 60;
    expect((await value.get())?.value).toBe('from another instance');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads and shares when the shared copy is stale, missing or unreadable; a failed share still serves the value', async () => {
    const onError = vi.fn();
    for (const seed of [async () => ({ value: 'old', loadedAt: 0 }), async () => undefined, async () => Promise.reject(new Error('table down'))]) {
      const publish = vi.fn(async () => Promise.reject(new Error('throttled')));
      const value = createRefreshingValue({ load: async () => 'fresh', ttlMs: 100, retryMs: 50, now: () => 500, seed, publish, onError });
      expect((await value.get())?.value).toBe('fresh');
      expect(publish).toHaveBeenCalledWith('fresh', 500);
    }
    expect(onError.mock.calls.map(([error]) => (error as Error).message)).toEqual(['throttled', 'throttled', 'table down', 'throttled']);
  });
});

function rarity() {
  return computeRarity(Array.from({ length: 12 }, (_, i) => ({ serial: i + 1, attributes: [{ trait_type: 'Fur', value: i < 3 ? 'Golden' : 'Orange' }] })));
}

const listing = (serial: number, price: number): ListingRecord => ({
  marketplaceListingId: serial,
  serialId: serial,
  sellerAddress: '0.0.5',
  salePrice: price,
  listingDate: '2026-01-01T00:00:00Z',
  nftName: '',
  nftImage: '',
  isAvailableForPurchase: true,
});

function service(overrides: Partial<Parameters<typeof createCollectionService>[0]> = {}) {
  const owners = vi.fn(async () => new Map(Array.from({ length: 10 }, (_, i) => [i + 1, `0.0.${100 + i}`])));
  const ownerOf = vi.fn(async (serial: number) => `0.0.${900 + serial}`);
  const deps = {
    nftTokenId: TOKEN,
    totalSupply: 12,
    minted: 10,
    rarity: async () => rarity(),
    owners,
    ownerOf,
    listings: async () => [listing(4, 20)],
    sales: async (): Promise<SaleRecord[]> => [],
    ...overrides,
  };
  return { svc: createCollectionService(deps), owners, ownerOf };
}

const firstPage = { page: 1, limit: 44, sort: 'serial-asc' as const, search: '', traits: {} };

describe('collection service', () => {
  it('answers the collection response of spec 001 §3', async () => {
    const { svc } = service();
    const answer = await svc.collection(TOKEN, firstPage);
    expect(answer).toMatchObject({
      success: true,
      totalSupply: 12,
      minted: 10,
      totalPages: 1,
      startSerial: 1,
      endSerial: 12,
      total: 12,
      page: 1,
      limit: 44,
      listedCount: 1,
    });
    expect(answer.collectionData[3]?.currentListing?.price).toBe(20);
    expect(answer.collectionData[10]?.owner).toBe('Not Minted');
    expect(answer.traitCounts).toEqual({ Fur: { Golden: 3, Orange: 9 } });
  });

  it('refuses another token with 404', async () => {
    const { svc } = service();
    await expect(svc.collection('0.0.1', firstPage)).rejects.toMatchObject({ code: 'UNKNOWN_COLLECTION' });
    await expect(svc.owner('0.0.1', 1)).rejects.toMatchObject({ code: 'UNKNOWN_COLLECTION' });
  });

  it('degrades a failing market to no listings and no sales, and a failing ledger to 0.0.unknown', async () => {
    const { svc } = service({
      listings: async () => {
        throw new Error('SentX down');
      },
      sales: async () => {
        throw new Error('SentX down');
      },
      owners: async () => {
        throw new Error('mirror down');
      },
    });
    const answer = await svc.collection(TOKEN, firstPage);
    expect(answer.listedCount).toBe(0);
    expect(answer.collectionData.every((entry) => entry.currentListing === null && entry.lastSale === null)).toBe(true);
    expect(answer.collectionData.slice(0, 10).every((entry) => entry.owner === '0.0.unknown')).toBe(true);
    expect(answer.collectionData[11]?.owner).toBe('Not Minted');
  });

  it('shows the PAWS market’s own sales as owners at once, until an owner map read a minute after them is the word', async () => {
    let clock = Date.parse('2026-11-28T12:00:00Z');
    const iso = (ms: number) => new Date(ms).toISOString();
    const mapReadAt = clock;
    const sales = [
      { serial: 3, buyerId: '0.0.777', at: iso(mapReadAt - 5 * 60_000) }, // long before the map was read: it shows it
      { serial: 5, buyerId: '0.0.777', at: iso(mapReadAt - 10_000) }, // just before: the mirror may not show it yet
    ];
    const asked: string[] = [];
    const recentSales = vi.fn(async (since: string) => {
      asked.push(since);
      return sales.filter((sale) => sale.at >= since);
    });
    const { svc, owners } = service({ recentSales, now: () => clock });
    const ownedBy = async (accountId: string) =>
      (await svc.collection(TOKEN, { ...firstPage, search: accountId })).collectionData.map((entry) => [entry.serialNumber, entry.owner]);
    expect(await ownedBy('0.0.777')).toEqual([[5, '0.0.777']]);
    expect(await ownedBy('0.0.104')).toEqual([]);
    // A sale after the map was read, seen on the next read of the sales (2 s later).
    sales.push({ serial: 7, buyerId: '0.0.777', at: iso(clock + 1_000) });
    clock += 2_500;
    await svc.collection(TOKEN, firstPage);
    await tick();
    expect(await ownedBy('0.0.777')).toEqual([
      [5, '0.0.777'],
      [7, '0.0.777'],
    ]);
    expect(await ownedBy('0.0.106')).toEqual([]);
    expect(owners).toHaveBeenCalledTimes(1);
    // The sales asked for reach back as far as an owner map may be old, and a minute more.
    expect(Date.parse(asked[0] as string)).toBe(mapReadAt - 6 * 60_000);
  });

  it('reads the owners in bulk once for many visitors, never per serial', async () => {
    const { svc, owners, ownerOf } = service();
    await Promise.all(Array.from({ length: 20 }, (_, i) => svc.collection(TOKEN, { ...firstPage, page: (i % 3) + 1, limit: 5 })));
    expect(owners).toHaveBeenCalledTimes(1);
    expect(ownerOf).not.toHaveBeenCalled();
  });

  it('a second instance starts from the owners the first one shared, without reading the ledger', async () => {
    let stored: { owners: ReadonlyMap<number, string>; loadedAt: number } | undefined;
    const sharedOwners = {
      read: async () => stored,
      write: async (owners: ReadonlyMap<number, string>, loadedAt: number) => {
        stored = { owners, loadedAt };
      },
    };
    const first = service({ sharedOwners });
    const answer = await first.svc.collection(TOKEN, firstPage);
    expect(first.owners).toHaveBeenCalledTimes(1);
    expect(stored?.owners.size).toBe(10);

    const second = service({ sharedOwners });
    const owners = (response: typeof answer) => response.collectionData.map((entry) => entry.owner);
    expect(owners(await second.svc.collection(TOKEN, firstPage))).toEqual(owners(answer));
    expect(owners(answer).slice(0, 3)).toEqual(['0.0.100', '0.0.101', '0.0.102']);
    expect(second.owners).not.toHaveBeenCalled();
  });

  it('rebuilds the index when a source refreshes in the background', async () => {
    let clock = 0;
    let price = 20;
    const { svc } = service({ now: () => clock, listings: async () => [listing(4, price)] });
    expect((await svc.collection(TOKEN, firstPage)).collectionData[3]?.currentListing?.price).toBe(20);
    price = 15;
    clock = 61_000;
    expect((await svc.collection(TOKEN, firstPage)).collectionData[3]?.currentListing?.price).toBe(20);
    await tick();
    await tick();
    expect((await svc.collection(TOKEN, firstPage)).collectionData[3]?.currentListing?.price).toBe(15);
  });

  it('serves each page as the serialised response, encoded once per index build and never older than the index', async () => {
    let clock = 0;
    let price = 20;
    const { svc } = service({ now: () => clock, listings: async () => [listing(4, price)] });
    const body = await svc.collectionJson(TOKEN, firstPage);
    expect(JSON.parse(body)).toEqual(JSON.parse(JSON.stringify(await svc.collection(TOKEN, firstPage))));
    expect(await svc.collectionJson(TOKEN, { ...firstPage })).toBe(body);
    // The same trait filter in another order is the same page; another page is another body.
    const filtered = { ...firstPage, traits: { Fur: ['Orange', 'Golden'], Eyes: ['Blue'] } };
    const reordered = { ...firstPage, traits: { Eyes: ['Blue'], Fur: ['Golden', 'Orange'] } };
    expect(await svc.collectionJson(TOKEN, reordered)).toBe(await svc.collectionJson(TOKEN, filtered));
    expect(JSON.parse(await svc.collectionJson(TOKEN, { ...firstPage, limit: 5, page: 2 })).startSerial).toBe(6);
    price = 15;
    clock = 61_000;
    await svc.collectionJson(TOKEN, firstPage);
    await tick();
    await tick();
    const refreshed = JSON.parse(await svc.collectionJson(TOKEN, firstPage)) as { collectionData: { currentListing: { price: number } | null }[] };
    expect(refreshed.collectionData[3]?.currentListing?.price).toBe(15);
    await expect(svc.collectionJson('0.0.1', firstPage)).rejects.toMatchObject({ code: 'UNKNOWN_COLLECTION' });
  });

  it("looks one owner up: 'Not Minted' above 3328, the bulk map when loaded, else one ledger read, '0.0.unknown' on failure", async () => {
    const { svc, ownerOf } = service({ minted: 10 });
    expect(await svc.owner(TOKEN, 11)).toEqual({ serial: 11, owner: 'Not Minted' });
    expect(await svc.owner(TOKEN, 2)).toEqual({ serial: 2, owner: '0.0.902' });
    expect(await svc.owner(TOKEN, 2)).toEqual({ serial: 2, owner: '0.0.902' });
    expect(ownerOf).toHaveBeenCalledTimes(1);
    await svc.collection(TOKEN, firstPage);
    expect(await svc.owner(TOKEN, 3)).toEqual({ serial: 3, owner: '0.0.102' });

    const failing = service({
      ownerOf: async () => {
        throw new Error('mirror down');
      },
    });
    expect(await failing.svc.owner(TOKEN, 5)).toEqual({ serial: 5, owner: '0.0.unknown' });
    const missing = service({ ownerOf: async () => null });
    expect(await missing.svc.owner(TOKEN, 5)).toEqual({ serial: 5, owner: 'Not Minted' });
  });
});
