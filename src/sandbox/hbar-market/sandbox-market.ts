/**
 * The book of the sandbox's stand-in for SentX (served over SentX's REST by sentx-api.ts), over the
 * sandbox ledger: a seeded sales history, listings backed
 * by real per-serial allowances to the market account, and a buy flow that returns frozen,
 * market-signed transfer bytes for the buyer to sign. Like SentX, it sees the ledger through the
 * mirror node, with its lag: a purchase is completed only once the mirror shows its transaction
 * succeeded (until then completion answers that it has not been executed yet). Seeding runs on
 * start-up (or on the first request that needs it) and is history: visible at once.
 */
import { randomBytes } from 'node:crypto';
import { log } from '@/platform/log';
import type { SandboxLedger, SandboxView } from '@/sandbox/ledger/sandbox-ledger';
import type { NftState } from '@/sandbox/ledger/state';
import { tigerMetadata } from '@/sandbox/collection/metadata';
import { parseTransactionId, toSdkTransactionId } from '@/features/ledger/transaction-id';
import { MarketRejectedError } from '@/features/hbar-market/market-errors';
import type {
  BuyCompletion,
  BuyCompletionRequest,
  BuyPreparation,
  BuyRequest,
  DailyStat,
  ListingQuery,
  ListingRecord,
  OwnerStats,
  SaleRecord,
} from '@/features/hbar-market/market-port';
import { dailyStats, hbarToTinybars, priceMatches, sortListings } from '@/features/hbar-market/market-rules';
import { type PlannedListing, planSandboxMarket } from './sandbox-market-plan';
import type { MarketListing, MarketSale, PendingSale, SandboxMarketRepo } from './sandbox-market-repo';
import { PURCHASE_VALID_SECONDS, listingAllowanceBytes, purchaseTransaction } from './sandbox-market-transactions';

/** A buyer asking again within this time gets the same sale back; shorter than the 120 s the bytes stay valid. */
const PENDING_REUSE_MS = 60_000;
/** A pending sale can still be completed this long after it was prepared. */
const PENDING_KEEP_MS = 24 * 60 * 60 * 1000;

export interface SandboxMarketDeps {
  ledger: SandboxLedger;
  store: SandboxMarketRepo;
  now?: () => number;
}

/** What the SentX stand-in answers from (in SentX's record shapes), and its seeding for the local server's start-up. */
export interface SandboxMarket {
  /** Seeds the listings and sales once per store (idempotent). */
  seed(): Promise<void>;
  activity(input: { tokenId: string; amount: number }): Promise<SaleRecord[]>;
  listings(query: ListingQuery): Promise<ListingRecord[]>;
  floor(tokenId: string): Promise<number | null>;
  stats(input: { tokenId: string; startDate: string; endDate: string }): Promise<DailyStat[]>;
  owners(tokenId: string): Promise<OwnerStats>;
  /** Throws MarketRejectedError with SentX's reason when the buy is refused. */
  buy(request: BuyRequest): Promise<BuyPreparation>;
  buyComplete(request: BuyCompletionRequest): Promise<BuyCompletion>;
}

export function createSandboxMarket({ ledger, store, now = Date.now }: SandboxMarketDeps): SandboxMarket {
  const { network } = ledger;
  let seeding: Promise<void> | undefined;

  /** Seeds once per store: listings with their ledger allowances, then the sales history. */
  function seeded(): Promise<void> {
    seeding ??= seed().catch((error: unknown) => {
      seeding = undefined;
      throw error;
    });
    return seeding;
  }

  async function seed(): Promise<void> {
    const state = await store.seedState(now());
    if (state.complete) return;
    const plan = planSandboxMarket(network, state.anchorMs);
    await approveListings(plan.listings);
    await Promise.all([
      ...plan.listings.map((listing) => store.putListing({ ...listing, tokenId: network.nftTokenId, status: 'active', soldAt: null, buyerId: null })),
      ...plan.sales.map((sale) => store.putSale({ ...sale, tokenId: network.nftTokenId, transactionId: null })),
    ]);
    await store.markSeeded();
  }

  /** Each holder approves the market for its listed serial, unless it already has (idempotent). */
  async function approveListings(listings: readonly PlannedListing[]): Promise<void> {
    const view = await ledger.latest();
    const missing = listings.filter((listing) => {
      const nft = nftOf(view, listing.serial);
      return nft?.owner === listing.sellerId && nft.spender !== network.marketAccountId;
    });
    for (const listing of missing) {
      const result = await ledger.executeAsHistory(await listingAllowanceBytes(network, listing));
      if (result.status !== 'SUCCESS') log.warn('sandbox market: a listing allowance was refused', { serial: listing.serial, status: result.status });
    }
  }

  function nftOf(view: SandboxView, serial: number) {
    return view.state.tokens.get(network.nftTokenId)?.nfts[serial];
  }

  /** A listing can be bought while its seller still owns the tiger and the market is its spender. */
  function isBacked(view: SandboxView, listing: MarketListing): boolean {
    const nft = nftOf(view, listing.serial);
    return nft?.owner === listing.sellerId && nft.spender === network.marketAccountId;
  }

  async function activeListings(): Promise<{ listing: MarketListing; available: boolean }[]> {
    await seeded();
    const listings = (await store.listings()).filter((listing) => listing.status === 'active');
    const view = await ledger.read();
    return listings.map((listing) => ({ listing, available: isBacked(view, listing) }));
  }

  /** Why the buyer cannot take this listing now, from the ledger; null when they can. */
  async function purchaseProblem(listing: MarketListing, buyerId: string): Promise<string | null> {
    const view = await ledger.read();
    if (!isBacked(view, listing)) return 'This listing is no longer available';
    const buyer = view.state.accounts.get(buyerId);
    if (!buyer) return `Account ${buyerId} does not exist`;
    if (!buyer.tokens.has(network.nftTokenId)) return `Associate ${network.nftTokenId} with your account before buying`;
    if (buyer.hbar < hbarToTinybars(listing.salePrice)) return 'Insufficient HBAR balance for this purchase';
    return null;
  }

  async function prepareSale(listing: MarketListing, buyerId: string): Promise<PendingSale> {
    const prepared = await purchaseTransaction(network, {
      serial: listing.serial,
      sellerId: listing.sellerId,
      buyerId,
      priceTinybars: hbarToTinybars(listing.salePrice),
    });
    const at = now();
    return {
      saleVerificationCode: randomBytes(16).toString('hex'),
      listingId: listing.listingId,
      tokenId: listing.tokenId,
      serial: listing.serial,
      sellerId: listing.sellerId,
      buyerId,
      salePrice: listing.salePrice,
      transactionId: prepared.transactionId,
      transBytes: prepared.bytes,
      reuseUntil: new Date(at + PENDING_REUSE_MS).toISOString(),
      expiresAt: new Date(at + PENDING_KEEP_MS).toISOString(),
    };
  }

  /** Why a pending sale is not settled on the ledger; null when its transaction delivered the tiger. */
  function settlementProblem(view: SandboxView, pending: PendingSale): string | null {
    const record = view.findTransaction(pending.transactionId);
    if (!record) {
      const validStart = Number(parseTransactionId(pending.transactionId)?.seconds ?? 0);
      return now() / 1000 > validStart + PURCHASE_VALID_SECONDS
        ? 'The purchase transaction expired before it was executed; start the purchase again'
        : 'The purchase transaction has not been executed yet';
    }
    if (record.result !== 'SUCCESS') return `The purchase transaction failed (${record.result})`;
    const delivered = record.nftTransfers.some((nft) => nft.tokenId === pending.tokenId && nft.serial === pending.serial && nft.receiver === pending.buyerId);
    return delivered ? null : 'The purchase transaction did not deliver the NFT';
  }

  return {
    seed: seeded,

    async activity({ amount }) {
      await seeded();
      return (await store.sales(amount)).map(saleRecord);
    },

    async listings({ sortBy, sortDirection, limit }) {
      const records = (await activeListings()).map(({ listing, available }) => listingRecord(listing, available));
      return sortListings(records, sortBy, sortDirection).slice(0, limit);
    },

    async floor() {
      const prices = (await activeListings()).filter((entry) => entry.available).map((entry) => entry.listing.salePrice);
      return prices.length ? Math.min(...prices) : null;
    },

    async stats({ startDate, endDate }) {
      await seeded();
      const [sales, listings] = await Promise.all([store.sales(), store.listings()]);
      return dailyStats({ sales, listings: listings.map((listing) => ({ ...listing, closedAt: listing.soldAt })), startDate, endDate });
    },

    async owners() {
      const view = await ledger.read();
      // A burned serial has no owner and is no longer part of the supply.
      const nfts = (view.state.tokens.get(network.nftTokenId)?.nfts ?? []).filter((nft): nft is NftState => nft !== undefined && nft.owner !== null);
      return { ownerCount: new Set(nfts.map((nft) => nft.owner)).size, nftCount: nfts.length };
    },

    async buy({ tokenId, serial, buyerId, price }) {
      if (tokenId !== network.nftTokenId) throw new MarketRejectedError(`Token ${tokenId} is not traded on this market`);
      await seeded();
      const listing = (await store.listings()).find((entry) => entry.status === 'active' && entry.serial === serial);
      if (!listing) throw new MarketRejectedError('This NFT is not currently listed for sale');
      if (!priceMatches(price, listing.salePrice)) throw new MarketRejectedError('Price does not match the current listing');
      if (listing.sellerId === buyerId) throw new MarketRejectedError('You cannot buy your own NFT');
      const problem = await purchaseProblem(listing, buyerId);
      if (problem) throw new MarketRejectedError(problem);

      const reusable = await store.reusableCode(listing.listingId, buyerId, now());
      const existing = reusable ? await store.getPending(reusable, now()) : undefined;
      if (existing) return preparation(existing);
      const fresh = await prepareSale(listing, buyerId);
      await store.putPending(fresh);
      const holder = await store.claimReuse(fresh, now());
      return preparation(holder === fresh.saleVerificationCode ? fresh : ((await store.getPending(holder, now())) ?? fresh));
    },

    async buyComplete({ saleVerificationCode, transactionId }) {
      const pending = await store.getPending(saleVerificationCode, now());
      if (!pending) return { success: false, apimessage: 'Unknown or expired sale verification code' };
      if (toSdkTransactionId(transactionId) !== pending.transactionId) return { success: false, apimessage: 'This transaction does not belong to this sale' };
      const view = await ledger.read();
      const problem = settlementProblem(view, pending);
      if (problem) return { success: false, apimessage: problem };
      const consensus = view.findTransaction(pending.transactionId)?.consensusTimestamp ?? '0';
      const saleDate = new Date(Math.floor(Number(consensus) * 1000)).toISOString();
      await store.putSale({
        saleId: pending.saleVerificationCode,
        tokenId: pending.tokenId,
        serial: pending.serial,
        sellerId: pending.sellerId,
        buyerId: pending.buyerId,
        salePrice: pending.salePrice,
        saleDate,
        transactionId: pending.transactionId,
      });
      await store.markSold(pending.listingId, { buyerId: pending.buyerId, soldAt: saleDate });
      return { success: true, apimessage: `Wild Tiger #${pending.serial} is yours` };
    },
  };
}

function preparation(pending: PendingSale): BuyPreparation {
  return {
    saleVerificationCode: pending.saleVerificationCode,
    transBytes: pending.transBytes,
    apimessage: `Sign the transaction in your wallet to buy Wild Tiger #${pending.serial} for ${pending.salePrice} HBAR`,
  };
}

function display(serial: number) {
  const metadata = tigerMetadata(serial);
  return { nftName: metadata.name, nftImage: metadata.image, nftMetadata: JSON.stringify(metadata) };
}

function saleRecord(sale: MarketSale): SaleRecord {
  return {
    saletype: 'Sale',
    salePrice: sale.salePrice,
    saleDate: sale.saleDate,
    buyerAddress: sale.buyerId,
    sellerAddress: sale.sellerId,
    nftTokenAddress: sale.tokenId,
    nftSerialId: sale.serial,
    ...display(sale.serial),
    buyerNickname: null,
    sellerNickname: null,
  };
}

function listingRecord(listing: MarketListing, available: boolean): ListingRecord {
  return {
    marketplaceListingId: listing.listingId,
    serialId: listing.serial,
    nftSerialId: listing.serial,
    sellerAddress: listing.sellerId,
    salePrice: listing.salePrice,
    listingDate: listing.listingDate,
    ...display(listing.serial),
    isAvailableForPurchase: available,
  };
}
