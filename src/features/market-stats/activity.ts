/**
 * The activity timeline (issue 20): the PAWS market's own events (listings, sales, offers) as
 * GET /api/paws/activity pages them, the HBAR market's recent sales and current listings, one
 * row shape for both, the filters by market and kind, and the merge of the two sources.
 */

/** The kinds of PAWSACTIVITY items: a listing created, a listing sold, an offer made, accepted (a sale) or cancelled. */
export const PAWS_ACTIVITY_KINDS = ['listing', 'sale', 'offer-made', 'offer-accepted', 'offer-cancelled'] as const;
export type PawsActivityKind = (typeof PAWS_ACTIVITY_KINDS)[number];

/** What the timeline can be filtered to: sales (listing sales and accepted offers), new listings, offers made or cancelled. */
export const ACTIVITY_KIND_FILTERS = ['sale', 'listing', 'offer'] as const;
export type ActivityKindFilter = (typeof ACTIVITY_KIND_FILTERS)[number];

export const ACTIVITY_MARKET_FILTERS = ['hbar', 'paws'] as const;
export type ActivityMarketFilter = (typeof ACTIVITY_MARKET_FILTERS)[number];

/** Activity rows per page (the API's default) and the most one page may ask for. */
export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_PAGE_MAX = 50;

/** The row kind an item shows as. */
export type RowKind = ActivityKindFilter;

/** The row kind of a PAWS item: an accepted offer is a sale. */
export function rowKindOf(kind: PawsActivityKind): RowKind {
  if (kind === 'sale' || kind === 'offer-accepted') return 'sale';
  if (kind === 'listing') return 'listing';
  return 'offer';
}

/** The item kinds a filter keeps. */
export function kindsOf(filter: ActivityKindFilter): PawsActivityKind[] {
  return PAWS_ACTIVITY_KINDS.filter((kind) => rowKindOf(kind) === filter);
}

/** One PAWSACTIVITY item as the API answers it. */
export interface PawsActivityItem {
  /** Unique and stable (the item's event key). */
  id: string;
  kind: PawsActivityKind;
  at: string;
  tokenId: string;
  /** Null for a collection offer made or cancelled (no tiger yet). */
  serialNumber: number | null;
  nftName: string | null;
  /** Whole PAWS, as a decimal string. */
  pawsAmount: string;
  sellerId: string | null;
  buyerId: string | null;
  quantity: number;
  transactionId: string | null;
}

export interface ActivityPage {
  items: PawsActivityItem[];
  /** Where the next page starts; absent on the last page. */
  cursor?: string;
}

/** One row of the timeline, whichever market it comes from. */
export interface TimelineRow {
  id: string;
  market: ActivityMarketFilter;
  kind: RowKind;
  /** The item kind as stored, for the row's wording ('offer-made', 'offer-cancelled'). */
  detail: PawsActivityKind | 'hbar-sale' | 'hbar-listing';
  at: string;
  serial: number | null;
  name: string;
  price: number;
  currency: 'HBAR' | 'PAWS';
  sellerId: string | null;
  buyerId: string | null;
  quantity: number;
}

/** The HBAR market's sale as the timeline needs it (a SentX activity row). */
export interface HbarSaleLike {
  salePrice: number;
  saleDate: string;
  nftSerialId: number;
  nftName?: string | null;
  sellerAddress: string | null;
  buyerAddress: string | null;
}

/** The HBAR market's current listing as the timeline needs it (a SentX listing row). */
export interface HbarListingLike {
  marketplaceListingId: number | string;
  serialId: number;
  salePrice: number;
  listingDate: string;
  nftName?: string | null;
  sellerAddress: string | null;
}

const tigerName = (name: string | null | undefined, serial: number | null) => name?.trim() || (serial === null ? 'Any Wild Tiger' : `Wild Tiger #${serial}`);

export function pawsRow(item: PawsActivityItem): TimelineRow {
  return {
    id: `paws:${item.id}`,
    market: 'paws',
    kind: rowKindOf(item.kind),
    detail: item.kind,
    at: item.at,
    serial: item.serialNumber,
    name: tigerName(item.nftName, item.serialNumber),
    price: Number(item.pawsAmount),
    currency: 'PAWS',
    sellerId: item.sellerId,
    buyerId: item.buyerId,
    quantity: item.quantity,
  };
}

export function hbarSaleRow(sale: HbarSaleLike): TimelineRow {
  return {
    id: `hbar:sale:${sale.nftSerialId}:${sale.saleDate}`,
    market: 'hbar',
    kind: 'sale',
    detail: 'hbar-sale',
    at: sale.saleDate,
    serial: sale.nftSerialId,
    name: tigerName(sale.nftName, sale.nftSerialId),
    price: Number(sale.salePrice),
    currency: 'HBAR',
    sellerId: sale.sellerAddress,
    buyerId: sale.buyerAddress,
    quantity: 1,
  };
}

export function hbarListingRow(listing: HbarListingLike): TimelineRow {
  return {
    id: `hbar:listing:${listing.marketplaceListingId}`,
    market: 'hbar',
    kind: 'listing',
    detail: 'hbar-listing',
    at: listing.listingDate,
    serial: listing.serialId,
    name: tigerName(listing.nftName, listing.serialId),
    price: Number(listing.salePrice),
    currency: 'HBAR',
    sellerId: listing.sellerAddress,
    buyerId: null,
    quantity: 1,
  };
}

export interface TimelineInput {
  /** The PAWS rows loaded so far (pages in order, already of the kind filter). */
  paws: readonly TimelineRow[];
  /** False while the PAWS timeline has more pages. */
  pawsComplete: boolean;
  hbar: readonly TimelineRow[];
  market: ActivityMarketFilter | 'all';
  kind: ActivityKindFilter | 'all';
}

/**
 * The rows to show, newest first. While the PAWS timeline has more pages, HBAR rows older than the
 * oldest PAWS row loaded wait for the next page, so the merged order never changes under the reader.
 */
export function mergeTimeline({ paws, pawsComplete, hbar, market, kind }: TimelineInput): TimelineRow[] {
  const keep = (row: TimelineRow) => (market === 'all' || row.market === market) && (kind === 'all' || row.kind === kind);
  const time = (row: TimelineRow) => Date.parse(row.at) || 0;
  const pawsShown = market === 'hbar' ? [] : paws.filter(keep);
  let hbarShown = market === 'paws' ? [] : hbar.filter(keep);
  if (market === 'all' && !pawsComplete && pawsShown.length) {
    const oldest = Math.min(...pawsShown.map(time));
    hbarShown = hbarShown.filter((row) => time(row) >= oldest);
  }
  return [...pawsShown, ...hbarShown].sort((a, b) => time(b) - time(a) || a.id.localeCompare(b.id));
}

/** The seller's sales newer than the last-seen mark (ISO; none before a first visit). */
export function salesSince<T extends { at: string }>(sales: readonly T[], lastSeen: string | null): T[] {
  if (!lastSeen) return [];
  const mark = Date.parse(lastSeen);
  return sales.filter((sale) => Date.parse(sale.at) > mark);
}
