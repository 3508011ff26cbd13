import { DomainError } from '../../lib/domain-error';
import { log } from '../../server/log';
import { createTtlCache } from '../../server/ttl-cache';
import type { BuyPreparation, DailyStat, ListingQuery, ListingRecord, MarketPort, OwnerStats, SaleRecord } from './market-port';
import { lastDays, parseHbar } from './market-rules';
import type { PurchaseRepo } from './purchase-repo';
import { checkPurchaseTransaction } from './purchase-transaction';

/** Listings, sales, floor and stats are kept 60 s in-process (dropped at once after a completed sale). */
export const MARKET_READ_CACHE_MS = 60_000;
/** Spec 000 §9: the holder count is cached 60 s. */
const HOLDERS_CACHE_MS = 60_000;
/** How long a prepared purchase can be completed. */
const PURCHASE_TTL_MS = 24 * 60 * 60 * 1000;

export interface MarketServiceDeps {
  /** The market adapter (resolved lazily: SentX needs its API key, the sandbox market its ledger). */
  port: () => Promise<MarketPort>;
  purchases: PurchaseRepo;
  nftTokenId: string;
  now?: () => number;
}

export interface BuyInput {
  tokenAddress: string;
  serial: number;
  userAddress: string;
  /** HBAR as text. */
  price: string;
}

function readCaches(now: () => number) {
  return {
    activity: createTtlCache<SaleRecord[]>(MARKET_READ_CACHE_MS, { now }),
    listings: createTtlCache<ListingRecord[]>(MARKET_READ_CACHE_MS, { now }),
    floor: createTtlCache<number | null>(MARKET_READ_CACHE_MS, { now }),
    stats: createTtlCache<DailyStat[]>(MARKET_READ_CACHE_MS, { now }),
  };
}

/**
 * The HBAR marketplace: cached public reads that degrade to empty data when the market fails,
 * and the buy flow for the signed-in buyer, whose prepared transaction is checked before it is
 * handed out and whose completion only its buyer can ask for.
 */
export function createMarketService({ port, purchases, nftTokenId, now = Date.now }: MarketServiceDeps) {
  let reads = readCaches(now);
  const holders = createTtlCache<OwnerStats>(HOLDERS_CACHE_MS, { now });

  /** Only this collection is served (the API is no open proxy to the market). */
  function requireCollection(tokenId: string | undefined): void {
    if (tokenId && tokenId !== nftTokenId) throw new DomainError('UNKNOWN_COLLECTION', `Collection ${tokenId} is not traded here`);
  }

  /** A read that fails yields `empty` with `success: false` and a warning, never an error. */
  async function orEmpty<T>(what: string, load: () => Promise<T>, empty: T): Promise<{ success: boolean; value: T }> {
    try {
      return { success: true, value: await load() };
    } catch (error) {
      log.warn(`market ${what} unavailable`, { error });
      return { success: false, value: empty };
    }
  }

  return {
    /** Recent sales, newest first. */
    async activity(input: { tokenId?: string; amount: number }) {
      requireCollection(input.tokenId);
      const load = async () => (await port()).activity({ tokenId: nftTokenId, amount: input.amount });
      const { success, value } = await orEmpty('activity', () => reads.activity.get(String(input.amount), load), []);
      return { success, marketActivity: value };
    },

    /** Current listings that can be bought, in the requested order. */
    async listings(input: Omit<ListingQuery, 'tokenId'> & { tokenId?: string }) {
      requireCollection(input.tokenId);
      const query: ListingQuery = { tokenId: nftTokenId, sortBy: input.sortBy, sortDirection: input.sortDirection, limit: input.limit };
      const load = async () => (await (await port()).listings(query)).filter((listing) => listing.isAvailableForPurchase);
      const key = `${query.sortBy}:${query.sortDirection}:${query.limit}`;
      const { success, value } = await orEmpty('listings', () => reads.listings.get(key, load), []);
      return { success, marketListings: value };
    },

    async floor() {
      const load = async () => (await port()).floor(nftTokenId);
      const { success, value } = await orEmpty('floor', () => reads.floor.get('floor', load), null);
      return { success, floor: value };
    },

    /** Daily stats of the last `days` days, today included. */
    async stats(days: number) {
      const range = lastDays(days, now());
      const load = async () => (await port()).stats({ tokenId: nftTokenId, ...range });
      const { success, value } = await orEmpty('stats', () => reads.stats.get(`${range.startDate}:${range.endDate}`, load), []);
      return { success, stats: value };
    },

    /** The number of accounts holding the collection. */
    async holders(tokenId: string) {
      requireCollection(tokenId);
      const { success, value } = await orEmpty('holders', () => holders.get(tokenId, async () => (await port()).owners(tokenId)), null);
      return { success, ownerCount: value?.ownerCount ?? null };
    },

    /** Prepares the purchase of a listed tiger for the signed-in account; returns the bytes to sign. */
    async buy(sessionAccountId: string, input: BuyInput): Promise<{ success: true; data: BuyPreparation }> {
      if (input.userAddress !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only buy for your own account');
      if (input.tokenAddress !== nftTokenId) throw new DomainError('WRONG_TOKEN', `Only Wild Tigers (${nftTokenId}) can be bought here`);
      const priceTinybars = parseHbar(input.price);
      if (priceTinybars === undefined || priceTinybars <= 0n) throw new DomainError('INVALID_PRICE', 'Please enter a valid HBAR price');
      const prepared = await (await port()).buy({ tokenId: nftTokenId, serial: input.serial, buyerId: input.userAddress, price: input.price });
      const check = checkPurchaseTransaction(prepared.transBytes, { buyerId: input.userAddress, tokenId: nftTokenId, serial: input.serial, priceTinybars });
      if (!check.ok) {
        log.error('market prepared a purchase that does not match the request', { reason: check.reason, serial: input.serial });
        throw new DomainError(
          'MARKET_TRANSACTION_MISMATCH',
          'The marketplace prepared a transaction that does not match this purchase; do not sign it, try again',
        );
      }
      const createdAt = now();
      const recorded = await purchases.putPurchase({
        saleVerificationCode: prepared.saleVerificationCode,
        buyerId: input.userAddress,
        transactionId: check.transactionId,
        tokenId: nftTokenId,
        serial: input.serial,
        price: input.price,
        createdAt: new Date(createdAt).toISOString(),
        expiresAt: new Date(createdAt + PURCHASE_TTL_MS).toISOString(),
      });
      if (!recorded) throw new DomainError('SALE_OF_ANOTHER_BUYER', 'This sale belongs to another buyer');
      return { success: true, data: prepared };
    },

    /** Asks the market to confirm the executed purchase; a confirmed sale drops the read caches. */
    async complete(sessionAccountId: string, saleVerificationCode: string) {
      const purchase = await purchases.getPurchase(saleVerificationCode, now());
      if (!purchase) throw new DomainError('SALE_NOT_FOUND', 'Unknown or expired sale verification code');
      if (purchase.buyerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'This purchase belongs to another account');
      const result = await (await port()).buyComplete({ saleVerificationCode, transactionId: purchase.transactionId });
      if (result.success) {
        reads = readCaches(now);
        holders.delete(nftTokenId);
      }
      return { success: true, data: result };
    },
  };
}
