/**
 * The HBAR marketplace's pure parts (spec 000 §2-§5, §9): the records the API answers with, the
 * NFT card built from a sale or a listing joined with the current listings and the rarity data,
 * the card label, the hour-based age, the listings sort and the pagination arithmetic.
 */
import type { RarityTier } from '@/features/tiger/tiers';
import type { RarityRank, Trait } from '@/features/tiger/rarity';
import { tierByPercentile } from '@/features/tiger/tiers';
import type { ListingRecord, SaleRecord } from './market-port';
import { formatCount } from '@/lib/format';

export type { ListingRecord, SaleRecord };

/** Spec 000 §9. */
export const MARKET_PAGE_SIZE = 25;
export const SALES_FETCH_LIMIT = 100;
export const LISTINGS_FETCH_LIMIT = 1000;
export const SKELETON_CARDS = 12;

/** Rank and percentile of every serial (GET /api/collection/hedera-rarity/{token}?fields=rank), by serial. */
export type RarityMap = Record<string, RarityRank | undefined>;

export interface CurrentListing {
  price: number;
  listingDate: string;
  marketplaceListingId: string;
  sellerAddress: string | null;
}

/** Spec 000 §3 NFT card. */
export interface NftCardModel {
  serialId: number;
  name: string;
  image: string | null;
  metadata: string | null;
  rarityRank: number | null;
  /** A fraction (0.01 = top 1 %). */
  rarityPct: number | null;
  lastSalePrice: number | null;
  lastSaleDate: string | null;
  buyerAddress: string | null;
  sellerAddress: string | null;
  currentListing: CurrentListing | null;
  salesCount: number;
  attributes: Trait[];
}

export type CardLabel = 'LISTING' | 'SALE' | 'UNLISTED';

/** Spec 000 §2: LISTING with a current listing, SALE with only a last sale price, UNLISTED otherwise. */
export function cardLabel(card: Pick<NftCardModel, 'currentListing' | 'lastSalePrice'>): CardLabel {
  if (card.currentListing) return 'LISTING';
  if (card.lastSalePrice !== null && card.lastSalePrice !== undefined) return 'SALE';
  return 'UNLISTED';
}

/** Spec 000 §4: the tier by percentile (rarityPct × 100, or serial / 3333 × 100); Unknown without a rank. */
export function cardTier(card: Pick<NftCardModel, 'rarityRank' | 'rarityPct' | 'serialId'>): RarityTier {
  return tierByPercentile({ rarityRank: card.rarityRank, rarityPct: card.rarityPct, serial: card.serialId });
}

const HOUR_MS = 3_600_000;
/** Up to this many hours an age reads in hours ('48h ago'); beyond it in days ('3d ago'). */
export const AGE_HOURS_MAX = 48;

/**
 * Spec 000 §2: an hour-based age such as '5h ago' ('Just now' within the hour), in days once past
 * 48 h ('3d ago'); '' for a bad date.
 */
export function ageText(date: string | null | undefined, now: number = Date.now()): string {
  if (!date) return '';
  const time = Date.parse(date);
  if (!Number.isFinite(time)) return '';
  const hours = Math.floor(Math.max(0, now - time) / HOUR_MS);
  if (hours < 1) return 'Just now';
  if (hours <= AGE_HOURS_MAX) return `${hours}h ago`;
  return `${formatCount(Math.floor(hours / 24))}d ago`;
}

/** The date the card's age is counted from: the listing's while listed, else the last sale's. */
export function cardDate(card: Pick<NftCardModel, 'currentListing' | 'lastSaleDate'>): string | null {
  return card.currentListing?.listingDate ?? card.lastSaleDate ?? null;
}

/** The price a card shows: the listing price while listed, else the last sale price. */
export function cardPrice(card: Pick<NftCardModel, 'currentListing' | 'lastSalePrice'>): number | null {
  return card.currentListing?.price ?? card.lastSalePrice ?? null;
}

/** The attributes of HIP-412 metadata text: `attributes`, or `props`/`properties` (a list or a map). */
export function parseAttributes(metadata: string | null | undefined): Trait[] {
  if (!metadata) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== 'object') return [];
  const record = parsed as Record<string, unknown>;
  const source = record.attributes ?? record.props ?? record.properties;
  if (Array.isArray(source)) {
    return source.flatMap((entry) => {
      if (!entry || typeof entry !== 'object') return [];
      const { trait_type: type, value } = entry as Record<string, unknown>;
      if (typeof type !== 'string' || value === null || value === undefined || typeof value === 'object') return [];
      return [{ trait_type: type, value: String(value) }];
    });
  }
  if (source && typeof source === 'object') {
    return Object.entries(source as Record<string, unknown>).flatMap(([type, value]) =>
      value === null || value === undefined || typeof value === 'object' ? [] : [{ trait_type: type, value: String(value) }],
    );
  }
  return [];
}

/** A listing's serial (SentX names it serialId, some answers nftSerialId). */
export function listingSerial(listing: ListingRecord): number {
  return Number(listing.serialId ?? listing.nftSerialId);
}

function toCurrentListing(listing: ListingRecord): CurrentListing {
  return {
    price: Number(listing.salePrice),
    listingDate: listing.listingDate,
    marketplaceListingId: String(listing.marketplaceListingId),
    sellerAddress: listing.sellerAddress ?? null,
  };
}

function finiteOrNull(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(Number(value)) ? null : Number(value);
}

function tigerName(name: string | null | undefined, serial: number): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : `Wild Tiger #${serial}`;
}

/** The newest listing of each serial (a serial can only be listed once, but be safe). */
function listingsBySerial(listings: readonly ListingRecord[]): Map<number, ListingRecord> {
  const bySerial = new Map<number, ListingRecord>();
  for (const listing of listings) {
    const serial = listingSerial(listing);
    if (!Number.isInteger(serial)) continue;
    const known = bySerial.get(serial);
    if (!known || Date.parse(listing.listingDate) > Date.parse(known.listingDate)) bySerial.set(serial, listing);
  }
  return bySerial;
}

/** Sales of each serial, newest first (the feed is newest first; sorted again to be safe). */
function salesBySerial(sales: readonly SaleRecord[]): Map<number, SaleRecord[]> {
  const bySerial = new Map<number, SaleRecord[]>();
  for (const sale of sales) {
    const list = bySerial.get(sale.nftSerialId) ?? [];
    list.push(sale);
    bySerial.set(sale.nftSerialId, list);
  }
  for (const list of bySerial.values()) list.sort((a, b) => Date.parse(b.saleDate) - Date.parse(a.saleDate));
  return bySerial;
}

/**
 * One card per sale, newest sale first, each joined with the current listing of its serial (a
 * sold tiger that was listed again shows LISTING) and enriched with the rarity of its serial.
 */
export function buildSaleCards(sales: readonly SaleRecord[], listings: readonly ListingRecord[], rarity: RarityMap | undefined): NftCardModel[] {
  const listed = listingsBySerial(listings);
  const counts = salesBySerial(sales);
  return sales.map((sale) => {
    const serial = sale.nftSerialId;
    const entry = rarity?.[String(serial)];
    const current = listed.get(serial);
    const attributes = parseAttributes(sale.nftMetadata);
    return {
      serialId: serial,
      name: tigerName(sale.nftName, serial),
      image: sale.nftImage || null,
      metadata: sale.nftMetadata || null,
      rarityRank: finiteOrNull(entry?.rarityRank),
      rarityPct: finiteOrNull(entry?.rarityPct),
      lastSalePrice: Number(sale.salePrice),
      lastSaleDate: sale.saleDate,
      buyerAddress: sale.buyerAddress ?? null,
      sellerAddress: sale.sellerAddress ?? null,
      currentListing: current ? toCurrentListing(current) : null,
      salesCount: counts.get(serial)?.length ?? 1,
      attributes,
    };
  });
}

/** One card per listing, joined with the serial's last sale in the feed and its rarity. */
export function buildListingCards(listings: readonly ListingRecord[], sales: readonly SaleRecord[], rarity: RarityMap | undefined): NftCardModel[] {
  const sold = salesBySerial(sales);
  return listings.flatMap((listing) => {
    const serial = listingSerial(listing);
    if (!Number.isInteger(serial)) return [];
    const entry = rarity?.[String(serial)];
    const history = sold.get(serial) ?? [];
    const last = history[0];
    const attributes = parseAttributes(listing.nftMetadata ?? last?.nftMetadata);
    return [
      {
        serialId: serial,
        name: tigerName(listing.nftName ?? last?.nftName, serial),
        image: listing.nftImage || last?.nftImage || null,
        metadata: listing.nftMetadata || last?.nftMetadata || null,
        rarityRank: finiteOrNull(entry?.rarityRank ?? listing.rarityRank),
        rarityPct: finiteOrNull(entry?.rarityPct ?? listing.rarityPct),
        lastSalePrice: finiteOrNull(last?.salePrice ?? listing.lastSalePrice),
        lastSaleDate: last?.saleDate ?? listing.lastSaleDate ?? null,
        buyerAddress: last?.buyerAddress ?? listing.lastBuyer ?? null,
        sellerAddress: listing.sellerAddress ?? null,
        currentListing: toCurrentListing(listing),
        salesCount: Math.max(history.length, Number(listing.salesCount ?? 0) || 0),
        attributes,
      },
    ];
  });
}

export const LISTING_SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
] as const;
export type ListingSort = (typeof LISTING_SORT_OPTIONS)[number]['value'];

export function isListingSort(value: string): value is ListingSort {
  return LISTING_SORT_OPTIONS.some((option) => option.value === value);
}

/** Sorts listing cards (a copy): newest listing first, or by price either way; ties by serial. */
export function sortListingCards(cards: readonly NftCardModel[], sort: ListingSort): NftCardModel[] {
  const price = (card: NftCardModel) => card.currentListing?.price ?? Number.POSITIVE_INFINITY;
  const listed = (card: NftCardModel) => Date.parse(card.currentListing?.listingDate ?? '') || 0;
  return [...cards].sort((a, b) => {
    const order = sort === 'price-low' ? price(a) - price(b) : sort === 'price-high' ? price(b) - price(a) : listed(b) - listed(a);
    return order || a.serialId - b.serialId;
  });
}

export interface PageWindow {
  /** The current page, clamped to 1..pages. */
  page: number;
  /** At least 1. */
  pages: number;
  /** 1-based index of the first item shown (0 when there are none). */
  start: number;
  /** 1-based index of the last item shown (0 when there are none). */
  end: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Spec 000 §5 pagination: 'Showing start-end of total', 'Page x of y'; Previous off on 1, Next off on the last. */
export function pageWindow(total: number, requestedPage: number, pageSize: number = MARKET_PAGE_SIZE): PageWindow {
  const count = Math.max(0, Math.floor(total));
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const page = Math.min(pages, Math.max(1, Math.floor(requestedPage) || 1));
  const start = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const end = Math.min(page * pageSize, count);
  return { page, pages, start, end, total: count, hasPrevious: page > 1, hasNext: page < pages };
}

/** The items of one page. */
export function pageItems<T>(items: readonly T[], window: Pick<PageWindow, 'start' | 'end'>): T[] {
  return window.start === 0 ? [] : items.slice(window.start - 1, window.end);
}
