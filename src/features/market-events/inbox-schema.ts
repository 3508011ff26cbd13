/** The inbox's request bodies. */
import * as z from 'zod';
import { INBOX_PAGE } from './inbox-rules';
import { SEQ_DIGITS } from './market-event';

/** Notifications to mark read: their ids (as the inbox answered them), at most a page. */
export const inboxReadSchema = z
  .object({
    ids: z
      .array(z.string().regex(new RegExp(`^\\d{${SEQ_DIGITS}}$`)))
      .min(1)
      .max(INBOX_PAGE),
  })
  .strict();
