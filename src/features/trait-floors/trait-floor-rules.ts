/**
 * Pure rules of the trait floors (issue 58 item 3): the lowest price each trait value is listed at
 * across both markets (the PAWS market's listings as priced, SentX's HBAR listings converted to
 * PAWS at the current rate), how many tigers have the value and how many of them are listed, and a
 * tiger's estimated value: the highest of the collection floor and its traits' floors.
 */
import { formatUnits, parseUnits } from '@/features/balances/units';
import { type RarityDataset, type Trait, normaliseTraitText } from '@/features/tiger/rarity';
import { traitLabel } from '@/features/tiger/tiers';
import { formatPaws } from '@/lib/format';

/** Floors are counted in hundredths of a PAWS: listing prices have at most 2 decimals, and a converted HBAR price is rounded to them. */
const FLOOR_DECIMALS = 2;

/** A PAWS market listing: the tiger and its price in whole PAWS (a decimal string). */
export interface PawsListed {
  serial: number;
  pawsPrice: string;
}

/** A SentX listing: the tiger and its price in HBAR. */
export interface HbarListed {
  serial: number;
  hbarPrice: number;
}

/** The HBAR/PAWS rate the HBAR listings were converted at: both USD prices and PAWS per HBAR. */
export interface HbarPawsRate {
  hbarUsd: number;
  pawsUsd: number;
  pawsPerHbar: number;
}

/** The cheapest listing of a set of tigers: its price in PAWS, the market it is on, and the tiger. */
export interface FloorListing {
  paws: string;
  market: 'paws' | 'hbar';
  serial: number;
}

/** One trait value: tigers with it, how many of them are listed, and the cheapest of those (null when none is listed). */
export interface TraitValueFloor {
  count: number;
  listed: number;
  floor: FloorListing | null;
}

/** GET /api/collection/trait-floors. */
export interface TraitFloorsAnswer {
  success: true;
  /** The cheapest tiger listed on either market, in PAWS. */
  collectionFloor: FloorListing | null;
  /** Tigers listed on either market (once each). */
  listed: number;
  /** True when SentX's HBAR listings were converted to PAWS at `rate` and counted. */
  hbarConverted: boolean;
  /** The rate used, or null when PAWS has no price now (the HBAR listings are then left out, `hbarLeftOut` of them). */
  rate: HbarPawsRate | null;
  hbarLeftOut: number;
  /** True when SentX's listings could not be read: the floors are the PAWS market's alone. */
  hbarUnavailable: boolean;
  /** Trait type -> value -> its floor, with the dataset's own spelling of each. */
  traits: Record<string, Record<string, TraitValueFloor>>;
  /** ISO time the floors were counted. */
  countedAt: string;
}

/** The rate PAWS per HBAR from both USD prices; null when either is missing or not positive. */
export function hbarPawsRate(hbarUsd: number | null | undefined, pawsUsd: number | null | undefined): HbarPawsRate | null {
  const positive = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
  if (!positive(hbarUsd) || !positive(pawsUsd)) return null;
  return { hbarUsd, pawsUsd, pawsPerHbar: hbarUsd / pawsUsd };
}

/** An HBAR price in hundredths of a PAWS at the rate, rounded to the nearest; undefined for a price that is no positive number. */
export function hbarToPawsHundredths(hbarPrice: number, rate: HbarPawsRate): bigint | undefined {
  const paws = hbarPrice * rate.pawsPerHbar;
  if (!Number.isFinite(hbarPrice) || hbarPrice <= 0 || !Number.isFinite(paws)) return undefined;
  return BigInt(Math.max(1, Math.round(paws * 10 ** FLOOR_DECIMALS)));
}

/** The key two spellings of one trait share (rarity.ts compares traits this way). */
const traitKey = (type: string, value: string) => `${normaliseTraitText(type)}\u0000${normaliseTraitText(value)}`;

/**
 * The floors of every trait value, and the collection's, over both markets' listings. A tiger
 * listed on both counts once, at its lower price. Without a rate, HBAR listings are left out and
 * counted as such (`hbar` null: SentX could not be read); a PAWS price that does not parse is left out.
 */
export function computeTraitFloors(
  input: { rarity: RarityDataset; paws: readonly PawsListed[]; hbar: readonly HbarListed[] | null; rate: HbarPawsRate | null },
  countedAt: string,
): TraitFloorsAnswer {
  const cheapest = new Map<number, { units: bigint; market: 'paws' | 'hbar' }>();
  const offer = (serial: number, units: bigint | undefined, market: 'paws' | 'hbar') => {
    if (units === undefined || units <= 0n || !input.rarity.rarityData[String(serial)]) return;
    const held = cheapest.get(serial);
    if (!held || units < held.units) cheapest.set(serial, { units, market });
  };
  for (const listing of input.paws) offer(listing.serial, parseUnits(listing.pawsPrice, FLOOR_DECIMALS), 'paws');
  const hbar = input.hbar ?? [];
  if (input.rate) for (const listing of hbar) offer(listing.serial, hbarToPawsHundredths(listing.hbarPrice, input.rate), 'hbar');

  const traits: Record<string, Record<string, TraitValueFloor>> = Object.create(null);
  const byKey = new Map<string, TraitValueFloor & { units?: bigint }>();
  for (const [serialText, entry] of Object.entries(input.rarity.rarityData)) {
    const serial = Number(serialText);
    const listed = cheapest.get(serial);
    for (const trait of entry.traits) {
      const key = traitKey(trait.trait_type, trait.value);
      let value = byKey.get(key);
      if (!value) {
        value = { count: 0, listed: 0, floor: null };
        byKey.set(key, value);
        traits[trait.trait_type] ??= Object.create(null);
        (traits[trait.trait_type] as Record<string, TraitValueFloor>)[trait.value] = value;
      }
      value.count++;
      if (!listed) continue;
      value.listed++;
      if (value.units === undefined || listed.units < value.units || (listed.units === value.units && serial < (value.floor?.serial ?? 0))) {
        value.units = listed.units;
        value.floor = { paws: formatUnits(listed.units, FLOOR_DECIMALS), market: listed.market, serial };
      }
    }
  }
  for (const value of byKey.values()) delete value.units;

  let collectionFloor: FloorListing | null = null;
  let floorUnits: bigint | undefined;
  for (const [serial, listed] of [...cheapest].sort(([a], [b]) => a - b)) {
    if (floorUnits !== undefined && listed.units >= floorUnits) continue;
    floorUnits = listed.units;
    collectionFloor = { paws: formatUnits(listed.units, FLOOR_DECIMALS), market: listed.market, serial };
  }
  return {
    success: true,
    collectionFloor,
    listed: cheapest.size,
    hbarConverted: input.rate !== null && hbar.length > 0,
    rate: input.rate,
    hbarLeftOut: input.rate ? 0 : hbar.length,
    hbarUnavailable: input.hbar === null,
    traits,
    countedAt,
  };
}

/** Each answer's values by their shared key, built once per answer. */
const floorIndexes = new WeakMap<object, Map<string, TraitValueFloor>>();

function floorIndex(traits: TraitFloorsAnswer['traits']): Map<string, TraitValueFloor> {
  let index = floorIndexes.get(traits);
  if (!index) {
    index = new Map();
    for (const [type, values] of Object.entries(traits)) for (const [value, floor] of Object.entries(values)) index.set(traitKey(type, value), floor);
    floorIndexes.set(traits, index);
  }
  return index;
}

/** The floor of one trait value in an answer, whatever the spelling asked (case, spaces, underscores aside); undefined when the value is unknown. */
export function traitValueFloor(floors: Pick<TraitFloorsAnswer, 'traits'>, type: string, value: string): TraitValueFloor | undefined {
  return floorIndex(floors.traits).get(traitKey(type, value));
}

/** A tiger's estimated value in PAWS and how it was reached, in words. */
export interface EstimatedValue {
  paws: string;
  /** What set it, for this tiger ('Estimated at the floor of its trait Fur: Snow (90 PAWS).'); the rule is ESTIMATE_METHOD, shown once beside it. */
  method: string;
  /** The trait whose floor set it; null when the collection floor did. */
  trait: Trait | null;
}

/** The rule, in words, shown once wherever estimates show. */
export const ESTIMATE_METHOD =
  "The highest of the collection floor and the floors of the tiger's traits, across the PAWS market and SentX (HBAR listings converted to PAWS at the current rate).";

/**
 * A tiger's estimated value: the highest of the collection floor and its traits' floors (a tiger
 * is worth at least what the cheapest tiger sharing any of its traits is listed at). Null when
 * nothing is listed at all.
 */
export function estimateValue(traits: readonly Trait[], floors: Pick<TraitFloorsAnswer, 'traits' | 'collectionFloor'>): EstimatedValue | null {
  let best: { units: bigint; trait: Trait | null } | undefined;
  const consider = (paws: string | undefined, trait: Trait | null) => {
    const units = paws === undefined ? undefined : parseUnits(paws, FLOOR_DECIMALS);
    if (units !== undefined && (!best || units > best.units)) best = { units, trait };
  };
  consider(floors.collectionFloor?.paws, null);
  for (const trait of traits) consider(traitValueFloor(floors, trait.trait_type, trait.value)?.floor?.paws, trait);
  if (!best) return null;
  const paws = formatUnits(best.units, FLOOR_DECIMALS);
  const reason = best.trait
    ? `the floor of its trait ${traitLabel(best.trait.trait_type)}: ${best.trait.value} (${formatPaws(paws)} PAWS)`
    : `the collection floor (${formatPaws(paws)} PAWS); none of its traits is listed higher`;
  return { paws, trait: best.trait, method: `Estimated at ${reason}.` };
}

/** The tiger's rarest trait (fewest tigers share it) with its floor; null for a tiger with no traits. */
export function rarestTraitFloor(
  traits: readonly Trait[],
  floors: Pick<TraitFloorsAnswer, 'traits'>,
): { trait: Trait; count: number; listed: number; floor: FloorListing | null } | null {
  let rarest: { trait: Trait; count: number; listed: number; floor: FloorListing | null } | null = null;
  for (const trait of traits) {
    const value = traitValueFloor(floors, trait.trait_type, trait.value);
    if (value && (!rarest || value.count < rarest.count)) rarest = { trait, ...value };
  }
  return rarest;
}
