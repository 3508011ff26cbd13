/** The watchlist's request bodies and parameters. */
import * as z from 'zod';
import { WATCH_KINDS } from './watch-rules';

/** A watch to keep: what it watches, and the price under which a listing alerts (none: only a sale of a watched tiger). */
export const watchBodySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(WATCH_KINDS),
    target: z.string().min(1).max(120),
    under: z
      .object({
        amount: z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be a price with up to 8 decimals'),
        currency: z.enum(['PAWS', 'HBAR']),
      })
      .strict()
      .nullable(),
  })
  .strict()
  .refine((watch) => watch.under === null || Number(watch.under.amount) > 0, { message: 'The alert price must be above 0', path: ['under', 'amount'] });

export const watchParamsSchema = z.object({ id: z.uuid() });
