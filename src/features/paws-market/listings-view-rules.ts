/**
 * Pure rules of browsing the PAWS market (issue 20 item 4), shared by the listings API and the page:
 * the sort options, the trait filter (the collection's format: values of one type OR-ed, types AND-ed)
 * with its counts, and the view <-> URL mapping.
 */
import { MAX_PAGE, type TraitSelection, formatTraitFilter, parseTraitFilter, selectedValues } from '@/features/collection/collection-rules';
import type { TraitCounts } from '@/features/collection/collection-types';
import type { Trait } from '@/features/tiger/rarity';
import { type RarityTier, tierByRank } from '@/features/tiger/tiers';

export const PAWS_SORT_OPTIONS = [
  { value: 'newest', label: 'Newest listed' },
  { value: 'price-low', label: 'Price low to high' },
  { value: 'price-high', label: 'Price high to low' },
  { value: 'rarity', label: 'Rarity rarest first' },
] as const;

export type PawsSortKey = (typeof PAWS_SORT_OPTIONS)[number]['value'];
export const PAWS_SORT_KEYS = PAWS_SORT_OPTIONS.map((option) => option.value) as [PawsSortKey, ...PawsSortKey[]];
export const DEFAULT_PAWS_SORT: PawsSortKey = 'newest';

export function isPawsSortKey(value: unknown): value is PawsSortKey {
  return typeof value === 'string' && (PAWS_SORT_KEYS as readonly string[]).includes(value);
}

/** What sorting and filtering read of a listing. */
export interface BrowsableListing {
  serialNumber: number;
  /** The price in the token's smallest unit (exact, compared as an integer). */
  priceBaseUnits: string;
  rarityRank: number | null;
  createdAt: string;
  traits: readonly Trait[];
}

const byPrice = (a: BrowsableListing, b: BrowsableListing): number => {
  const difference = BigInt(a.priceBaseUnits) - BigInt(b.priceBaseUnits);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
};
const byNewest = (a: BrowsableListing, b: BrowsableListing): number => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);
/** Rank 1 is the rarest; listings without a rank come last. */
const byRarity = (a: BrowsableListing, b: BrowsableListing): number => (a.rarityRank ?? Number.POSITIVE_INFINITY) - (b.rarityRank ?? Number.POSITIVE_INFINITY);

/** A sorted copy; ties fall back to the lower serial so every page is stable. */
export function sortListings<T extends BrowsableListing>(listings: readonly T[], sort: PawsSortKey): T[] {
  const primary = sort === 'price-low' ? byPrice : sort === 'price-high' ? (a: T, b: T) => byPrice(b, a) : sort === 'rarity' ? byRarity : byNewest;
  return listings.toSorted((a, b) => primary(a, b) || a.serialNumber - b.serialNumber);
}

/** True when the listing has one of the chosen values of every chosen type, except the type `skip`. */
function matches(listing: BrowsableListing, selection: TraitSelection, skip?: string): boolean {
  for (const type of Object.keys(selection)) {
    if (type === skip) continue;
    const wanted = selectedValues(selection, type);
    if (!listing.traits.some((trait) => trait.trait_type === type && wanted.includes(String(trait.value)))) return false;
  }
  return true;
}

/** The listings matching a trait selection (values of one type OR-ed, types AND-ed). */
export function filterListings<T extends BrowsableListing>(listings: readonly T[], selection: TraitSelection): T[] {
  return listings.filter((listing) => matches(listing, selection));
}

/**
 * For each trait type and value of the listed tigers, how many listings it would show given the
 * other types' active filters (as the collection counts them); chosen values stay even at 0.
 * Types and values are in alphabetical order.
 */
export function listingTraitCounts(listings: readonly BrowsableListing[], selection: TraitSelection): TraitCounts {
  const counts = new Map<string, Map<string, number>>();
  const slot = (type: string) => {
    const values = counts.get(type) ?? new Map<string, number>();
    counts.set(type, values);
    return values;
  };
  for (const listing of listings) {
    for (const trait of listing.traits) {
      const values = slot(trait.trait_type);
      const value = String(trait.value);
      values.set(value, (values.get(value) ?? 0) + (matches(listing, selection, trait.trait_type) ? 1 : 0));
    }
  }
  for (const [type, chosen] of Object.entries(selection)) for (const value of chosen) if (!slot(type).has(value)) slot(type).set(value, 0);
  const alphabetical = (a: string, b: string) => a.localeCompare(b, 'en');
  return Object.fromEntries(
    [...counts.keys()].sort(alphabetical).map((type) => {
      const values = counts.get(type) as Map<string, number>;
      return [type, Object.fromEntries([...values.keys()].sort(alphabetical).map((value) => [value, values.get(value) as number]))];
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The view (sort, filters, page) in the page URL and in the API query

export interface PawsListingsView {
  sort: PawsSortKey;
  page: number;
  traits: TraitSelection;
}

export const DEFAULT_PAWS_VIEW: PawsListingsView = { sort: DEFAULT_PAWS_SORT, page: 1, traits: {} };

/** The view a page URL's query describes; anything unreadable falls back to the default. */
export function pawsViewFromQuery(query: string | URLSearchParams): PawsListingsView {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? 1);
  const traits = parseTraitFilter(params.get('traits') ?? '');
  return {
    sort: isPawsSortKey(sort) ? sort : DEFAULT_PAWS_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    traits: traits.ok ? traits.selection : {},
  };
}

/**
 * The page URL's query for a view, written over `current` (other parameters of the page, such as
 * an open tiger's, are kept); defaults are left out.
 */
export function pawsViewToQuery(view: PawsListingsView, current: string | URLSearchParams = ''): string {
  const params = new URLSearchParams(current);
  for (const key of ['sort', 'traits', 'page']) params.delete(key);
  if (view.sort !== DEFAULT_PAWS_SORT) params.set('sort', view.sort);
  const traits = formatTraitFilter(view.traits);
  if (traits) params.set('traits', traits);
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

/** The listings API query of a view (always with page, limit and sort). */
export function pawsViewToApiQuery(view: PawsListingsView, limit: number): string {
  const params = new URLSearchParams({ page: String(view.page), limit: String(limit), sort: view.sort });
  const traits = formatTraitFilter(view.traits);
  if (traits) params.set('traits', traits);
  return params.toString();
}

/** What a sweep of the floor asks for: how many tigers, within a trait filter and a tier, under a maximum total (base units). */
export interface SweepRequest {
  count: number;
  traits: TraitSelection;
  tier?: RarityTier | undefined;
  maxTotal?: bigint | undefined;
  /** The buyer, whose own listings are left out. */
  buyerId?: string | undefined;
}

/** Why a sweep picked fewer tigers than asked: the next cheapest would pass the maximum total, or the filter has no more. */
export type SweepShort = 'max-total' | 'too-few';

/**
 * The cheapest listings a sweep buys: in price order (the lower serial first on a tie), matching the
 * trait filter and the tier, not the buyer's own, at most `count`, and stopping before the running
 * total would pass `maxTotal` (every later listing costs as much or more); with why it picked fewer
 * than asked (`short`), if it did.
 */
export function sweepPick<T extends BrowsableListing & { sellerId: string }>(
  listings: readonly T[],
  request: SweepRequest,
): { picked: T[]; short: SweepShort | null } {
  const picked: T[] = [];
  let total = 0n;
  for (const listing of sortListings(filterListings(listings, request.traits), 'price-low')) {
    if (picked.length >= request.count) break;
    if (listing.sellerId === request.buyerId || (request.tier && tierByRank(listing.rarityRank) !== request.tier)) continue;
    const price = BigInt(listing.priceBaseUnits);
    if (request.maxTotal !== undefined && total + price > request.maxTotal) return { picked, short: 'max-total' };
    picked.push(listing);
    total += price;
  }
  return { picked, short: picked.length < request.count ? 'too-few' : null };
}
