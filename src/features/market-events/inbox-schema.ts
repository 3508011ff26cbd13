/** The inbox's request bodies. */
import * as z from 'zod';
import { INBOX_PAGE } from './inbox-rules';

/** Notifications to mark read: their ids (as the inbox answered them), at most a page. */
export const inboxReadSchema = z
  .object({
    ids: z
      .array(z.string().regex(/^\d{12}$/))
      .min(1)
      .max(INBOX_PAGE),
  })
  .strict();
