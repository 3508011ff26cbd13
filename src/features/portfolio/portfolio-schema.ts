import * as z from 'zod';
import { entityIdSchema } from '@/lib/schemas';

/** GET /api/portfolio/{accountId} and its trades.csv: a `shard.realm.num` account id. */
export const portfolioParamsSchema = z.object({ accountId: entityIdSchema });
