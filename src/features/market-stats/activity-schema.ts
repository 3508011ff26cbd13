/** The query of GET /api/paws/activity and of a seller's own sales. */
import * as z from 'zod';
import { ACTIVITY_KIND_FILTERS, ACTIVITY_PAGE_MAX, ACTIVITY_PAGE_SIZE } from './activity';
import { decodeCursor } from './activity-repo';

export const activityQuery = z.object({
  cursor: z
    .string()
    .max(1000)
    .optional()
    .transform((text, context) => {
      if (text === undefined || text === '') return undefined;
      const cursor = decodeCursor(text);
      if (!cursor) context.addIssue({ code: 'custom', message: 'must be a cursor from an earlier page' });
      return cursor;
    }),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(ACTIVITY_PAGE_SIZE),
  kind: z.enum(ACTIVITY_KIND_FILTERS).optional(),
});

export const sellerSalesQuery = z.object({ since: z.iso.datetime({ offset: true }).optional() });
