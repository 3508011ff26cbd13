import * as z from 'zod';
import {
  COLLECTION_PAGE_SIZE,
  DEFAULT_SORT,
  MAX_LIMIT,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  SORT_KEYS,
  UNKNOWN_OWNER,
  cleanSearch,
} from '../src/features/collection/collection-rules';
import { TOTAL_SUPPLY } from '../src/features/tiger/supply';
import { createCollectionService } from '../src/features/collection/collection-service';
import { createActivityRepo } from '../src/features/market-stats/activity-repo';
import { createListingRepo } from '../src/features/paws-market/listing-repo';
import { createProfileRepo } from '../src/features/profile/profile-repo';
import { createTigerViewRepo } from '../src/features/tiger-view/tiger-view-repo';
import { createTigerViewService } from '../src/features/tiger-view/tiger-view-service';
import { config } from '../src/server/config';
import { ownerMap, soldLately, traitFloors } from '../src/server/services';
import { collectionCatalog, ledgerReader, marketReads } from '../src/server/adapters';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { serializedJson } from '../src/server/http/respond';
import { entityIdSchema, serialSchema } from '../src/lib/schemas';
import { traitFilterParam } from '../src/features/collection/trait-filter-schema';
import { documentClient, tableName } from '../src/server/store/client';

const settings = config();
const catalog = collectionCatalog();
const ledger = ledgerReader();

/** Spec 001 §9: the market listings request limit. */
const LISTINGS_LIMIT = 1000;
/** Recent sales read for each tiger's last sale. */
const SALES_AMOUNT = 100;

const service = createCollectionService({
  nftTokenId: settings.nftTokenId,
  rarity: () => catalog.rarity(),
  // A name or image comes from the market records; the page's media component looks up the rest.
  owners: ownerMap().load,
  sharedOwners: ownerMap().stored,
  ownerOf: async (serial) => {
    const nft = await ledger.getNft(settings.nftTokenId, serial);
    return nft ? (nft.owner ?? UNKNOWN_OWNER) : null;
  },
  listings: async () =>
    (await (await marketReads()).listings({ tokenId: settings.nftTokenId, sortBy: 'price', sortDirection: 'ASC', limit: LISTINGS_LIMIT })).filter(
      (listing) => listing.isAvailableForPurchase,
    ),
  sales: async () => (await marketReads()).activity({ tokenId: settings.nftTokenId, amount: SALES_AMOUNT }),
  recentSales: soldLately().salesSince,
});

const pawsListings = createListingRepo(documentClient(), tableName());
const profiles = createProfileRepo(documentClient(), tableName());
const tigerView = createTigerViewService({
  nftTokenId: settings.nftTokenId,
  marketplaceAccountId: settings.marketplaceAccountId,
  catalog,
  nft: (serial) => ledger.getNft(settings.nftTokenId, serial),
  ledger,
  // The tigers sold lately that the mirror does not show yet: the tiger's view names the buyer at once.
  recentOwner: soldLately().ownerOf,
  profile: (accountId) => profiles.get(accountId),
  listingIdOf: (tokenId, serial) => pawsListings.lockHolder(tokenId, serial),
  listing: (id) => pawsListings.getListing(id),
  pawsSales: createTigerViewRepo({ listings: pawsListings, activity: createActivityRepo(documentClient(), tableName()) }).sales,
});

/** An empty query value counts as absent (`?page=` is page 1). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const collectionQuery = z.object({
  page: optional(
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(MAX_PAGE, `must be at most ${MAX_PAGE}`)
      .default(1),
  ),
  limit: optional(
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`)
      .default(COLLECTION_PAGE_SIZE),
  ),
  sort: optional(z.enum(SORT_KEYS, { error: `must be one of ${SORT_KEYS.join(', ')}` }).default(DEFAULT_SORT)),
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
    .default('')
    .transform((text) => cleanSearch(text)),
  traits: traitFilterParam,
});

const tokenParams = z.object({ tokenId: entityIdSchema });

/** The collection browser: the whole collection, paged, sorted, searched and filtered, and owner lookups. */
export const handler = routeGroup('collection', {
  'GET /api/collection/complete/{tokenId}': defineRoute('public', { params: tokenParams, query: collectionQuery }, async ({ params, query }) =>
    serializedJson(await service.collectionJson(params.tokenId, query)),
  ),

  'GET /api/collection/owner/{tokenId}/{serial}': defineRoute(
    'public',
    { params: z.object({ tokenId: entityIdSchema, serial: serialSchema }) },
    async ({ params }) => service.owner(params.tokenId, params.serial),
  ),

  'GET /api/collection/tiger/{serial}': defineRoute(
    'public',
    { params: z.object({ serial: serialSchema.max(TOTAL_SUPPLY, `must be at most ${TOTAL_SUPPLY}`) }) },
    async ({ params }) => tigerView.view(params.serial),
  ),

  'GET /api/collection/trait-floors': defineRoute('public', {}, async () => traitFloors().traitFloors()),
});
