import { log } from '@/platform/log';
import { createTtlCache } from '@/platform/ttl-cache';
import type { RarityDataset } from '@/features/tiger/rarity';
import { type HbarListed, type PawsListed, type TraitFloorsAnswer, computeTraitFloors, estimateValue, hbarPawsRate } from './trait-floor-rules';

/**
 * Trait floors are counted again at least this often, and at once when the market's head moves. Issue 58 item 5
 * asks for 60 s at most: a SentX listing shows in the count within this plus UPSTREAM_TTL_MS (45 s), and past the
 * CDN's copy (15 s, routes.ts) within 60 s.
 */
export const TRAIT_FLOORS_TTL_MS = 30_000;
/** SentX's listings (per market head) and the prices are read at most this often. */
const UPSTREAM_TTL_MS = 15_000;

export interface TraitFloorDeps {
  rarity: () => Promise<RarityDataset>;
  /** The PAWS market's active listings. */
  pawsListings: () => Promise<PawsListed[]>;
  /** SentX's listings of the collection that can be bought now. */
  hbarListings: () => Promise<HbarListed[]>;
  /** HBAR and PAWS in USD (null when unknown). */
  prices: () => Promise<{ hbarUsd: number | null; pawsUsd: number | null }>;
  /** The market stream's head: floors counted under an older one are stale at once (a listing made, re-priced, removed or sold). */
  marketVersion?: () => Promise<number>;
  now?: () => number;
}

/**
 * The trait floors of the collection across both markets (GET /api/collection/trait-floors) and the
 * tigers' estimated values from them, counted once per market head and at least every 30 s.
 */
export function createTraitFloorService(deps: TraitFloorDeps) {
  const now = deps.now ?? Date.now;
  const floorsCache = createTtlCache<TraitFloorsAnswer>(TRAIT_FLOORS_TTL_MS, { now, maxEntries: 4 });
  const hbarCache = createTtlCache<HbarListed[] | null>(UPSTREAM_TTL_MS, { now, maxEntries: 1 });
  const priceCache = createTtlCache<{ hbarUsd: number | null; pawsUsd: number | null }>(UPSTREAM_TTL_MS, { now, maxEntries: 1 });

  // A SentX or price outage counts the PAWS market alone and says so, rather than failing the floors.
  // Read afresh for a new market head too: the scheduled job's event of a SentX listing finds it in the count at once.
  const hbarListings = (version: number) =>
    hbarCache.get(`hbar@${version}`, () =>
      deps.hbarListings().catch((error: unknown) => {
        log.warn('trait floors: SentX listings unavailable', { error });
        return null;
      }),
    );
  const prices = () =>
    priceCache.get('prices', () =>
      deps.prices().catch((error: unknown) => {
        log.warn('trait floors: prices unavailable', { error });
        return { hbarUsd: null, pawsUsd: null };
      }),
    );

  async function traitFloors(): Promise<TraitFloorsAnswer> {
    const version = deps.marketVersion ? await deps.marketVersion().catch(() => -1) : 0;
    return floorsCache.get(`floors@${version}`, async () => {
      const [rarity, paws, hbar, price] = await Promise.all([deps.rarity(), deps.pawsListings(), hbarListings(version), prices()]);
      return computeTraitFloors({ rarity, paws, hbar, rate: hbarPawsRate(price.hbarUsd, price.pawsUsd) }, new Date(now()).toISOString());
    });
  }

  return {
    traitFloors,

    /** Each tiger's estimated value in PAWS (a decimal string) and its method in words; tigers with no floor to go by (nothing listed) are absent. */
    async estimatedValues(serials: number[]): Promise<Map<number, { paws: string; method: string }>> {
      const [floors, rarity] = await Promise.all([traitFloors(), deps.rarity()]);
      const values = new Map<number, { paws: string; method: string }>();
      for (const serial of new Set(serials)) {
        const estimate = estimateValue(rarity.rarityData[String(serial)]?.traits ?? [], floors);
        if (estimate) values.set(serial, { paws: estimate.paws, method: estimate.method });
      }
      return values;
    },
  };
}

export type TraitFloorService = ReturnType<typeof createTraitFloorService>;
