import type { RarityDataset, RarityEntry } from './rarity';

/** What the product shows of one tiger, from the collection's own data (never from a client). */
export interface CatalogEntry {
  serial: number;
  nftName: string;
  /**
   * The media URI (usually ipfs://…): HIP-412's default or video file, else its image; the media
   * component resolves it through gateways.
   */
  nftImage: string;
  /** The media's MIME type from the metadata (`video/webm`, `image/png`), null when it does not say. */
  mediaType: string | null;
  rarityRank: number | null;
  rarityPct: number | null;
  rarityScore: number | null;
  traits: RarityEntry['traits'];
}

/** The collection catalog port: rarity for every serial and each tiger's name, image and traits. */
export interface CollectionCatalog {
  rarity(): Promise<RarityDataset>;
  /**
   * One serial's entry (undefined when the ledger has no such serial). `heldMetadata`: the serial's
   * metadata as the caller just read it from the ledger (an account's NFTs carry it), which spares a
   * read per serial.
   */
  entry(serial: number, heldMetadata?: string): Promise<CatalogEntry | undefined>;
  /** Where this catalog's IPFS images are served from (the first gateway the server links to). */
  readonly imageGateway: string;
}

/** Joins a serial's rarity with its name and media. */
export function catalogEntry(serial: number, media: { uri: string; type: string | null }, rarity: RarityDataset, name?: string): CatalogEntry {
  const entry = rarity.rarityData[String(serial)];
  return {
    serial,
    nftName: name ?? `Wild Tiger #${serial}`,
    nftImage: media.uri,
    mediaType: media.type,
    rarityRank: entry?.rarityRank ?? null,
    rarityPct: entry?.rarityPct ?? null,
    rarityScore: entry?.rarityScore ?? null,
    traits: entry?.traits ?? [],
  };
}
