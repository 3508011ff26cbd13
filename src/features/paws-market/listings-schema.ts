/** The zod schema of the PAWS listings query (GET /api/paws/listings): page, limit, sort and trait filter. */
import * as z from 'zod';
import { MAX_LIMIT, MAX_PAGE } from '@/features/collection/collection-rules';
import { traitFilterParam } from '@/features/collection/trait-filter-schema';
import { RARITY_TIERS } from '@/features/tiger/tiers';
import { decimalInputSchema, entityIdSchema } from '@/lib/schemas';
import { MAX_CART_ITEMS } from './cart-rules';
import { PAWS_PAGE_SIZE } from './listing';
import { DEFAULT_PAWS_SORT, PAWS_SORT_KEYS } from './listings-view-rules';

const count = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(max, `must be at most ${max}`)
    .default(fallback);

export const listingsQuery = z.object({
  page: count(MAX_PAGE, 1),
  limit: count(MAX_LIMIT, PAWS_PAGE_SIZE),
  sort: z.enum(PAWS_SORT_KEYS, { error: `must be one of ${PAWS_SORT_KEYS.join(', ')}` }).default(DEFAULT_PAWS_SORT),
  traits: traitFilterParam,
});

/** The sweep query (GET /api/paws/sweep): how many of the cheapest, within a trait filter and a tier, under a maximum total in whole PAWS, for a buyer. */
export const sweepQuery = z.object({
  count: count(MAX_CART_ITEMS, 10),
  traits: traitFilterParam,
  tier: z.enum(RARITY_TIERS, { error: `must be one of ${RARITY_TIERS.join(', ')}` }).optional(),
  maxTotal: decimalInputSchema.optional(),
  buyerId: entityIdSchema.optional(),
});
