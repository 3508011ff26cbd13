import * as z from 'zod';
import { RARITY_FIELDS, createTigerService } from '../src/features/tiger/tiger-service';
import { config } from '../src/server/config';
import { collectionCatalog } from '../src/server/adapters';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { hbarServices } from '../src/server/services';
import { decimalInputSchema, entityIdSchema, serialSchema } from '../src/lib/schemas';

const settings = config();

const { market, figures } = hbarServices();
const tigers = createTigerService({ catalog: collectionCatalog(), nftTokenId: settings.nftTokenId });

/** `token=` may be empty (the default collection) or must name it. */
const token = z.union([z.literal(''), entityIdSchema]).optional();
const tokenParams = z.object({ tokenId: entityIdSchema });

/** The HBAR marketplace (SentX or its sandbox stand-in), the collection's rarity and tiger images. */
export const handler = routeGroup('market', {
  'GET /api/market/activity': defineRoute(
    'public',
    {
      query: z.object({
        token,
        activityFilter: z.enum(['Sales']).default('Sales'),
        amount: z.coerce.number().int().min(1).max(100).default(100),
      }),
    },
    async ({ query }) => market.activity({ tokenId: query.token, amount: query.amount }),
  ),

  'GET /api/market/listings': defineRoute(
    'public',
    {
      query: z.object({
        token,
        sortBy: z.enum(['listingDate', 'price']).default('listingDate'),
        sortDirection: z.enum(['ASC', 'DESC']).default('DESC'),
        limit: z.coerce.number().int().min(1).max(1000).default(1000),
      }),
    },
    async ({ query }) => market.listings({ tokenId: query.token, sortBy: query.sortBy, sortDirection: query.sortDirection, limit: query.limit }),
  ),

  'GET /api/market/floor': defineRoute('public', {}, async () => market.floor()),

  'GET /api/market/stats': defineRoute('public', { query: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }) }, async ({ query }) =>
    market.stats(query.days),
  ),

  'GET /api/market/figures': defineRoute('public', {}, async () => figures.figures()),

  'GET /api/market/whales/{tokenId}': defineRoute('public', { params: tokenParams }, async ({ params }) => market.holders(params.tokenId)),

  'GET /api/collection/hedera-rarity/{tokenId}': defineRoute(
    'public',
    { params: tokenParams, query: z.object({ fields: z.enum(RARITY_FIELDS).default('all') }) },
    async ({ params, query }) => tigers.rarity(params.tokenId, query.fields),
  ),

  'GET /api/nft-metadata/{tokenId}/{serial}': defineRoute(
    'public',
    { params: z.object({ tokenId: entityIdSchema, serial: serialSchema }) },
    async ({ params }) => tigers.image(params.tokenId, params.serial),
  ),

  'POST /api/market/buy': defineRoute(
    'session',
    {
      body: z.object({
        token_address: entityIdSchema,
        serial_number: serialSchema,
        user_address: entityIdSchema,
        price: decimalInputSchema,
      }),
    },
    async ({ body, session }) =>
      market.buy(session.accountId, { tokenAddress: body.token_address, serial: body.serial_number, userAddress: body.user_address, price: body.price }),
  ),

  'POST /api/market/buy/complete': defineRoute('session', { body: z.object({ saleVerificationCode: z.string().min(1).max(200) }) }, async ({ body, session }) =>
    market.complete(session.accountId, body.saleVerificationCode),
  ),
});
