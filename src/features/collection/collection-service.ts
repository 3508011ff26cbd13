import { DomainError } from '@/lib/domain-error';
import { log } from '@/platform/log';
import { createTtlCache } from '@/platform/ttl-cache';
import type { ListingRecord, SaleRecord } from '@/features/hbar-market/market-port';
import type { RarityDataset } from '@/features/tiger/rarity';
import { type CollectionIndex, type DisplayInfo, type StaticIndex, buildCollectionIndex, buildStaticIndex, queryCollection } from './collection-index';
import { MINTED, TOTAL_SUPPLY } from '@/features/tiger/supply';
import { COLLECTION_PAGE_SIZE, NOT_MINTED, SORT_KEYS, type SortKey, type TraitSelection, UNKNOWN_OWNER, parseSearch } from './collection-rules';
import type { CollectionResponse, OwnerResponse } from './collection-types';
import { type RefreshingValue, type RefreshingValueOptions, type Snapshot, createRefreshingValue } from './refreshing-value';

const MINUTE_MS = 60_000;

/** How long each source is fresh, how soon a failed load is retried, how long the first readers wait. */
export const COLLECTION_FRESHNESS = {
  /** Spec 001 §9: rarity data fresh 30 minutes. */
  rarity: { ttlMs: 30 * MINUTE_MS, retryMs: MINUTE_MS, firstWaitMs: 10_000 },
  /** Spec 001 §9: owner lookups fresh 5 minutes. */
  owners: { ttlMs: 5 * MINUTE_MS, retryMs: 30_000, firstWaitMs: 8_000 },
  /** Spec 001 §9: market listings polled every 60 s. */
  listings: { ttlMs: MINUTE_MS, retryMs: 15_000, firstWaitMs: 5_000 },
  sales: { ttlMs: MINUTE_MS, retryMs: 15_000, firstWaitMs: 5_000 },
  /** The app's own records of the tigers sold (both markets), laid over the owner map: read again for the next page view after 2 s. */
  recentSales: { ttlMs: 2_000, retryMs: 5_000, firstWaitMs: 1_000 },
} as const;

/**
 * A sale this long before the owner map was read may still be missing from it (the mirror node shows a
 * transaction 5-15 s after consensus on mainnet): such sales are laid over the map too.
 */
const OWNER_MAP_CATCH_UP_MS = MINUTE_MS;

/** A tiger sold on either market, as the app's records say: to whom, and when (ISO). */
export interface RecentSale {
  serial: number;
  buyerId: string;
  at: string;
}

export interface CollectionServiceDeps {
  nftTokenId: string;
  totalSupply?: number;
  minted?: number;
  /** The rarity dataset of every serial. */
  rarity: () => Promise<RarityDataset>;
  /** Names and images of every serial at once, where a cheap source has them (the sandbox catalog). */
  display?: (totalSupply: number) => Promise<ReadonlyMap<number, DisplayInfo>>;
  /** Owner of every existing serial, in bulk (all mirror node pages). */
  owners: () => Promise<ReadonlyMap<number, string>>;
  /** Where instances share the bulk owner map (owners-snapshot-store.ts), so a cold start need not reload it. */
  sharedOwners?: {
    read(): Promise<{ owners: ReadonlyMap<number, string>; loadedAt: number } | undefined>;
    write(owners: ReadonlyMap<number, string>, loadedAt: number): Promise<void>;
  };
  /** Owner of one serial; null when it does not exist. */
  ownerOf: (serial: number) => Promise<string | null>;
  /** Current HBAR listings of the collection. */
  listings: () => Promise<ListingRecord[]>;
  /** Recent HBAR sales of the collection. */
  sales: () => Promise<SaleRecord[]>;
  /** The tigers sold at or after `since` (ISO), as the app's records say, oldest first: shown as owners before the owner map shows them. */
  recentSales?: (since: string) => Promise<RecentSale[]>;
  now?: () => number;
  freshness?: typeof COLLECTION_FRESHNESS;
}

export interface CollectionQuery {
  page: number;
  limit: number;
  sort: SortKey;
  search: string;
  traits: TraitSelection;
}

const EMPTY_RARITY: RarityDataset = { rarityData: {}, stats: { totalNFTs: 0, coveragePercentage: 0 } };

/** Serialised pages kept per index build (about 40 KB each): past this, the oldest half is dropped. */
const PAGE_CACHE_BYTES = 24 * 1024 * 1024;

/** The keys of frozen queries: the API validates each distinct URL once and hands every request for it the same query, frozen all through (validate.ts). */
const frozenQueryKeys = new WeakMap<CollectionQuery, string>();

function pageKey(query: CollectionQuery): string {
  if (!Object.isFrozen(query)) return queryKey(query);
  let key = frozenQueryKeys.get(query);
  if (key === undefined) {
    key = queryKey(query);
    frozenQueryKeys.set(query, key);
  }
  return key;
}

/** A query's cache key: every field the response depends on, trait values in a stable order. */
function queryKey(query: CollectionQuery): string {
  const traits = Object.keys(query.traits)
    .sort()
    .map((type) => [type, [...(query.traits[type] ?? [])].sort()]);
  return JSON.stringify([query.page, query.limit, query.sort, query.search, traits]);
}

/**
 * Serialised response bodies of one index build, keyed by query: a new build starts an empty
 * cache (so a body never outlives the data it shows), and `prepare` encodes the first page of
 * every sort at once, off the request path.
 */
function createPageCache(render: (index: CollectionIndex, query: CollectionQuery) => string) {
  let built: CollectionIndex | undefined;
  let bodies = new Map<string, string>();
  let bytes = 0;

  function forIndex(index: CollectionIndex): Map<string, string> {
    if (built !== index) {
      built = index;
      bodies = new Map();
      bytes = 0;
    }
    return bodies;
  }

  function body(index: CollectionIndex, query: CollectionQuery): string {
    const cached = forIndex(index);
    const key = pageKey(query);
    let text = cached.get(key);
    if (text === undefined) {
      text = render(index, query);
      if (bytes + text.length > PAGE_CACHE_BYTES) {
        for (const [oldKey, oldText] of [...cached].slice(0, Math.ceil(cached.size / 2))) {
          cached.delete(oldKey);
          bytes -= oldText.length;
        }
      }
      cached.set(key, text);
      bytes += text.length;
    }
    return text;
  }

  return {
    body,
    /** Encodes the first page of every sort (the default view of each) for a new build. */
    prepare(index: CollectionIndex): void {
      for (const sort of SORT_KEYS) body(index, { page: 1, limit: COLLECTION_PAGE_SIZE, sort, search: '', traits: {} });
    },
  };
}

/**
 * The collection browser's data: an in-memory index of the whole collection over sources that
 * refresh in bulk in the background (rarity, names, owners, listings, sales), so a request never
 * waits on the ledger or the market once the index exists, and never costs a request per serial.
 * Market or ledger failures degrade to "no listing / no last sale" and '0.0.unknown' owners.
 */
export function createCollectionService(deps: CollectionServiceDeps) {
  const { nftTokenId, display, totalSupply = TOTAL_SUPPLY, minted = MINTED, now = Date.now, freshness = COLLECTION_FRESHNESS } = deps;

  function source<T>(
    what: string,
    load: () => Promise<T>,
    settings: { ttlMs: number; retryMs: number; firstWaitMs: number },
    sharing: Pick<RefreshingValueOptions<T>, 'seed' | 'publish'> = {},
  ): RefreshingValue<T> {
    return createRefreshingValue({
      load,
      ...settings,
      ...sharing,
      now,
      onError: (error) => log.warn(`collection: ${what} unavailable, serving the last good copy`, { error }),
    });
  }
  const shared = deps.sharedOwners;

  const sources = {
    rarity: source(
      'rarity',
      async () => {
        const dataset = await deps.rarity();
        if (!Object.keys(dataset.rarityData).length) throw new Error('the rarity dataset is empty');
        return dataset;
      },
      freshness.rarity,
    ),
    display: display ? source('names and images', () => display(totalSupply), freshness.rarity) : undefined,
    owners: source(
      'owners',
      deps.owners,
      freshness.owners,
      shared && {
        seed: async () => {
          const snapshot = await shared.read();
          return snapshot && { value: snapshot.owners, loadedAt: snapshot.loadedAt };
        },
        publish: (owners, loadedAt) => shared.write(owners, loadedAt),
      },
    ),
    listings: source('listings', deps.listings, freshness.listings),
    sales: source('sales', deps.sales, freshness.sales),
    recent: deps.recentSales ? source('recent sales', recentSalesLoader(deps.recentSales), freshness.recentSales) : undefined,
  };

  /**
   * Reads the sales an owner map as old as the owners' freshness may not show yet; the very same array while they
   * are the same sales, so that the index is rebuilt only when one is added or ages out.
   */
  function recentSalesLoader(read: (since: string) => Promise<RecentSale[]>): () => Promise<readonly RecentSale[]> {
    let last: { key: string; sales: readonly RecentSale[] } | undefined;
    return async () => {
      const sales = await read(new Date(now() - freshness.owners.ttlMs - OWNER_MAP_CATCH_UP_MS).toISOString());
      const key = sales.map((sale) => `${sale.serial} ${sale.buyerId} ${sale.at}`).join();
      if (last?.key !== key) last = { key, sales };
      return last.sales;
    };
  }

  let base: { key: string; index: StaticIndex } | undefined;
  let live: { key: string; snapshots: Snapshots; index: CollectionIndex } | undefined;

  type Snapshots = {
    rarity?: Snapshot<RarityDataset> | undefined;
    display?: Snapshot<ReadonlyMap<number, DisplayInfo>> | undefined;
    owners?: Snapshot<ReadonlyMap<number, string>> | undefined;
    listings?: Snapshot<ListingRecord[]> | undefined;
    sales?: Snapshot<SaleRecord[]> | undefined;
    recent?: Snapshot<readonly RecentSale[]> | undefined;
  };

  /** A source's snapshot is replaced, never changed, when it reloads: the same six snapshots make the same index. */
  const sameSnapshots = (a: Snapshots, b: Snapshots): boolean =>
    a.rarity === b.rarity && a.display === b.display && a.owners === b.owners && a.listings === b.listings && a.sales === b.sales && a.recent === b.recent;

  /** The owner map with the sales it may not show yet laid over it: each tiger's latest buyer. */
  function ownersAfterSales(owners: Snapshot<ReadonlyMap<number, string>> | undefined, recent: readonly RecentSale[] = []): ReadonlyMap<number, string> | null {
    if (!owners) return null;
    const unshown = recent.filter((sale) => Date.parse(sale.at) > owners.loadedAt - OWNER_MAP_CATCH_UP_MS && sale.serial <= minted);
    if (!unshown.length) return owners.value;
    const after = new Map(owners.value);
    for (const sale of unshown) after.set(sale.serial, sale.buyerId);
    return after;
  }

  /** The index of these snapshots, rebuilt only for the parts whose sources changed. */
  function assemble(snapshots: Snapshots): CollectionIndex {
    if (live && sameSnapshots(live.snapshots, snapshots)) return live.index;
    const baseKey = `${snapshots.rarity?.version ?? 0}:${snapshots.display?.version ?? 0}`;
    if (base?.key !== baseKey) {
      const names = snapshots.display?.value;
      base = {
        key: baseKey,
        index: buildStaticIndex({ totalSupply, rarity: snapshots.rarity?.value ?? EMPTY_RARITY, display: names ? (serial) => names.get(serial) : undefined }),
      };
    }
    const liveKey = `${baseKey}:${snapshots.owners?.version ?? 0}:${snapshots.listings?.version ?? 0}:${snapshots.sales?.version ?? 0}:${snapshots.recent?.version ?? 0}`;
    if (live?.key !== liveKey) {
      const index = buildCollectionIndex(
        base.index,
        { owners: ownersAfterSales(snapshots.owners, snapshots.recent?.value), listings: snapshots.listings?.value ?? [], sales: snapshots.sales?.value ?? [] },
        { tokenId: nftTokenId, minted, now: now() },
      );
      live = { key: liveKey, snapshots, index };
    } else live.snapshots = snapshots;
    return live.index;
  }

  /** After a background refresh, the index is rebuilt at once, off the request path. */
  let rebuildScheduled = false;
  const rebuildSoon = () => {
    if (rebuildScheduled || !live) return;
    rebuildScheduled = true;
    setImmediate(() => {
      rebuildScheduled = false;
      const index = assemble({
        rarity: sources.rarity.peek(),
        display: sources.display?.peek(),
        owners: sources.owners.peek(),
        listings: sources.listings.peek(),
        sales: sources.sales.peek(),
        recent: sources.recent?.peek(),
      });
      pages.prepare(index);
    });
  };
  for (const value of Object.values(sources)) value?.onChange(rebuildSoon);

  /** The index of the sources' copies, at once when every source has one (the common case: a request then waits on nothing). */
  function currentIndex(): CollectionIndex | Promise<CollectionIndex> {
    const snapshots = {
      rarity: sources.rarity.read(),
      display: sources.display?.read(),
      owners: sources.owners.read(),
      listings: sources.listings.read(),
      sales: sources.sales.read(),
      recent: sources.recent?.read(),
    };
    const complete =
      snapshots.rarity &&
      (!sources.display || snapshots.display) &&
      snapshots.owners &&
      snapshots.listings &&
      snapshots.sales &&
      (!sources.recent || snapshots.recent);
    return complete ? assemble(snapshots) : loadedIndex();
  }

  /** The index once each source has answered (its first load, or its wait for one, may take a while). */
  async function loadedIndex(): Promise<CollectionIndex> {
    const [rarity, display, owners, listings, sales, recent] = await Promise.all([
      sources.rarity.get(),
      sources.display?.get(),
      sources.owners.get(),
      sources.listings.get(),
      sources.sales.get(),
      sources.recent?.get(),
    ]);
    return assemble({ rarity, display, owners, listings, sales, recent });
  }

  function requireCollection(tokenId: string): void {
    if (tokenId !== nftTokenId) throw new DomainError('UNKNOWN_COLLECTION', `Collection ${tokenId} is not known here`);
  }

  const singleOwners = createTtlCache<string>(freshness.owners.ttlMs, { now, maxEntries: 5_000 });

  function pageResponse(index: CollectionIndex, query: CollectionQuery): CollectionResponse {
    const page = queryCollection(index, { page: query.page, limit: query.limit, sort: query.sort, search: parseSearch(query.search), traits: query.traits });
    return {
      success: true,
      collectionData: page.entries,
      totalSupply,
      minted,
      totalPages: page.totalPages,
      startSerial: page.startSerial,
      endSerial: page.endSerial,
      total: page.total,
      page: query.page,
      limit: query.limit,
      sort: query.sort,
      search: query.search,
      traitCounts: page.traitCounts,
      listedCount: index.listedCount,
      updatedAt: new Date(index.builtAt).toISOString(),
    };
  }

  const pages = createPageCache((index, query) => JSON.stringify(pageResponse(index, query)));

  return {
    /** Spec 001 §3 collection response: one page for a sort, search and trait filter, with facet counts. */
    async collection(tokenId: string, query: CollectionQuery): Promise<CollectionResponse> {
      requireCollection(tokenId);
      return pageResponse(await currentIndex(), query);
    },

    /**
     * The same response serialised, from the page cache of the current index: each page is
     * queried and encoded once per index build (the first page of every sort before anyone asks).
     */
    async collectionJson(tokenId: string, query: CollectionQuery): Promise<string> {
      requireCollection(tokenId);
      return pages.body(await currentIndex(), query);
    },

    /**
     * Spec 001 §3 owner lookup: 'Not Minted' above the minted serials, '0.0.unknown' when the
     * ledger fails. Served from the bulk owner map when it is loaded, else one cached lookup.
     */
    async owner(tokenId: string, serial: number): Promise<OwnerResponse> {
      requireCollection(tokenId);
      if (serial > minted) return { serial, owner: NOT_MINTED };
      const bulk = sources.owners.peek()?.value.get(serial);
      if (bulk) return { serial, owner: bulk };
      try {
        const owner = await singleOwners.get(String(serial), async () => (await deps.ownerOf(serial)) ?? NOT_MINTED);
        return { serial, owner };
      } catch (error) {
        log.warn('collection: owner lookup failed', { serial, error });
        return { serial, owner: UNKNOWN_OWNER };
      }
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
