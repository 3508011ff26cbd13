import * as z from 'zod';
import { MAX_BULK_TIGERS } from '../src/features/allowances/allowance-rules';
import { createAllowanceService } from '../src/features/allowances/allowance-service';
import { config } from '../src/server/config';
import { ledgerReader, receipts } from '../src/server/adapters';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { entityIdSchema, serialSchema, transactionIdSchema } from '../src/lib/schemas';

const allowances = createAllowanceService(ledgerReader(), config(), receipts);

/** Several different tigers of one owner (bulk listing and unlisting). */
const bulkSerials = z
  .array(serialSchema)
  .min(1, 'must name at least one tiger')
  .max(MAX_BULK_TIGERS, `must name at most ${MAX_BULK_TIGERS} tigers`)
  .refine((serials) => new Set(serials).size === serials.length, 'must not name a tiger twice');

const amountSchema = z.union([z.string().max(40), z.number().nonnegative()]).transform((value) => String(value));

/**
 * Allowance reads and transaction statuses for anyone; approve/delete transactions prepared for the
 * signed-in owner only (with the id frozen into them, so the client can follow them on the ledger).
 */
export const handler = routeGroup('allowance', {
  'GET /api/hedera/allowance/token/{owner}/{tokenId}/{spender}': defineRoute(
    'public',
    { params: z.object({ owner: entityIdSchema, tokenId: entityIdSchema, spender: entityIdSchema }) },
    async ({ params }) => ({ success: true, allowance: await allowances.tokenAllowance(params.owner, params.tokenId, params.spender) }),
  ),

  'GET /api/hedera/allowance/nft/{owner}/{tokenId}/{serial}/{spender}': defineRoute(
    'public',
    { params: z.object({ owner: entityIdSchema, tokenId: entityIdSchema, serial: serialSchema, spender: entityIdSchema }) },
    async ({ params }) => ({
      success: true,
      hasAllowance: await allowances.hasNftAllowance(params.owner, params.tokenId, params.serial, params.spender),
    }),
  ),

  // `?mirror=1`: only the mirror node's record counts (the caller reads next what the transaction made).
  'GET /api/hedera/transaction/{transactionId}': defineRoute(
    'public',
    { params: z.object({ transactionId: transactionIdSchema }), query: z.object({ mirror: z.literal('1').optional() }) },
    async ({ params, query }) => allowances.transactionStatus(params.transactionId, { mirror: query.mirror === '1' }),
  ),

  'POST /api/paws/allowance/prepare': defineRoute(
    'session',
    { body: z.object({ ownerAccountId: entityIdSchema, tokenId: entityIdSchema, serialNumber: serialSchema, spenderAccountId: entityIdSchema }) },
    async ({ body, session }) => ({ success: true, ...(await allowances.prepareNftAllowance(session.accountId, body)) }),
  ),

  'POST /api/paws/allowance/bulk/prepare': defineRoute(
    'session',
    { body: z.object({ ownerAccountId: entityIdSchema, tokenId: entityIdSchema, serialNumbers: bulkSerials, spenderAccountId: entityIdSchema }) },
    async ({ body, session }) => ({ success: true, ...(await allowances.prepareNftAllowances(session.accountId, body)) }),
  ),

  'POST /api/paws/token-allowance/prepare': defineRoute(
    'session',
    { body: z.object({ ownerAccountId: entityIdSchema, tokenId: entityIdSchema, amount: amountSchema, spenderAccountId: entityIdSchema }) },
    async ({ body, session }) => ({ success: true, ...(await allowances.prepareTokenAllowance(session.accountId, body)) }),
  ),

  'POST /api/paws/allowance/delete/prepare': defineRoute(
    'session',
    { body: z.object({ ownerAccountId: entityIdSchema, tokenId: entityIdSchema, serialNumber: serialSchema }) },
    async ({ body, session }) => ({ success: true, ...(await allowances.prepareNftAllowanceDelete(session.accountId, body)) }),
  ),

  'POST /api/paws/allowance/delete/bulk/prepare': defineRoute(
    'session',
    { body: z.object({ ownerAccountId: entityIdSchema, tokenId: entityIdSchema, serialNumbers: bulkSerials }) },
    async ({ body, session }) => ({ success: true, ...(await allowances.prepareNftAllowanceDeletes(session.accountId, body)) }),
  ),
});
