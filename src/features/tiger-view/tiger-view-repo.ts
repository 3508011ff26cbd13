import type { ActivityRepo } from '@/features/market-stats/activity-repo';
import type { ListingRepo } from '@/features/paws-market/listing-repo';
import type { TigerPawsSale } from './tiger-view-rules';

/**
 * One tiger's PAWS sales, read through the repos that own them: listings bought (the PAWS market's
 * sales, listing-repo.ts) and tigers sold to offers (the activity timeline, activity-repo.ts). Read-only.
 */
export function createTigerViewRepo({ listings, activity }: { listings: Pick<ListingRepo, 'tigerSales'>; activity: Pick<ActivityRepo, 'tigerOfferSales'> }) {
  return {
    /** The tiger's last `limit` PAWS sales of both kinds, newest first. */
    async sales(tokenId: string, serial: number, limit: number): Promise<TigerPawsSale[]> {
      const [bought, accepted] = await Promise.all([listings.tigerSales(tokenId, serial, limit), activity.tigerOfferSales(tokenId, serial, limit)]);
      const sales: TigerPawsSale[] = [
        ...bought.map((sale) => ({
          kind: 'listing' as const,
          pawsPrice: String(sale.pawsPrice),
          soldAt: String(sale.soldAt),
          sellerId: String(sale.sellerId),
          buyerId: String(sale.buyerId),
          transactionId: String(sale.transactionId),
        })),
        ...accepted.map((sale) => ({
          kind: 'offer' as const,
          pawsPrice: sale.pawsAmount,
          soldAt: sale.at,
          sellerId: sale.sellerId,
          buyerId: sale.buyerId,
          transactionId: sale.transactionId,
        })),
      ];
      return sales.sort((a, b) => b.soldAt.localeCompare(a.soldAt)).slice(0, limit);
    },
  };
}

export type TigerViewRepo = ReturnType<typeof createTigerViewRepo>;
