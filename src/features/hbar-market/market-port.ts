/**
 * The external HBAR marketplace port, in SentX's shapes (reference/README.md): recent sales,
 * current listings, floor, daily stats, holders, and the two-step buy (prepare -> the buyer signs
 * and executes -> complete). The real adapter calls SentX; the sandbox market stands in for it.
 * Prices are in HBAR; dates are ISO strings.
 */

/** One sale of the collection's activity feed. */
export interface SaleRecord {
  saletype: string;
  salePrice: number;
  saleDate: string;
  buyerAddress: string | null;
  sellerAddress: string | null;
  nftTokenAddress: string;
  nftSerialId: number;
  nftName: string;
  nftImage: string;
  /** HIP-412 JSON text (attributes or props), empty when the market has none. */
  nftMetadata: string;
  buyerNickname?: string | null;
  sellerNickname?: string | null;
}

/** One current listing. */
export interface ListingRecord {
  marketplaceListingId: number;
  serialId: number;
  nftSerialId?: number;
  sellerAddress: string;
  /** The listing price in HBAR. */
  salePrice: number;
  listingDate: string;
  nftName: string;
  nftImage: string;
  nftMetadata?: string;
  isAvailableForPurchase: boolean;
  /** Spec 000 §3: what some markets add to a listing record. */
  lastSalePrice?: number | null;
  lastSaleDate?: string | null;
  lastBuyer?: string | null;
  salesCount?: number | null;
  rarityRank?: number | null;
  rarityPct?: number | null;
}

/** One day of the collection's market, for price history charts. */
export interface DailyStat {
  /** Start of the day (UTC), ISO. */
  datetime: string;
  volume: number;
  /** Lowest listing price that day; null when nothing was listed. */
  floor: number | null;
  avgSale: number;
  sales: number;
  listings: number;
}

export interface OwnerStats {
  ownerCount: number;
  nftCount: number;
}

export interface ListingQuery {
  tokenId: string;
  sortBy: 'listingDate' | 'price';
  sortDirection: 'ASC' | 'DESC';
  /** At most this many listings (the adapter pages as needed). */
  limit: number;
}

export interface BuyRequest {
  tokenId: string;
  serial: number;
  buyerId: string;
  /** HBAR as the buyer saw it, e.g. "150" or "99.5". */
  price: string;
}

export interface BuyPreparation {
  saleVerificationCode: string;
  /** Base64 of the frozen transaction the buyer signs and executes. */
  transBytes: string;
  apimessage: string;
}

export interface BuyCompletionRequest {
  saleVerificationCode: string;
  /** The id of the executed purchase transaction (SDK form). */
  transactionId: string;
}

export interface BuyCompletion {
  success: boolean;
  apimessage: string;
}

export interface MarketPort {
  /** Sales, newest first, at most `amount`. */
  activity(input: { tokenId: string; amount: number }): Promise<SaleRecord[]>;
  listings(query: ListingQuery): Promise<ListingRecord[]>;
  /** Lowest current listing price in HBAR, null when nothing is listed. */
  floor(tokenId: string): Promise<number | null>;
  /** Days from `startDate` to `endDate` inclusive (YYYY-MM-DD, UTC). */
  stats(input: { tokenId: string; startDate: string; endDate: string }): Promise<DailyStat[]>;
  owners(tokenId: string): Promise<OwnerStats>;
  /** Throws MarketRejectedError when the market refuses (not listed, wrong price...). */
  buy(request: BuyRequest): Promise<BuyPreparation>;
  /** `success: false` (with the reason) when the purchase is not confirmed; nothing is recorded then. */
  buyComplete(request: BuyCompletionRequest): Promise<BuyCompletion>;
}
