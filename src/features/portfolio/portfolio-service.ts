/**
 * A holder's portfolio from the ledger (issue 58 items 1, 2, 5, 6): every tiger the account owns or
 * owned, its cost basis from the transactions that moved it, and the P&L (`pnl-rules.ts`), over the
 * trades as read from the ledger and kept (`portfolio-reading.ts`). Shown only to the holder, or to
 * anyone once the holder opted in on their profile. An account with more transactions than one load
 * reads is answered as still reading (never a P&L over part of its trades), and the next load, or the
 * scheduled job (portfolio-follower.ts), reads on.
 *
 * Mirror reads per load: the account (1, kept an hour) and what the reading needs. A load is kept per
 * head of the account's event stream and at most a minute; after the head moves, only seconds, until
 * the mirror has surely caught up: a trade on either market shows at the next read after the mirror has it.
 */
import { parseUnits } from '@/features/balances/units';
import { LedgerNotFoundError } from '@/features/ledger/errors';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { PriceSource } from '@/features/prices/price-port';
import { DomainError } from '@/lib/domain-error';
import { log } from '@/platform/log';
import { createTtlCache } from '@/platform/ttl-cache';
import { type PortfolioView, portfolioAnswer, readingAnswer } from './portfolio-model';
import { MIRROR_CATCH_UP_MS, type PortfolioReading } from './portfolio-reading';
import { portfolioPnl } from './pnl-rules';
import { tradesCsv } from './trades-csv';

/** A load is kept at most this long (and no longer than the head of the account's stream it was read under). */
export const PORTFOLIO_TTL_MS = 60_000;
const ACCOUNTS_TTL_MS = 60 * 60 * 1000;
const RECHECK_MS = 5_000;
const HEADS_KEPT = 10_000;

export interface PortfolioServiceDeps {
  /** The holder's trades as read from the ledger, kept in the table (portfolio-reading.ts). */
  reading: Pick<PortfolioReading, 'read' | 'tokenTerms'>;
  reader: Pick<LedgerReader, 'getAccount'>;
  prices: () => Promise<Pick<PriceSource, 'hbar' | 'paws' | 'history'>>;
  /** Each tiger's estimated value in whole PAWS (a decimal string) and what set it; tigers with no estimate are absent. */
  estimatedValues: (serials: number[]) => Promise<Map<number, { paws: string; method: string }>>;
  /** How an estimated value is reached, in words, said once in the answer. */
  estimateRule?: string;
  /** True when the holder opted in to showing their P&L on their public profile. */
  pnlPublic: (accountId: string) => Promise<boolean>;
  /**
   * The head of the account's own event stream (its tigers bought, sold or moved, on either market, as
   * the requests and the scheduled job's market watch record them): a load read under an older one is read again.
   */
  accountVersion?: (accountId: string) => Promise<number>;
  now?: () => number;
}

interface Loaded {
  answer: PortfolioView;
  /** The trades as CSV; null while the account's list is still being read. */
  csv: (() => string) | null;
}

/** The portfolio service: `view` and `csv` for a viewer. */
export function createPortfolioService(deps: PortfolioServiceDeps) {
  const now = deps.now ?? Date.now;
  const loads = createTtlCache<Loaded>(PORTFOLIO_TTL_MS, { now, maxEntries: 2_000 });

  const accounts = createTtlCache<true>(ACCOUNTS_TTL_MS, { now, maxEntries: 10_000 });

  /** An unknown account is a 404 for everyone (what the ledger holds is public); a known one's P&L is the holder's, or public once opted in. */
  async function assertVisible(accountId: string, viewerAccountId: string | undefined): Promise<void> {
    await accounts.get(accountId, async () => {
      try {
        await deps.reader.getAccount(accountId);
        return true;
      } catch (error) {
        if (error instanceof LedgerNotFoundError) throw new DomainError('ACCOUNT_NOT_FOUND', `No account ${accountId} on the ledger`);
        throw error;
      }
    });
    if (viewerAccountId === accountId || (await deps.pnlPublic(accountId))) return;
    throw new DomainError('PORTFOLIO_PRIVATE', 'This holder’s portfolio is private: only they can see it, unless they make it public on their profile');
  }

  /** The held tigers' estimated values; none when they cannot be counted now (each lot then says it has no estimate). */
  const estimatesOf = (serials: number[]) =>
    deps.estimatedValues(serials).catch((error: unknown) => {
      log.warn('portfolio: estimated values unavailable', { error });
      return new Map<number, { paws: string; method: string }>();
    });

  async function load(accountId: string): Promise<Loaded> {
    const [{ pawsDecimals }, { held, legs, complete, through }] = await Promise.all([deps.reading.tokenTerms(), deps.reading.read(accountId)]);
    if (!complete) return { answer: readingAnswer({ accountId, through, tradesRead: legs.length, at: now() }), csv: null };

    const source = await deps.prices();
    const at = now();
    const first = legs.reduce((earliest, leg) => Math.min(earliest, Number(leg.consensusTimestamp.split('.')[0]) * 1000), at);
    const [history, hbar, paws, estimates] = await Promise.all([source.history(first, at), source.hbar(), source.paws(), estimatesOf(held)]);
    const estimated = new Map<number, { pawsUnits: bigint; method: string }>();
    for (const [serial, value] of estimates) {
      const pawsUnits = parseUnits(value.paws, pawsDecimals);
      if (pawsUnits !== undefined) estimated.set(serial, { pawsUnits, method: value.method });
    }
    const pnl = portfolioPnl(legs, held, history, { now: at, pawsDecimals, hbarUsd: hbar.priceUsd, pawsUsd: paws.price, estimated });
    return {
      answer: portfolioAnswer({ accountId, held, legs, pnl, history, pawsDecimals, at, estimateRule: deps.estimateRule ?? null }),
      csv: () => tradesCsv(legs, history, pawsDecimals),
    };
  }

  /** When each account's stream head was first seen to move: the mirror node may show its trade seconds later. */
  const headsSeen = new Map<string, { head: number; at: number }>();

  async function loaded(accountId: string): Promise<Loaded> {
    const head = deps.accountVersion ? await deps.accountVersion(accountId).catch(() => -1) : 0;
    const seen = headsSeen.get(accountId);
    if (!seen || seen.head !== head) {
      if (headsSeen.size >= HEADS_KEPT) headsSeen.delete(headsSeen.keys().next().value as string);
      // A head seen for the first time is not news; one that moved is, until the mirror has surely caught up.
      headsSeen.set(accountId, { head, at: seen ? now() : Number.NEGATIVE_INFINITY });
    }
    const movedAt = headsSeen.get(accountId)?.at ?? Number.NEGATIVE_INFINITY;
    const catchingUp = now() - movedAt < MIRROR_CATCH_UP_MS;
    // While the mirror catches up with a new trade, a load is kept only RECHECK_MS: the trade shows within seconds.
    const key = catchingUp ? `${accountId}@${head}#${Math.floor(now() / RECHECK_MS)}` : `${accountId}@${head}`;
    const result = await loads.get(key, () => load(accountId));
    // A reading still under way is read on at the next request, not answered again from the cache.
    if (!result.csv) loads.delete(key);
    return result;
  }

  return {
    /** The portfolio of `accountId` for the signed-in `viewerAccountId` (or an anonymous viewer). */
    async view(accountId: string, viewerAccountId: string | undefined): Promise<PortfolioView> {
      await assertVisible(accountId, viewerAccountId);
      return (await loaded(accountId)).answer;
    },

    /** The holder's trades as CSV text, for the same viewers as `view`. */
    async csv(accountId: string, viewerAccountId: string | undefined): Promise<string> {
      await assertVisible(accountId, viewerAccountId);
      const { csv } = await loaded(accountId);
      if (!csv) throw new DomainError('PORTFOLIO_READING', 'This holder’s trades are still being read from the ledger: try again in a few seconds');
      return csv();
    },
  };
}
