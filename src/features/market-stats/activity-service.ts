import { DomainError } from '@/lib/domain-error';
import { type ActivityKindFilter, type ActivityPage, type PawsActivityItem, kindsOf } from './activity';
import type { ActivityCursor, ActivityRepo } from './activity-repo';

/** A seller's sales are looked up at most this far back (the history My Listings shows). */
export const SELLER_SALES_DAYS = 30;
/** At most this many of a seller's sales are answered. */
export const SELLER_SALES_MAX = 100;

/** The PAWS activity timeline and a signed-in seller's own sales. */
export function createActivityService({ repo, now = Date.now }: { repo: ActivityRepo; now?: () => number }) {
  return {
    /** One page of the timeline, newest first, optionally of one kind. */
    async page(input: { limit: number; cursor?: ActivityCursor | undefined; kind?: ActivityKindFilter | undefined }): Promise<ActivityPage> {
      return repo.page({ limit: input.limit, cursor: input.cursor, kinds: input.kind ? kindsOf(input.kind) : undefined });
    },

    /**
     * The signed-in seller's sales since `since` (ISO; at most 30 days back, the default), newest
     * first: only for their own account.
     */
    async sellerSales(sessionAccountId: string, accountId: string, since?: string): Promise<{ sales: PawsActivityItem[] }> {
      if (accountId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only read your own sales');
      const earliest = now() - SELLER_SALES_DAYS * 24 * 3_600_000;
      const from = since && Date.parse(since) > earliest ? new Date(Date.parse(since)).toISOString() : new Date(earliest).toISOString();
      const sales = await repo.sellerSalesSince(accountId, from);
      return { sales: sales.slice(0, SELLER_SALES_MAX) };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
