/**
 * Show at once: the app's own records of the tigers sold in the last minutes (the PAWS market's sales,
 * and the HBAR purchases whose payment's receipt the app saw), laid over
 * the mirror node's owners and holdings until the mirror shows each sale (5-15 s after consensus on
 * mainnet). A sale counts only while the mirror does not show its transaction yet: once it does, the
 * mirror's state is the word.
 */
import { createTtlCache } from '@/platform/ttl-cache';
import type { PawsActivityItem } from '@/features/market-stats/activity';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import { mirrorBehind } from '@/features/ledger/transaction-confirmation';
import { parsePawsPrice } from './listing';
import { APPROVAL_CATCH_UP_MS } from './listing-backing';
import { type SaleFeeTerms, nftFeesOnHbarSale, saleSplit } from './sale-fees';

/** How long one read of the recent sales serves the reads after it (each costs a store query and a mirror read per sale). */
const UNSHOWN_READ_MS = 2_000;
/**
 * How far back a sale takes the tiger's listings by its earlier owners off the HBAR market: longer than
 * the market takes to drop the listing of a tiger sold (the mirror's lag, then its own records) and
 * than our 60 s cache of its listings. The HBAR purchases' paid marks are kept as long.
 */
export const SOLD_LISTINGS_HIDDEN_MS = 30 * 60_000;

/** One tiger sold: who had it (null when the record does not say), who has it, by which settlement. */
export interface RecentTrade {
  serial: number;
  sellerId: string | null;
  buyerId: string;
  transactionId: string;
  at: string;
  /** Its price, whole PAWS as a decimal string; null for an HBAR purchase. */
  pawsAmount: string | null;
  /** An HBAR purchase's transfers and the payer of its network fee, as its checked transaction says; null otherwise or unknown. */
  hbar: HbarMoves | null;
}

/** What a purchase's transaction moves of HBAR: each account's net tinybars (decimal text), and who pays its network fee. */
interface HbarMoves {
  payerId: string;
  transfers: { accountId: string; tinybars: string }[];
}

export interface RecentTradesDeps {
  /** The market's sales since an ISO time, oldest first (the activity timeline). */
  tradesSince: (since: string) => Promise<PawsActivityItem[]>;
  /** The HBAR purchases paid (by their receipt) since an ISO time, oldest first. */
  hbarPaidSince?: (
    since: string,
  ) => Promise<{ serial: number; buyerId: string; sellerId: string | null; hbar: HbarMoves | null; transactionId: string; at: string }[]>;
  ledger: Pick<LedgerReader, 'getTransaction'>;
  now?: () => number;
}

/** The sales the mirror node does not show yet, and what they change of an owner or a holding. */
export function createRecentTrades({ tradesSince, hbarPaidSince, ledger, now = Date.now }: RecentTradesDeps) {
  /** Settlements the mirror already shows: never read again. */
  const shown = new Set<string>();
  /** The reads of the last UNSHOWN_READ_MS, shared (a failed read is not kept). */
  const reads = createTtlCache<RecentTrade[]>(UNSHOWN_READ_MS, { now });

  /** The tigers sold at or after `since` (ISO), as the app's records say: the PAWS market's sales and the HBAR purchases paid, oldest first. */
  async function salesSince(since: string): Promise<RecentTrade[]> {
    const [items, hbarPaid] = await Promise.all([tradesSince(since), hbarPaidSince?.(since) ?? []]);
    const paws = items.flatMap((item): RecentTrade[] =>
      item.serialNumber !== null && item.sellerId && item.buyerId && item.transactionId
        ? [
            {
              serial: item.serialNumber,
              sellerId: item.sellerId,
              buyerId: item.buyerId,
              transactionId: item.transactionId,
              at: item.at,
              pawsAmount: item.pawsAmount,
              hbar: null,
            },
          ]
        : [],
    );
    const paid = hbarPaid.map(
      ({ serial, buyerId, sellerId, hbar, transactionId, at }): RecentTrade => ({
        serial,
        buyerId,
        sellerId,
        transactionId,
        at,
        pawsAmount: null,
        hbar,
      }),
    );
    return [...paws, ...paid].sort((a, b) => a.at.localeCompare(b.at));
  }

  /** Sales of the last APPROVAL_CATCH_UP_MS whose settlement the mirror does not show yet, oldest first. */
  async function readUnshown(): Promise<RecentTrade[]> {
    const trades = (await salesSince(new Date(now() - APPROVAL_CATCH_UP_MS).toISOString())).filter((trade) => !shown.has(trade.transactionId));
    const behind = await Promise.all(trades.map((trade) => mirrorBehind(ledger, trade.transactionId)));
    for (const [index, trade] of trades.entries()) if (!behind[index]) shown.add(trade.transactionId);
    return trades.filter((_, index) => behind[index]);
  }

  const unshown = () => reads.get('unshown', readUnshown);

  /** Each serial's owner after the unshown sales (the buyer of its latest). */
  async function owners(): Promise<Map<number, RecentTrade>> {
    const latest = new Map<number, RecentTrade>();
    for (const trade of await unshown()) latest.set(trade.serial, trade);
    return latest;
  }

  return {
    salesSince,

    /** The latest buyer of each tiger sold in the last SOLD_LISTINGS_HIDDEN_MS, whether the mirror shows it or not. */
    async latestBuyers(): Promise<ReadonlyMap<number, string>> {
      const sales = await reads.get('sold', () => salesSince(new Date(now() - SOLD_LISTINGS_HIDDEN_MS).toISOString()));
      return new Map(sales.map((trade) => [trade.serial, trade.buyerId]));
    },

    /** Whom `serial` belongs to: the buyer of a sale the mirror does not show yet, else `mirrorOwner`. */
    async ownerOf(serial: number, mirrorOwner: string): Promise<string> {
      return (await owners()).get(serial)?.buyerId ?? mirrorOwner;
    },

    /**
     * An account's serials as the mirror shows them (`held`), with the sales it does not show yet:
     * what the account bought is added, what it sold is taken out.
     */
    async holdingsOf(accountId: string, held: readonly number[]): Promise<{ serials: number[]; bought: number[] }> {
      const latest = await owners();
      const bought = [...latest.values()].filter((trade) => trade.buyerId === accountId && !held.includes(trade.serial)).map((trade) => trade.serial);
      const serials = held.filter((serial) => (latest.get(serial)?.buyerId ?? accountId) === accountId);
      return { serials: [...serials, ...bought], bought };
    },

    /**
     * The PAWS (smallest units) the sales the mirror does not show yet moved for `accountId`: what
     * it paid as a buyer (negative) and kept as a seller, each sale split under the tokens' fees as
     * the settlement moved it. Added to the mirror's balance, it is the balance after those sales.
     */
    async pawsMovedFor(accountId: string, readTerms: () => Promise<{ pawsDecimals: number; fees: SaleFeeTerms }>): Promise<bigint> {
      const sales = (await unshown()).filter(
        (trade): trade is RecentTrade & { sellerId: string; pawsAmount: string } =>
          trade.sellerId !== null && trade.pawsAmount !== null && (trade.buyerId === accountId || trade.sellerId === accountId),
      );
      if (!sales.length) return 0n;
      const terms = await readTerms();
      let moved = 0n;
      for (const trade of sales) {
        const price = parsePawsPrice(trade.pawsAmount, terms.pawsDecimals);
        if (!('units' in price)) continue;
        const split = saleSplit(price.units, { seller: trade.sellerId, buyer: trade.buyerId }, terms.fees);
        if (trade.buyerId === accountId) moved -= split.buyerPays;
        if (trade.sellerId === accountId) moved += split.sellerReceives;
      }
      return moved;
    },

    /**
     * The HBAR (tinybars) the HBAR purchases the mirror does not show yet moved for `accountId`: its transfers in
     * each, less the collection's fees for the tiger's seller; null while one of them is the account's own to pay
     * for (its network fee is known only once the mirror shows it).
     */
    async hbarMovedFor(accountId: string, readTerms: () => Promise<{ fees: SaleFeeTerms }>): Promise<bigint | null> {
      const purchases = (await unshown()).flatMap((trade) =>
        trade.hbar?.transfers.some((entry) => entry.accountId === accountId) ? [{ trade, hbar: trade.hbar }] : [],
      );
      if (purchases.some(({ hbar }) => hbar.payerId === accountId)) return null;
      let moved = 0n;
      for (const { trade, hbar } of purchases) {
        const own = hbar.transfers.filter((entry) => entry.accountId === accountId).reduce((sum, entry) => sum + BigInt(entry.tinybars), 0n);
        moved += own;
        if (trade.sellerId === accountId) moved -= nftFeesOnHbarSale(own, accountId, (await readTerms()).fees);
      }
      return moved;
    },
  };
}

export type RecentTrades = ReturnType<typeof createRecentTrades>;
