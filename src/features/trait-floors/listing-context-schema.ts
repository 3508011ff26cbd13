import * as z from 'zod';
import { entityIdSchema } from '@/lib/schemas';
import { LISTING_CONTEXT_MAX } from './listing-context-rules';

/**
 * GET /api/paws/listing-context: up to LISTING_CONTEXT_MAX serials, comma-separated (one listing, or a
 * bulk listing's tigers), and the account listing them, whose own offers never count as the best offer.
 */
export const listingContextQuery = z.object({
  serials: z
    .string({ error: 'must name the tigers' })
    .max(600)
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${LISTING_CONTEXT_MAX - 1}}$`), `must be up to ${LISTING_CONTEXT_MAX} serial numbers separated by commas`)
    .transform((value) => value.split(',').map(Number))
    .refine((serials) => serials.every((serial) => serial >= 1), 'must be serial numbers of 1 or more'),
  seller: entityIdSchema.optional(),
});
