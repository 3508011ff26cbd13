/**
 * The service graphs more than one entry point runs, wired once: the PAWS market (listings, buys,
 * offers, its activity and figures) for the paws route group and the reconciler, and the HBAR
 * market for the market route group and the reconciler, so that a job settles a trade with the
 * very services and settings a request does; who holds every tiger, which the scheduled job
 * stores and the collection and profile route groups read; and the tigers sold lately, which those
 * groups and the balances lay over what the mirror node shows. A route group whose services no other entry point
 * uses builds them in its handler module (functions/<group>.ts). Each graph is built on first use.
 */
import { createOwnersSnapshotRepo } from '@/features/collection/owners-snapshot-repo';
import { createMarketService } from '@/features/hbar-market/market-service';
import { createPurchaseRepo } from '@/features/hbar-market/purchase-repo';
import { createActivityRepo } from '@/features/market-stats/activity-repo';
import { createActivityService } from '@/features/market-stats/activity-service';
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { MARKET_STREAM } from '@/features/market-events/market-event';
import { createHbarFiguresService, createPawsFiguresService } from '@/features/market-stats/market-figures-service';
import { createListingRepo } from '@/features/paws-market/listing-repo';
import { createOfferFundsRepo } from '@/features/offers/offer-funds-repo';
import { createOfferRepo } from '@/features/offers/offer-repo';
import { createOfferService } from '@/features/offers/offer-service';
import { createRecentTrades } from '@/features/paws-market/recent-trades';
import { createPawsMarketService } from '@/features/paws-market/paws-market-service';
import { createTradeTerms } from '@/features/paws-market/trade-terms';
import { TOTAL_SUPPLY } from '@/features/tiger/supply';
import { createTraitFloorService } from '@/features/trait-floors/trait-floor-service';
import { createPortfolioRepo } from '@/features/portfolio/portfolio-repo';
import { createPortfolioReading } from '@/features/portfolio/portfolio-reading';
import { once } from '@/lib/once';
import { collectionCatalog, ledgerReader, marketPort, marketReads, portfolioLedger, priceSource, receipts, settlement } from './adapters';
import { config } from './config';
import { documentClient, tableName } from './store/client';

/** Listings counted for the figures at most (spec 001 §9's market listings request limit). */
const FIGURES_LISTINGS_MAX = 1000;

/** The PAWS market: listings and buys, offers, the activity timeline and the figures. */
export const pawsServices = /* @__PURE__ */ once(() => {
  const settings = config();
  const catalog = collectionCatalog();
  const display = (serial: number) => catalog.entry(serial);
  const listings = createListingRepo(documentClient(), tableName());
  const activityRepo = createActivityRepo(documentClient(), tableName());
  const events = createEventLogRepo(documentClient(), tableName());
  const marketSettings = {
    nftTokenId: settings.nftTokenId,
    pawsTokenId: settings.pawsTokenId,
    marketplaceAccountId: settings.marketplaceAccountId,
    settlementTimeoutMs: settings.settlementTimeoutMs,
  };
  const offerRepo = createOfferRepo(documentClient(), tableName());
  // One read of the tokens' decimals and fees for the market, the offers and the fees route.
  const terms = createTradeTerms(ledgerReader(), marketSettings);
  const offers = createOfferService({
    terms,
    offers: offerRepo,
    funds: createOfferFundsRepo(documentClient(), tableName()),
    listings,
    ledger: ledgerReader(),
    settlement,
    settings: marketSettings,
    rarity: () => catalog.rarity(),
    display,
    receipts,
    events,
  });
  const market = createPawsMarketService({
    terms,
    store: listings,
    ledger: ledgerReader(),
    settlement,
    batchSettlement: settlement,
    settings: marketSettings,
    display,
    commitments: offers.commitments,
    receipts,
    // A sale or listing goes to the activity timeline, whoever records it.
    activity: activityRepo,
  });
  const figures = createPawsFiguresService({
    // Every PAWS sale: the listings bought (the market's sales) and the tigers sold to offers (the timeline).
    salesSince: async (since) => (await Promise.all([listings.salesSince(since), activityRepo.offerSalesSince(since)])).flat(),
    listedPrices: async () => (await market.listActive(1, FIGURES_LISTINGS_MAX)).listings.map((listing) => Number(listing.pawsPrice)),
    // A listing, sale or offer moves the market's head: the figures are counted again for it.
    marketVersion: () => events.head(MARKET_STREAM),
  });
  return { listings, offerRepo, offers, market, terms, activity: createActivityService({ repo: activityRepo }), figures };
});

/**
 * The HBAR market's buy flow and reads over SentX, with its purchase records and its figures; its listings leave out
 * the tigers sold lately on either market, and its activity shows the purchases paid here before SentX records them.
 */
export const hbarServices = /* @__PURE__ */ once(() => {
  const purchases = createPurchaseRepo(documentClient(), tableName());
  const catalog = collectionCatalog();
  const market = createMarketService({
    port: marketPort,
    purchases,
    latestBuyers: soldLately().latestBuyers,
    display: (serial) => catalog.entry(serial),
    ledger: ledgerReader,
    receipts,
    nftTokenId: config().nftTokenId,
  });
  // The HBAR figures over the market's cached reads: the figures route and the scheduled job's watch of them.
  return { purchases, market, figures: createHbarFiguresService({ market }) };
});

/**
 * Who holds every tiger: the bulk owner map read from the ledger (about 34 mirror pages, whatever the number of
 * holders) and the copy of it the scheduled job stores each minute, which page views read (spec 001 §9: owned NFTs 60 s).
 */
export const ownerMap = /* @__PURE__ */ once(() => ({
  load: () => ledgerReader().getAllNftOwners(config().nftTokenId, { expectedSerials: TOTAL_SUPPLY }),
  stored: createOwnersSnapshotRepo(documentClient(), tableName(), config().nftTokenId),
}));

/**
 * The tigers sold in the last minutes, as the app's own records say (the PAWS market's sales from its activity
 * timeline, the HBAR purchases paid by their receipt): laid over the mirror's owners, holdings and balances until
 * it shows them.
 */
export const soldLately = /* @__PURE__ */ once(() =>
  createRecentTrades({
    tradesSince: createActivityRepo(documentClient(), tableName()).tradesSince,
    hbarPaidSince: createPurchaseRepo(documentClient(), tableName()).paidSince,
    ledger: ledgerReader(),
  }),
);

/**
 * The trait floors across both markets and the tigers' estimated values from them (issue 58), for the collection,
 * PAWS and portfolio route groups: counted again when the market stream's head moves, and at least every 30 s.
 */
export const traitFloors = /* @__PURE__ */ once(() => {
  const { nftTokenId } = config();
  const listings = createListingRepo(documentClient(), tableName());
  const events = createEventLogRepo(documentClient(), tableName());
  return createTraitFloorService({
    rarity: () => collectionCatalog().rarity(),
    pawsListings: async () =>
      (await listings.activeListings())
        .filter((listing) => listing.tokenId === nftTokenId)
        .map((listing) => ({ serial: listing.serialNumber, pawsPrice: listing.pawsPrice })),
    hbarListings: async () =>
      (await (await marketReads()).listings({ tokenId: nftTokenId, sortBy: 'price', sortDirection: 'ASC', limit: FIGURES_LISTINGS_MAX }))
        .filter((listing) => listing.isAvailableForPurchase)
        .map((listing) => ({ serial: listing.serialId ?? listing.nftSerialId, hbarPrice: listing.salePrice })),
    prices: async () => {
      const source = await priceSource();
      const [hbar, paws] = await Promise.all([source.hbar(), source.paws()]);
      return { hbarUsd: hbar.priceUsd, pawsUsd: paws.price };
    },
    marketVersion: () => events.head(MARKET_STREAM),
  });
});

/**
 * A holder's trades as read from the ledger (issue 58), kept in the table: the profile route group's
 * portfolio reads them for a view, and the scheduled job reads the kept ones on after their holders' trades.
 */
export const portfolioReading = /* @__PURE__ */ once(() =>
  createPortfolioReading({
    ledger: portfolioLedger(),
    store: createPortfolioRepo(documentClient(), tableName()),
    reader: ledgerReader(),
    settings: { nftTokenId: config().nftTokenId, pawsTokenId: config().pawsTokenId },
  }),
);
