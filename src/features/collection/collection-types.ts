/**
 * The collection browser's API shapes (spec 001 §3: collection entry and collection response),
 * shared by the server (functions/collection.ts) and the page island. Types only.
 */

export interface EntryTrait {
  trait_type: string;
  value: string;
}

/** A tiger's current HBAR listing on the external market. */
export interface EntryListing {
  /** HBAR. */
  price: number;
  listingDate: string;
  marketplaceListingId: number;
  sellerAddress: string;
}

/** A tiger's most recent HBAR sale. */
export interface EntrySale {
  /** HBAR. */
  price: number;
  date: string;
  buyer: string | null;
}

/** One tiger of the collection (both spellings of each field, as spec 001 §3 names them). */
export interface CollectionEntry {
  tokenId: string;
  serialId: number;
  serialNumber: number;
  name: string;
  nftName: string;
  /** The image URI (ipfs://… on the ledger); null when unknown (the media component looks it up). */
  image: string | null;
  nftImage: string | null;
  /** An account id, 'Not Minted' above serial 3328, or '0.0.unknown' when the ledger could not say. */
  owner: string;
  rarityRank: number | null;
  rarityPct: number | null;
  rarityScore: number | null;
  traits: EntryTrait[];
  currentListing: EntryListing | null;
  lastSale: EntrySale | null;
}

/** Per trait type (as the metadata spells it), per value: how many tigers match the other active filters. */
export type TraitCounts = Record<string, Record<string, number>>;

export interface CollectionResponse {
  success: boolean;
  collectionData: CollectionEntry[];
  totalSupply: number;
  minted: number;
  /** Pages of the matching tigers (at least 1). */
  totalPages: number;
  /** Serial of the first and of the last tiger on this page; null on an empty page. */
  startSerial: number | null;
  endSerial: number | null;
  /** How many tigers match the search and filters. */
  total: number;
  page: number;
  limit: number;
  sort: string;
  search: string;
  traitCounts: TraitCounts;
  /** Tigers of the whole collection with a current HBAR listing. */
  listedCount: number;
  /** When the data behind this answer was assembled (ISO). */
  updatedAt: string;
}

export interface OwnerResponse {
  serial: number;
  owner: string;
}
