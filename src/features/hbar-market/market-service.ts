import { DomainError } from '@/lib/domain-error';
import { log } from '@/platform/log';
import { createTtlCache } from '@/platform/ttl-cache';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { ReceiptReader } from '@/features/ledger/ledger-writer-port';
import { awaitSettled, confirmTransaction, successOnReceiptOnly } from '@/features/ledger/transaction-confirmation';
import type { BuyPreparation, DailyStat, ListingQuery, ListingRecord, MarketPort, OwnerStats, SaleRecord } from './market-port';
import { lastDays, parseHbar } from './market-rules';
import type { PaidPurchase, PaidPurchases, PurchaseRecord, PurchaseRepo } from './purchase-repo';

/** Listings, sales, floor and stats are kept 60 s in-process (dropped at once after a completed sale). */
export const MARKET_READ_CACHE_MS = 60_000;
/** Spec 000 §9: the holder count is cached 60 s. */
const HOLDERS_CACHE_MS = 60_000;
/** How long a prepared purchase can be completed. */
const PURCHASE_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Completing a purchase waits this long at most for its transaction to reach consensus (its receipt,
 * else the mirror node), leaving the rest of the request's budget to the market's confirmation.
 */
export const SETTLE_WAIT_MS = 8_000;
const MARKET_CONFIRM_RESERVE_MS = 4_000;
/** How long one read of the paid purchases serves the reads after it. */
const PAID_READ_MS = 2_000;
/** Paid purchases shown in the activity until the market's own record of them comes (their marks are kept 30 minutes). */
const PAID_SHOWN_MS = 30 * 60_000;

export interface MarketServiceDeps {
  /** The market adapter (resolved lazily: SentX needs its API key, the sandbox market its ledger). */
  port: () => Promise<MarketPort>;
  purchases: PurchaseRepo & PaidPurchases;
  /**
   * The latest buyer of each tiger sold lately on either market, as the app's own records say: a listing
   * by anyone else is stale (its seller no longer holds the tiger), though the market may list it a while.
   */
  latestBuyers?: () => Promise<ReadonlyMap<number, string>>;
  /** A tiger's name and media, for the paid purchases shown before the market records them. */
  display?: (serial: number) => Promise<{ nftName: string; nftImage: string } | undefined>;
  /** The mirror node, where a purchase's transaction is confirmed by its frozen id. */
  ledger: () => LedgerReader;
  /** The consensus nodes' receipts: a payment completes at consensus, not when the mirror shows it. */
  receipts?: ReceiptReader;
  nftTokenId: string;
  now?: () => number;
  /** How long completing waits for the ledger at most (SETTLE_WAIT_MS). */
  settleWaitMs?: number;
}

/**
 * A prepared purchase as the buyer gets it. `resumed` marks the buyer's earlier purchase of the same
 * tiger handed out again instead of a new one: 'paid' (the ledger settled it: only complete it) or
 * 'pending' (it may still execute: the same transaction, which the ledger runs at most once).
 */
export type PreparedPurchase = BuyPreparation & { resumed?: 'paid' | 'pending' };

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
export function createMarketService(deps: MarketServiceDeps) {
  const { port, purchases, ledger, receipts, nftTokenId, now = Date.now, settleWaitMs = SETTLE_WAIT_MS } = deps;
  let reads = readCaches(now);
  const holders = createTtlCache<OwnerStats>(HOLDERS_CACHE_MS, { now });
  const paidReads = createTtlCache<PaidPurchase[]>(PAID_READ_MS, { now });

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

  /** The purchases paid here that the market has not recorded among `sales` yet, as its sale rows. */
  async function paidUnrecorded(sales: readonly SaleRecord[]): Promise<SaleRecord[]> {
    const { value: paid } = await orEmpty(
      'paid purchases',
      () => paidReads.get('paid', () => purchases.paidSince(new Date(now() - PAID_SHOWN_MS).toISOString())),
      [],
    );
    const recorded = (purchase: PaidPurchase) =>
      sales.some(
        (sale) =>
          sale.nftSerialId === purchase.serial &&
          sale.buyerAddress === purchase.buyerId &&
          Date.parse(sale.saleDate) >= Date.parse(purchase.at) - PAID_SHOWN_MS,
      );
    return Promise.all(
      paid
        .filter((purchase) => !recorded(purchase))
        .map(async (purchase): Promise<SaleRecord> => {
          const shown = await deps.display?.(purchase.serial).catch(() => undefined);
          return {
            saletype: 'Sale',
            salePrice: Number(purchase.price),
            saleDate: purchase.at,
            buyerAddress: purchase.buyerId,
            sellerAddress: purchase.sellerId,
            nftTokenAddress: nftTokenId,
            nftSerialId: purchase.serial,
            nftName: shown?.nftName ?? `Wild Tiger #${purchase.serial}`,
            nftImage: shown?.nftImage ?? '',
            nftMetadata: '',
          };
        }),
    );
  }

  /** Listings whose seller still holds the tiger, as far as the app's own records of its sales say. */
  async function stillHeld(listings: ListingRecord[]): Promise<ListingRecord[]> {
    if (!deps.latestBuyers) return listings;
    const { value: buyers } = await orEmpty('recent buyers', deps.latestBuyers, new Map<number, string>());
    return listings.filter((listing) => (buyers.get(listing.serialId) ?? listing.sellerAddress) === listing.sellerAddress);
  }

  return {
    /** Recent sales, newest first: the market's, and before them the purchases paid here that it has not recorded yet. */
    async activity(input: { tokenId?: string; amount: number }) {
      requireCollection(input.tokenId);
      const load = async () => (await port()).activity({ tokenId: nftTokenId, amount: input.amount });
      const { success, value } = await orEmpty('activity', () => reads.activity.get(String(input.amount), load), []);
      const sales = [...(await paidUnrecorded(value)), ...value].sort((a, b) => Date.parse(b.saleDate) - Date.parse(a.saleDate));
      return { success, marketActivity: sales.slice(0, input.amount) };
    },

    /** Current listings that can be bought, in the requested order (those of tigers sold lately left out). */
    async listings(input: Omit<ListingQuery, 'tokenId'> & { tokenId?: string }) {
      requireCollection(input.tokenId);
      const query: ListingQuery = { tokenId: nftTokenId, sortBy: input.sortBy, sortDirection: input.sortDirection, limit: input.limit };
      const load = async () => (await (await port()).listings(query)).filter((listing) => listing.isAvailableForPurchase);
      const key = `${query.sortBy}:${query.sortDirection}:${query.limit}`;
      const { success, value } = await orEmpty('listings', () => reads.listings.get(key, load), []);
      return { success, marketListings: await stillHeld(value) };
    },

    /** Every current listing as the market lists it, those it cannot sell now included (isAvailableForPurchase false): the job's watch tells an invalid listing from a gone one. Not cached. */
    async listingsAsListed(limit: number) {
      return orEmpty('listings', async () => (await port()).listings({ tokenId: nftTokenId, sortBy: 'listingDate', sortDirection: 'DESC', limit }), []);
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

    /**
     * Prepares the purchase of a listed tiger for the signed-in account; returns the bytes to sign.
     * A tiger the buyer already paid for on the ledger, or whose purchase may still execute, is
     * never prepared a second time: that purchase is handed out again (`resumed`).
     */
    async buy(sessionAccountId: string, input: BuyInput): Promise<{ success: true; data: PreparedPurchase }> {
      if (input.userAddress !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only buy for your own account');
      if (input.tokenAddress !== nftTokenId) throw new DomainError('WRONG_TOKEN', `Only Wild Tigers (${nftTokenId}) can be bought here`);
      const priceTinybars = parseHbar(input.price);
      if (priceTinybars === undefined || priceTinybars <= 0n) throw new DomainError('INVALID_PRICE', 'Please enter a valid HBAR price');
      const latest = await purchases.latestPurchase(input.userAddress, nftTokenId, input.serial, now());
      const earlier = latest.purchase && !latest.purchase.completedAt ? await inProgress(latest.purchase) : undefined;
      if (earlier) return { success: true, data: earlier };

      // The check decodes the bytes with the ledger SDK: loaded on the first purchase rather than on a
      // cold start, and before the market prepares a sale, so that a failure to load leaves none behind.
      const { checkPurchaseTransaction } = await import('./purchase-transaction');
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
      const record: PurchaseRecord = {
        saleVerificationCode: prepared.saleVerificationCode,
        buyerId: input.userAddress,
        transactionId: check.transactionId,
        sellerId: check.sellerId,
        hbar: check.hbar,
        transBytes: prepared.transBytes,
        tokenId: nftTokenId,
        serial: input.serial,
        price: input.price,
        createdAt: new Date(createdAt).toISOString(),
        expiresAt: new Date(createdAt + PURCHASE_TTL_MS).toISOString(),
      };
      if (!(await purchases.putPurchase(record))) throw new DomainError('SALE_OF_ANOTHER_BUYER', 'This sale belongs to another buyer');
      if (!(await purchases.setLatest(record, latest.code))) {
        // Another preparation for this buyer and tiger won the race: that one is the purchase.
        const winner = (await purchases.latestPurchase(input.userAddress, nftTokenId, input.serial, now())).purchase;
        if (!winner) throw new DomainError('PURCHASE_IN_PROGRESS', 'A purchase of this tiger is already in progress; try again in a moment');
        return { success: true, data: resumed(winner, 'pending') };
      }
      return { success: true, data: prepared };
    },

    /**
     * Completes an executed purchase: confirms its frozen transaction by its receipt from the
     * consensus nodes, else on the mirror node (waiting within the request's budget; LEDGER_PENDING
     * while the ledger is still settling it), then asks the market to record the sale; a confirmed
     * sale drops the read caches. Completing again answers the same.
     */
    async complete(sessionAccountId: string, saleVerificationCode: string) {
      const purchase = await purchases.getPurchase(saleVerificationCode, now());
      if (!purchase) throw new DomainError('SALE_NOT_FOUND', 'Unknown or expired sale verification code');
      if (purchase.buyerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'This purchase belongs to another account');
      if (purchase.completedAt) return { success: true, data: { success: true, apimessage: `Wild Tiger #${purchase.serial} is yours` } };
      const settled = await awaitSettled(ledger(), purchase.transactionId, { maxWaitMs: settleWaitMs, reserveMs: MARKET_CONFIRM_RESERVE_MS, receipts });
      if (settled.state === 'expired') {
        throw new DomainError('PURCHASE_EXPIRED', 'The purchase transaction expired before it was executed; nothing was charged. Start the purchase again.');
      }
      if (settled.state === 'failed') {
        throw new DomainError('TRANSACTION_FAILED', `The purchase transaction failed (${settled.result}); the HBAR and the tiger did not move`, {
          status: settled.result,
        });
      }
      // The payment's receipt is in: the one atomic transfer the buyer signed (checked when prepared)
      // moved the tiger and the HBAR; other viewers' pages show the new owner from this mark at once.
      // The market sees the ledger through its mirror node: it is asked to record the sale only once
      // that shows the payment (the page asks again then, or the reconciler).
      await purchases.markPaid(purchase, new Date(now()).toISOString());
      if (!(await successOnReceiptOnly(ledger(), purchase.transactionId, settled))) {
        return { success: true, data: await recordSale(purchase) };
      }
      reads = readCaches(now);
      return { success: true, data: { success: true, apimessage: `Wild Tiger #${purchase.serial} is yours`, marketRecorded: false } };
    },

    /**
     * Settles a purchase whose completion never came (the reconciler), from what the ledger says of
     * its transaction, as `complete` does: 'recorded' once paid and recorded by the market, 'failed'
     * when it failed or expired, 'pending' while it may still execute or the market did not record it.
     */
    async settleUnconfirmed(purchase: PurchaseRecord): Promise<'recorded' | 'failed' | 'pending'> {
      if (purchase.completedAt) return 'recorded';
      const { state } = await confirmTransaction(ledger(), purchase.transactionId, { deadlineMs: 0 });
      if (state === 'pending') return 'pending';
      if (state !== 'success') return 'failed';
      return (await recordSale(purchase)).success ? 'recorded' : 'pending';
    },
  };

  /** Asks the market to record a purchase the ledger settled; a recorded sale is marked completed and drops the read caches. */
  async function recordSale(purchase: PurchaseRecord) {
    const result = await (await port()).buyComplete({ saleVerificationCode: purchase.saleVerificationCode, transactionId: purchase.transactionId });
    if (result.success) {
      await purchases.markCompleted(purchase.saleVerificationCode, new Date(now()).toISOString());
      reads = readCaches(now);
      holders.delete(nftTokenId);
    }
    return result;
  }

  /** An earlier purchase the ledger settled ('paid') or may still settle ('pending'); undefined once it failed or expired. */
  async function inProgress(earlier: PurchaseRecord): Promise<PreparedPurchase | undefined> {
    const { state } = await confirmTransaction(ledger(), earlier.transactionId, { deadlineMs: 0 });
    if (state === 'success') return resumed(earlier, 'paid');
    if (state === 'pending') return resumed(earlier, 'pending');
    return undefined;
  }
}

function resumed(purchase: PurchaseRecord, state: 'paid' | 'pending'): PreparedPurchase {
  const apimessage =
    state === 'paid'
      ? `You already paid for Wild Tiger #${purchase.serial}; completing that purchase`
      : `Your purchase of Wild Tiger #${purchase.serial} is still in progress; sign the same transaction`;
  return { saleVerificationCode: purchase.saleVerificationCode, transBytes: purchase.transBytes, apimessage, resumed: state };
}
