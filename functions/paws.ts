import * as z from 'zod';
import { MAX_BULK_TIGERS } from '../src/features/allowances/allowance-rules';
import { MAX_CART_ITEMS } from '../src/features/paws-market/cart-rules';
import { listingsQuery, sweepQuery } from '../src/features/paws-market/listings-schema';
import { acceptOfferBody, acceptOffersBody, acceptOffersCheckBody, bestOffersQuery, makeOfferBody, offerPath } from '../src/features/offers/offer-schema';
import { MAX_OPEN_OFFERS } from '../src/features/offers/offer-rules';
import { activityQuery, sellerSalesQuery } from '../src/features/market-stats/activity-schema';
import { DomainError } from '../src/lib/domain-error';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { pawsServices, traitFloors } from '../src/server/services';
import { collectionCatalog, marketReads } from '../src/server/adapters';
import { config } from '../src/server/config';
import { documentClient, tableName } from '../src/server/store/client';
import { createActivityRepo } from '../src/features/market-stats/activity-repo';
import { createTigerViewRepo } from '../src/features/tiger-view/tiger-view-repo';
import { createListingContextService } from '../src/features/trait-floors/listing-context-service';
import { listingContextQuery } from '../src/features/trait-floors/listing-context-schema';
import { decimalInputSchema, entityIdSchema, serialSchema, transactionIdSchema } from '../src/lib/schemas';

const { market, offers, activity, figures, terms } = pawsServices();

/** Recent SentX sales read for each tiger's last sale (SentX's activity feed, newest first). */
const HBAR_SALES_READ = 100;
const { nftTokenId } = config();
// One tiger's PAWS sales of both kinds (listings bought, offers accepted), as its view reads them.
const tigerSales = createTigerViewRepo({ listings: pawsServices().listings, activity: createActivityRepo(documentClient(), tableName()) });
const listingContext = createListingContextService({
  floors: traitFloors(),
  rarity: () => collectionCatalog().rarity(),
  bestOffers: offers.bestOffers,
  pawsLastSale: async (serial) => (await tigerSales.sales(nftTokenId, serial, 1))[0],
  hbarSales: async () =>
    (await (await marketReads()).activity({ tokenId: nftTokenId, amount: HBAR_SALES_READ })).map((sale) => ({
      serial: sale.nftSerialId,
      hbarPrice: sale.salePrice,
      at: sale.saleDate,
    })),
});

const listingId = z.uuid('must be a listing id');
const price = decimalInputSchema;
/** The buyer's open offers they let lapse to pay a purchase from their allowance as it is (allowance-budget.ts). */
const lapseOffers = z.array(z.uuid('must be an offer id')).max(MAX_OPEN_OFFERS, `must name at most ${MAX_OPEN_OFFERS} offers`).optional();
/** The buyer's PAWS allowance approval, when the buy follows one: the server waits for it on the ledger first. */
const buyBody = z.object({ listingId, buyerId: entityIdSchema, allowanceTransactionId: transactionIdSchema.optional(), lapseOffers });

/** A cart's listings (at most MAX_CART_ITEMS). */
const cartBody = {
  buyerId: entityIdSchema,
  listingIds: z.array(listingId).min(1, 'must name at least one listing').max(MAX_CART_ITEMS, `must name at most ${MAX_CART_ITEMS} listings`),
  lapseOffers,
};
/** The cart, and the buyer's PAWS allowance approval when the checkout follows one. */
const checkoutBody = z.object({ ...cartBody, allowanceTransactionId: transactionIdSchema.optional() });

const buy = defineRoute('session', { body: buyBody }, async ({ body, session }) => market.buy(session.accountId, body));

/** The PAWS marketplace: listings, listing and unlisting by the seller, buying settled on the ledger; offers made, accepted and cancelled. */
export const handler = routeGroup('paws', {
  'GET /api/paws/listings': defineRoute('public', { query: listingsQuery }, async ({ query }) =>
    market.listActive(query.page, query.limit, { sort: query.sort, traits: query.traits }),
  ),

  'GET /api/paws/listings/user/{accountId}': defineRoute('public', { params: z.object({ accountId: entityIdSchema }) }, async ({ params }) =>
    market.sellerListings(params.accountId),
  ),

  /** The cheapest live listings a sweep of the floor puts in the cart (at most 25), within a trait filter, a tier and a maximum total. */
  'GET /api/paws/sweep': defineRoute('public', { query: sweepQuery }, async ({ query }) => market.sweep(query)),

  'GET /api/paws/stats': defineRoute('public', {}, async () => figures.figures()),

  /** The custom fees a sale pays (the collection's and PAWS's), for the dialogs to say what each side receives and pays. */
  'GET /api/paws/fees': defineRoute('public', {}, async () => {
    const { fees, pawsDecimals } = await terms.read();
    return { ...fees, pawsDecimals };
  }),

  'GET /api/paws/activity': defineRoute('public', { query: activityQuery }, async ({ query }) => activity.page(query)),

  'GET /api/paws/activity/seller/{accountId}': defineRoute(
    'session',
    { params: z.object({ accountId: entityIdSchema }), query: sellerSalesQuery },
    async ({ params, query, session }) => activity.sellerSales(session.accountId, params.accountId, query.since),
  ),

  'POST /api/paws/listings/prepare': defineRoute(
    'session',
    {
      body: z.object({
        sellerId: entityIdSchema,
        tokenId: entityIdSchema,
        serialNumber: serialSchema,
        pawsPrice: price,
      }),
    },
    async ({ body, session }) => market.prepareListing(session.accountId, body),
  ),

  'POST /api/paws/listings/complete': defineRoute(
    'session',
    {
      body: z.object({
        pendingListing: z.object({ id: z.uuid('must be a pending listing id') }),
        approvalTransactionId: transactionIdSchema.optional(),
      }),
    },
    async ({ body, session }) => {
      if (!body.approvalTransactionId) throw new DomainError('APPROVAL_ID_MISSING', 'NFT allowance approval failed - no transaction ID received');
      return market.completeListing(session.accountId, { pendingListingId: body.pendingListing.id, approvalTransactionId: body.approvalTransactionId });
    },
  ),

  'POST /api/paws/listings/bulk/prepare': defineRoute(
    'session',
    {
      body: z.object({
        sellerId: entityIdSchema,
        tokenId: entityIdSchema,
        items: z
          .array(z.object({ serialNumber: serialSchema, pawsPrice: price }))
          .min(1, 'must name at least one tiger')
          .max(MAX_BULK_TIGERS, `must name at most ${MAX_BULK_TIGERS} tigers`)
          .refine((items) => new Set(items.map((item) => item.serialNumber)).size === items.length, 'must not name a tiger twice'),
      }),
    },
    async ({ body, session }) => market.prepareListings(session.accountId, body),
  ),

  'POST /api/paws/listings/bulk/complete': defineRoute(
    'session',
    {
      body: z.object({
        items: z
          .array(z.object({ pendingListingId: z.uuid('must be a pending listing id'), approvalTransactionId: transactionIdSchema }))
          .min(1, 'must name at least one listing')
          .max(MAX_BULK_TIGERS, `must name at most ${MAX_BULK_TIGERS} listings`)
          .refine((items) => new Set(items.map((item) => item.pendingListingId)).size === items.length, 'must not name a listing twice'),
      }),
    },
    async ({ body, session }) => market.completeListings(session.accountId, body),
  ),

  'POST /api/paws/listings/bulk/unlist': defineRoute(
    'session',
    {
      body: z.object({
        listingIds: z.array(listingId).min(1, 'must name at least one listing').max(MAX_BULK_TIGERS, `must name at most ${MAX_BULK_TIGERS} listings`),
      }),
    },
    async ({ body, session }) => market.unlistMany(session.accountId, [...new Set(body.listingIds)]),
  ),

  'DELETE /api/paws/listings/{id}': defineRoute('session', { params: z.object({ id: listingId }) }, async ({ params, session }) =>
    market.unlist(session.accountId, params.id),
  ),

  /** The cart as it stands as the holder pays, before any wallet prompt (cart-checkout.ts): what is still for sale, what changed, what it costs and asks. */
  'POST /api/paws/cart/quote': defineRoute('session', { body: z.object(cartBody) }, async ({ body, session }) => market.quote(session.accountId, body)),

  /** The holder's one PAWS allowance budget: what their open offers keep of it and what is free. */
  'GET /api/paws/allowance/budget/{accountId}': defineRoute('session', { params: z.object({ accountId: entityIdSchema }) }, async ({ params, session }) =>
    offers.allowanceBudget(session.accountId, params.accountId),
  ),

  /** A cart of listings bought at once (cart-checkout.ts): each listing bought, pending, dropped or refused, named. */
  'POST /api/paws/cart/checkout': defineRoute('session', { body: checkoutBody }, async ({ body, session }) => market.checkout(session.accountId, body)),

  'POST /api/paws/buy/prepare': buy,
  'POST /api/paws/purchase': buy,

  'GET /api/paws/offers/best': defineRoute('public', { query: bestOffersQuery }, async ({ query }) => offers.bestOffers(query.serials)),

  'GET /api/paws/listing-context': defineRoute('public', { query: listingContextQuery }, async ({ query }) =>
    listingContext.context(query.serials, query.seller),
  ),

  'GET /api/paws/offers/tiger/{serial}': defineRoute('public', { params: z.object({ serial: serialSchema }) }, async ({ params }) =>
    offers.tigerOffers(params.serial),
  ),

  'GET /api/paws/offers/made/{accountId}': defineRoute('public', { params: z.object({ accountId: entityIdSchema }) }, async ({ params }) =>
    offers.offersMade(params.accountId),
  ),

  'GET /api/paws/offers/received/{accountId}': defineRoute('public', { params: z.object({ accountId: entityIdSchema }) }, async ({ params }) =>
    offers.offersReceived(params.accountId),
  ),

  'POST /api/paws/offers': defineRoute('session', { body: makeOfferBody }, async ({ body, session }) => offers.makeOffer(session.accountId, body)),

  /** Each acceptance of a bulk acceptance checked before the owner's wallet is asked for anything: ready, or refused and why. */
  'POST /api/paws/offers/accept-many/check': defineRoute('session', { body: acceptOffersCheckBody }, async ({ body, session }) =>
    offers.checkOffers(session.accountId, body),
  ),

  'POST /api/paws/offers/accept-many': defineRoute('session', { body: acceptOffersBody }, async ({ body, session }) =>
    offers.acceptOffers(session.accountId, body),
  ),

  'POST /api/paws/offers/{id}/accept': defineRoute('session', { params: offerPath, body: acceptOfferBody }, async ({ params, body, session }) =>
    offers.acceptOffer(session.accountId, { offerId: params.id, ...body }),
  ),

  'DELETE /api/paws/offers/{id}': defineRoute('session', { params: offerPath }, async ({ params, session }) =>
    offers.cancelOffer(session.accountId, params.id),
  ),
});
