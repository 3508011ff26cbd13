/**
 * The view of one tiger (issue 20 item 1), its pure parts shared by the API and the dialog: the
 * answer's shape, each trait's share of the collection (from the rarity dataset), and the
 * `?tiger=N` address of the view.
 */
import { UNKNOWN_OWNER } from '@/features/collection/collection-rules';
import type { PawsListing } from '@/features/paws-market/listing';
import { type RarityDataset, type Trait, normaliseTraitText } from '@/features/tiger/rarity';
import { TOTAL_SUPPLY } from '@/features/tiger/supply';
import { TIGER_PARAM, WRITE_PARAM, dialogOfWrite } from '@/features/tiger/tiger-view-href';

/** PAWS sales of one tiger the view lists, newest first. */
export const TIGER_SALES_SHOWN = 5;

/** A trait of the tiger with how many tigers of the collection have it, and their share (a fraction). */
export interface TraitShare extends Trait {
  count: number;
  share: number;
}

/** One PAWS sale of a tiger: a listing bought, or an offer accepted. */
export interface TigerPawsSale {
  kind: 'listing' | 'offer';
  pawsPrice: string;
  soldAt: string;
  sellerId: string;
  buyerId: string;
  transactionId: string;
}

/** GET /api/collection/tiger/{serial}. */
export interface TigerViewAnswer {
  success: true;
  tokenId: string;
  serial: number;
  name: string;
  /** The media URI (ipfs://…), or null when the catalog has none (the media component looks it up). */
  image: string | null;
  mediaType: string | null;
  rarityRank: number | null;
  rarityPct: number | null;
  rarityScore: number | null;
  /** Tigers the rarity dataset ranks (the denominator of every share). */
  rankedCount: number;
  totalSupply: number;
  traits: TraitShare[];
  /** An account id, 'Not Minted', or '0.0.unknown' when the ledger could not say. */
  owner: string;
  /** The owner's profile, when it is public (linked as /public-profiles?account=…). */
  ownerProfile: { username: string | null } | null;
  /** The tiger's PAWS listing, when it is active and still backed on the ledger. */
  pawsListing: Omit<PawsListing, 'claim' | 'priceBaseUnits'> | null;
  /** Its PAWS sale being settled (a buyer's claim, its transfer not yet at consensus): the owner changes at consensus. */
  pawsSettling: { sellerId: string; buyerId: string; pawsPrice: string; transactionId: string; since: string } | null;
  /** Its last PAWS sales, newest first. */
  pawsSales: TigerPawsSale[];
}

const countsByDataset = new WeakMap<RarityDataset, Map<string, number>>();
const traitKey = (type: string, value: string) => `${normaliseTraitText(type)}\u0000${normaliseTraitText(value)}`;

/** How many tigers have each (type, value), counted once per dataset as rarity.ts compares traits. */
function traitCounts(dataset: RarityDataset): Map<string, number> {
  const known = countsByDataset.get(dataset);
  if (known) return known;
  const counts = new Map<string, number>();
  for (const entry of Object.values(dataset.rarityData)) {
    for (const trait of entry.traits) {
      const key = traitKey(trait.trait_type, trait.value);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  countsByDataset.set(dataset, counts);
  return counts;
}

/** Each trait with the number of ranked tigers that have it and their share of them. */
export function traitShares(traits: readonly Trait[], dataset: RarityDataset): TraitShare[] {
  const counts = traitCounts(dataset);
  const ranked = Object.keys(dataset.rarityData).length;
  return traits.map((trait) => {
    const count = counts.get(traitKey(trait.trait_type, trait.value)) ?? 0;
    return { trait_type: trait.trait_type, value: trait.value, count, share: ranked > 0 ? count / ranked : 0 };
  });
}

/** A share as a percent: one decimal, two below 1 % ('12.3%', '0.27%'), '<0.01%' for the rarest. */
export function formatShare(share: number): string {
  const percent = share * 100;
  if (percent > 0 && percent < 0.01) return '<0.01%';
  return `${percent.toFixed(percent < 1 ? 2 : 1)}%`;
}

/** The serial a `?tiger=N` address asks for, if it is a whole number from 1 to the supply. */
export function tigerFromSearch(search: string, totalSupply: number = TOTAL_SUPPLY): number | null {
  const raw = new URLSearchParams(search).get(TIGER_PARAM);
  if (!raw || !/^\d{1,5}$/.test(raw)) return null;
  const serial = Number(raw);
  return serial >= 1 && serial <= totalSupply ? serial : null;
}

/** The write whose dialog a `?tiger=N&write=ID` address reopens: only an id of a write that has one. */
export function writeFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get(WRITE_PARAM);
  return id && dialogOfWrite(id) ? id : null;
}

/**
 * Whether the tray's link must wait for another read of the view before it reopens a write's dialog: a
 * listing or an unlist is its owner's, and an owner the ledger did not answer for ('0.0.unknown') is
 * not another account's.
 */
export function reopenWaitsForOwner(kind: string, owner: string): boolean {
  return (kind === 'listing' || kind === 'unlist') && owner === UNKNOWN_OWNER;
}

/** The address with the view of `serial` (or without any view for null), other parameters and the hash kept. */
export function withTigerParam(href: string, serial: number | null): string {
  const url = new URL(href);
  if (serial === null) {
    url.searchParams.delete(TIGER_PARAM);
    url.searchParams.delete(WRITE_PARAM);
  } else url.searchParams.set(TIGER_PARAM, String(serial));
  return `${url.pathname}${url.search}${url.hash}`;
}
