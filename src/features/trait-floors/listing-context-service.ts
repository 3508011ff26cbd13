import { log } from '@/platform/log';
import type { RarityDataset } from '@/features/tiger/rarity';
import type { LastSale, ListingContextAnswer, StandingOffer, TigerListingContext } from './listing-context-rules';
import { estimateValue, rarestTraitFloor } from './trait-floor-rules';
import type { TraitFloorService } from './trait-floor-service';

export interface ListingContextDeps {
  floors: Pick<TraitFloorService, 'traitFloors'>;
  rarity: () => Promise<RarityDataset>;
  /** The best funded offer each tiger can fill now, none of `exceptBuyer`'s (offer-reads.ts `bestOffers`); tigers without one absent. */
  bestOffers: (serials: readonly number[], exceptBuyer?: string) => Promise<{ best: Record<string, StandingOffer> }>;
  /** The tiger's last PAWS sale (a listing bought or an offer accepted), if any. */
  pawsLastSale: (serial: number) => Promise<{ pawsPrice: string; soldAt: string } | undefined>;
  /** SentX's recent sales of the collection. */
  hbarSales: () => Promise<{ serial: number; hbarPrice: number; at: string }[]>;
}

/** Logs a part that could not be read and answers without it. */
const without =
  <T>(what: string, fallback: T) =>
  (error: unknown): T => {
    log.warn(`listing context: ${what} unavailable`, { error });
    return fallback;
  };

/** The later of a tiger's last PAWS sale and its last SentX sale. */
function lastSaleOf(paws: { pawsPrice: string; soldAt: string } | undefined, hbar: { hbarPrice: number; at: string } | undefined): LastSale | null {
  const fromPaws: LastSale | null = paws ? { price: paws.pawsPrice, currency: 'PAWS', at: paws.soldAt } : null;
  const fromHbar: LastSale | null = hbar ? { price: String(hbar.hbarPrice), currency: 'HBAR', at: hbar.at } : null;
  if (!fromPaws || !fromHbar) return fromPaws ?? fromHbar;
  return Date.parse(fromHbar.at) > Date.parse(fromPaws.at) ? fromHbar : fromPaws;
}

/**
 * What a holder sees beside each tiger's listing price (GET /api/paws/listing-context): the
 * collection floor, its rarest trait's floor and its estimated value, its last sale on either
 * market, and the best standing offer that would take it (never the seller's own). A part that
 * cannot be read is left empty.
 */
export function createListingContextService(deps: ListingContextDeps) {
  return {
    async context(serials: readonly number[], seller?: string): Promise<ListingContextAnswer> {
      const unique = [...new Set(serials)];
      const [floors, rarity, offers, hbarSales, pawsSales] = await Promise.all([
        deps.floors.traitFloors(),
        deps.rarity(),
        deps.bestOffers(unique, seller).catch(without('offers', { best: {} as Record<string, StandingOffer> })),
        deps.hbarSales().catch(without('SentX sales', [])),
        Promise.all(unique.map((serial) => deps.pawsLastSale(serial).catch(without('PAWS sales', undefined)))),
      ]);
      const hbarLast = new Map<number, { hbarPrice: number; at: string }>();
      for (const sale of hbarSales) {
        const seen = hbarLast.get(sale.serial);
        if (!seen || Date.parse(sale.at) > Date.parse(seen.at)) hbarLast.set(sale.serial, sale);
      }
      const tigers: Record<string, TigerListingContext> = {};
      unique.forEach((serial, at) => {
        const traits = rarity.rarityData[String(serial)]?.traits ?? [];
        const offer = offers.best[String(serial)];
        tigers[serial] = {
          serial,
          rarestTrait: rarestTraitFloor(traits, floors),
          estimate: estimateValue(traits, floors),
          lastSale: lastSaleOf(pawsSales[at], hbarLast.get(serial)),
          bestOffer: offer ? { offerId: offer.offerId, kind: offer.kind, pawsAmount: offer.pawsAmount } : null,
        };
      });
      return {
        success: true,
        collectionFloor: floors.collectionFloor,
        hbarConverted: floors.hbarConverted,
        pawsPerHbar: floors.rate?.pawsPerHbar ?? null,
        tigers,
      };
    },
  };
}
