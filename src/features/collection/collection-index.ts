/**
 * The collection browser's in-memory index: every serial with its name, image, rarity and traits
 * (the static part, rebuilt when the rarity data changes), joined with owners, current HBAR
 * listings and last sales (the live part, rebuilt when those refresh), with every sort order
 * precomputed. A query is then one pass over one precomputed order: search, trait filters, facet
 * counts and the page slice, in well under a millisecond for 3,333 tigers. Pure.
 */
import type { ListingRecord, SaleRecord } from '@/features/hbar-market/market-port';
import { type RarityDataset, normaliseTraitText } from '@/features/tiger/rarity';
import type { CollectionEntry, EntryListing, EntrySale, EntryTrait, TraitCounts } from './collection-types';
import { NOT_MINTED, type SearchQuery, type SortKey, type TraitSelection, UNKNOWN_OWNER, pageCount } from './collection-rules';

export interface DisplayInfo {
  name?: string | undefined;
  image?: string | null | undefined;
}

interface TraitType {
  /** As the metadata spells it (first seen). */
  label: string;
  /** Value labels by value id. */
  values: string[];
  valueIds: Map<string, number>;
  /** Value ids in the order the facets list them (by label). */
  sortedValueIds: number[];
}

interface Row {
  serial: number;
  name: string;
  image: string | null;
  rarityRank: number | null;
  rarityPct: number | null;
  rarityScore: number | null;
  traits: EntryTrait[];
  /** Value id per trait type index; -1 where the tiger lacks the trait. */
  traitValues: Int32Array;
  /** Lower-case name and trait values, separated by \u0001, for text search. */
  haystack: string;
}

export interface StaticIndex {
  totalSupply: number;
  rows: Row[];
  traitTypes: TraitType[];
  typeIds: Map<string, number>;
  orders: { 'serial-asc': Int32Array; 'serial-desc': Int32Array; rarity: Int32Array };
}

export interface LiveSources {
  /** Serial -> owner account id; null when the ledger could not be read. */
  owners: ReadonlyMap<number, string> | null;
  listings: readonly ListingRecord[];
  sales: readonly SaleRecord[];
}

export interface CollectionIndex {
  base: StaticIndex;
  tokenId: string;
  minted: number;
  /** The response entry of each row (shared, never mutated). */
  entries: CollectionEntry[];
  owners: string[];
  orders: Record<SortKey, Int32Array>;
  listedCount: number;
  builtAt: number;
}

const SEPARATOR = '\u0001';

function indexOrder(length: number, compare: (a: number, b: number) => number): Int32Array {
  const order = Int32Array.from({ length }, (_, index) => index);
  return order.sort(compare);
}

/**
 * The static part: rows 1..totalSupply with rarity, traits, names and images. `display` gives a
 * serial's name and image where known (defaults: 'Wild Tiger #N', no image).
 */
export function buildStaticIndex(input: { totalSupply: number; rarity: RarityDataset; display?: (serial: number) => DisplayInfo | undefined }): StaticIndex {
  const { totalSupply, rarity, display } = input;
  const traitTypes: TraitType[] = [];
  const typeIds = new Map<string, number>();
  const serialTraits: EntryTrait[][] = [];

  for (let serial = 1; serial <= totalSupply; serial++) {
    const traits = rarity.rarityData[String(serial)]?.traits ?? [];
    serialTraits.push(traits);
    for (const trait of traits) {
      const typeKey = normaliseTraitText(trait.trait_type);
      let typeId = typeIds.get(typeKey);
      if (typeId === undefined) {
        typeId = traitTypes.length;
        typeIds.set(typeKey, typeId);
        traitTypes.push({ label: trait.trait_type, values: [], valueIds: new Map(), sortedValueIds: [] });
      }
      const type = traitTypes[typeId] as TraitType;
      const valueKey = normaliseTraitText(trait.value);
      if (!type.valueIds.has(valueKey)) {
        type.valueIds.set(valueKey, type.values.length);
        type.values.push(trait.value);
      }
    }
  }

  for (const type of traitTypes) {
    type.sortedValueIds = type.values.map((_, valueId) => valueId).sort((a, b) => (type.values[a] as string).localeCompare(type.values[b] as string));
  }

  const rows: Row[] = serialTraits.map((traits, index) => {
    const serial = index + 1;
    const entry = rarity.rarityData[String(serial)];
    const shown = display?.(serial);
    const name = shown?.name || `Wild Tiger #${serial}`;
    const traitValues = new Int32Array(traitTypes.length).fill(-1);
    for (const trait of traits) {
      const typeId = typeIds.get(normaliseTraitText(trait.trait_type)) as number;
      if (traitValues[typeId] === -1) traitValues[typeId] = traitTypes[typeId]?.valueIds.get(normaliseTraitText(trait.value)) ?? -1;
    }
    return {
      serial,
      name,
      image: shown?.image || null,
      rarityRank: entry?.rarityRank ?? null,
      rarityPct: entry?.rarityPct ?? null,
      rarityScore: entry?.rarityScore ?? null,
      traits: traits.map((trait) => ({ trait_type: trait.trait_type, value: trait.value })),
      traitValues,
      haystack: [name, ...traits.map((trait) => trait.value)].join(SEPARATOR).toLowerCase(),
    };
  });

  const n = rows.length;
  const rankOf = (index: number) => rows[index]?.rarityRank ?? Number.POSITIVE_INFINITY;
  return {
    totalSupply,
    rows,
    traitTypes,
    typeIds,
    orders: {
      'serial-asc': Int32Array.from({ length: n }, (_, index) => index),
      'serial-desc': Int32Array.from({ length: n }, (_, index) => n - 1 - index),
      rarity: indexOrder(n, (a, b) => rankOf(a) - rankOf(b) || a - b),
    },
  };
}

/** Each serial's cheapest available listing. */
function listingsBySerial(listings: readonly ListingRecord[]): Map<number, EntryListing> {
  const bySerial = new Map<number, EntryListing>();
  for (const listing of listings) {
    if (!listing.isAvailableForPurchase || !Number.isFinite(listing.salePrice)) continue;
    const serial = listing.serialId ?? listing.nftSerialId;
    const known = bySerial.get(serial);
    if (known && known.price <= listing.salePrice) continue;
    bySerial.set(serial, {
      price: listing.salePrice,
      listingDate: listing.listingDate,
      marketplaceListingId: listing.marketplaceListingId,
      sellerAddress: listing.sellerAddress,
    });
  }
  return bySerial;
}

/** Each serial's most recent sale. */
function lastSalesBySerial(sales: readonly SaleRecord[]): Map<number, EntrySale> {
  const bySerial = new Map<number, EntrySale & { at: number }>();
  for (const sale of sales) {
    const at = Date.parse(sale.saleDate);
    const known = bySerial.get(sale.nftSerialId);
    if (known && !(at > known.at)) continue;
    bySerial.set(sale.nftSerialId, { price: sale.salePrice, date: sale.saleDate, buyer: sale.buyerAddress, at: Number.isFinite(at) ? at : -Infinity });
  }
  return new Map([...bySerial].map(([serial, { at: _at, ...sale }]) => [serial, sale]));
}

/** Market names and images for serials the catalog left without one. */
function marketDisplay(sources: LiveSources): Map<number, DisplayInfo> {
  const shown = new Map<number, DisplayInfo>();
  for (const record of [...sources.sales, ...sources.listings]) {
    const serial = 'serialId' in record ? record.serialId : record.nftSerialId;
    if (!shown.has(serial) && (record.nftName || record.nftImage)) shown.set(serial, { name: record.nftName, image: record.nftImage });
  }
  return shown;
}

/** The live part: owners, listings and last sales joined to the static rows, with the price orders. */
export function buildCollectionIndex(base: StaticIndex, sources: LiveSources, options: { tokenId: string; minted: number; now?: number }): CollectionIndex {
  const listings = listingsBySerial(sources.listings);
  const sales = lastSalesBySerial(sources.sales);
  const fromMarket = marketDisplay(sources);
  const owners = base.rows.map((row) => {
    if (row.serial > options.minted) return NOT_MINTED;
    return sources.owners?.get(row.serial) ?? UNKNOWN_OWNER;
  });
  const entries = base.rows.map((row, index): CollectionEntry => {
    const market = row.image ? undefined : fromMarket.get(row.serial);
    const name = market?.name && row.name === `Wild Tiger #${row.serial}` ? market.name : row.name;
    const image = row.image ?? (market?.image || null);
    return {
      tokenId: options.tokenId,
      serialId: row.serial,
      serialNumber: row.serial,
      name,
      nftName: name,
      image,
      nftImage: image,
      owner: owners[index] as string,
      rarityRank: row.rarityRank,
      rarityPct: row.rarityPct,
      rarityScore: row.rarityScore,
      traits: row.traits,
      currentListing: listings.get(row.serial) ?? null,
      lastSale: sales.get(row.serial) ?? null,
    };
  });

  const price = (index: number) => entries[index]?.currentListing?.price;
  const listed = base.orders['serial-asc'].filter((index) => price(index) !== undefined);
  const unlisted = base.orders['serial-asc'].filter((index) => price(index) === undefined);
  const byPrice = (direction: 1 | -1) => {
    const sorted = Int32Array.from(listed).sort((a, b) => direction * ((price(a) as number) - (price(b) as number)) || a - b);
    const order = new Int32Array(base.rows.length);
    order.set(sorted, 0);
    order.set(unlisted, sorted.length);
    return order;
  };

  return {
    base,
    tokenId: options.tokenId,
    minted: options.minted,
    entries,
    owners,
    orders: { ...base.orders, 'price-low': byPrice(1), 'price-high': byPrice(-1) },
    listedCount: listed.length,
    builtAt: options.now ?? Date.now(),
  };
}

export interface IndexQuery {
  page: number;
  limit: number;
  sort: SortKey;
  search: SearchQuery;
  traits: TraitSelection;
}

export interface IndexPage {
  entries: CollectionEntry[];
  total: number;
  totalPages: number;
  startSerial: number | null;
  endSerial: number | null;
  traitCounts: TraitCounts;
}

/** The active filters as per-type value masks; a type the collection lacks can never match. */
function filterMasks(base: StaticIndex, selection: TraitSelection): { typeId: number; mask: Uint8Array | null }[] {
  const byType = new Map<number, Uint8Array | null>();
  let unknownType = -2;
  for (const [type, values] of Object.entries(selection)) {
    if (!values.length) continue;
    const typeId = base.typeIds.get(normaliseTraitText(type));
    if (typeId === undefined) {
      byType.set(unknownType--, null);
      continue;
    }
    const traitType = base.traitTypes[typeId] as TraitType;
    const mask = byType.get(typeId) ?? new Uint8Array(traitType.values.length);
    for (const value of values) {
      const valueId = traitType.valueIds.get(normaliseTraitText(value));
      if (valueId !== undefined) mask[valueId] = 1;
    }
    byType.set(typeId, mask);
  }
  return [...byType].map(([typeId, mask]) => ({ typeId, mask }));
}

function searchMatcher(index: CollectionIndex, search: SearchQuery): (row: number) => boolean {
  switch (search.kind) {
    case 'all':
      return () => true;
    case 'serial':
      return (row) => row === search.serial - 1;
    case 'owner':
      return (row) => index.owners[row] === search.accountId;
    case 'text': {
      const rows = index.base.rows;
      return (row) => (rows[row] as Row).haystack.includes(search.text);
    }
  }
}

/**
 * One page of the collection for a sort, search and trait filter, with facet counts: for each
 * trait type, how many tigers matching the search match every active filter except that type's.
 */
export function queryCollection(index: CollectionIndex, query: IndexQuery): IndexPage {
  const { base } = index;
  const rows = base.rows;
  const matches = searchMatcher(index, query.search);
  const filters = filterMasks(base, query.traits);
  const counts = base.traitTypes.map((type) => new Uint32Array(type.values.length));
  const typeCount = base.traitTypes.length;
  const first = (query.page - 1) * query.limit;
  const last = first + query.limit;
  const page: number[] = [];
  let total = 0;

  const pin = query.search.kind === 'text' && query.search.pinSerial !== null ? query.search.pinSerial - 1 : -1;
  const pinned = pin >= 0 && pin < rows.length && matches(pin) ? pin : -1;

  const visit = (row: number) => {
    const values = (rows[row] as Row).traitValues;
    let failed = 0;
    let failedType = -1;
    for (const { typeId, mask } of filters) {
      const value = typeId >= 0 ? (values[typeId] as number) : -1;
      if (mask === null || value < 0 || mask[value] !== 1) {
        failed++;
        failedType = typeId;
        if (failed > 1) return;
      }
    }
    if (failed === 0) {
      for (let typeId = 0; typeId < typeCount; typeId++) {
        const value = values[typeId] as number;
        if (value >= 0) {
          const typeCounts = counts[typeId] as Uint32Array;
          typeCounts[value] = (typeCounts[value] as number) + 1;
        }
      }
      if (total >= first && total < last) page.push(row);
      total++;
    } else if (failedType >= 0) {
      const value = values[failedType] as number;
      if (value >= 0) {
        const typeCounts = counts[failedType] as Uint32Array;
        typeCounts[value] = (typeCounts[value] as number) + 1;
      }
    }
  };

  if (pinned >= 0) visit(pinned);
  const order = index.orders[query.sort];
  for (let position = 0; position < order.length; position++) {
    const row = order[position] as number;
    if (row !== pinned && matches(row)) visit(row);
  }

  // Built with fromEntries: a trait may be called '__proto__' or 'constructor'.
  const traitCounts: TraitCounts = Object.fromEntries(
    base.traitTypes.map((type, typeId) => {
      const typeCounts = counts[typeId] as Uint32Array;
      return [type.label, Object.fromEntries(type.sortedValueIds.map((valueId) => [type.values[valueId] as string, typeCounts[valueId] as number]))];
    }),
  );

  const entries = page.map((row) => index.entries[row] as CollectionEntry);
  return {
    entries,
    total,
    totalPages: pageCount(total, query.limit),
    startSerial: entries[0]?.serialId ?? null,
    endSerial: entries.at(-1)?.serialId ?? null,
    traitCounts,
  };
}
