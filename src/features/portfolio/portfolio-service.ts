/**
 * A holder's portfolio from the ledger (issue 58 items 1, 2, 5, 6): every tiger the account owns or
 * owned, its cost basis from the transactions that moved it, and the P&L
 * (`cost-basis-rules.ts`, `pnl-rules.ts`).
 * Shown only to the holder, or to anyone once the holder opted in on their profile.
 *
 * Mirror reads per load (bounded): the account (1, kept an hour), its transactions in pages of 100 (T/100;
 * later loads only those after the last one read, usually 1 page), each
 * transaction that moved one of its tigers in detail (once per process: a transaction never changes),
 * the account's tigers (1 per 100 held), and the history of each tiger held whose arrival the
 * account's list does not show (one per such tiger, kept an hour). A load is kept per head of the
 * account's event stream and at most a minute; after the head moves, only seconds, until the mirror
 * has surely caught up: a trade on either market shows at the next read after the mirror has it.
 */
import { parseUnits } from '@/features/balances/units';
import { LedgerNotFoundError } from '@/features/ledger/errors';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { PriceSource } from '@/features/prices/price-port';
import { DomainError } from '@/lib/domain-error';
import { mapConcurrently } from '@/lib/concurrency';
import { log } from '@/platform/log';
import { createTtlCache } from '@/platform/ttl-cache';
import { type CostBasisContext, type TigerLeg, tigerLegs } from './cost-basis-rules';
import type { AccountTigerTransactions, NftMove, PortfolioLedger, TransactionRef } from './portfolio-ledger-port';
import { type PortfolioAnswer, portfolioAnswer } from './portfolio-model';
import { portfolioPnl } from './pnl-rules';
import { tradesCsv } from './trades-csv';

/** A load is kept at most this long (and no longer than the head of the account's stream it was read under). */
export const PORTFOLIO_TTL_MS = 60_000;
const TOKEN_TERMS_TTL_MS = 60 * 60 * 1000;
const PARALLEL_READS = 8;
/** The mirror node's lag after a trade is recorded (5-15 s on mainnet), with room to spare. */
const MIRROR_CATCH_UP_MS = 30_000;
const RECHECK_MS = 5_000;
const HEADS_KEPT = 10_000;
/** Accounts whose transaction lists are kept (the most recently loaded). */
const ACCOUNTS_LISTED = 2_000;

export interface PortfolioServiceDeps {
  ledger: PortfolioLedger;
  reader: Pick<LedgerReader, 'getAccount' | 'getAccountNfts' | 'getTokenInfo'>;
  prices: () => Promise<Pick<PriceSource, 'hbar' | 'paws' | 'history'>>;
  /** Each tiger's estimated value in whole PAWS (a decimal string) and its method; tigers with no estimate are absent. */
  estimatedValues: (serials: number[]) => Promise<Map<number, { paws: string; method: string }>>;
  /** True when the holder opted in to showing their P&L on their public profile. */
  pnlPublic: (accountId: string) => Promise<boolean>;
  /**
   * The head of the account's own event stream (its tigers bought, sold or moved, on either market, as
   * the requests and the scheduled job's market watch record them): a load read under an older one is read again.
   */
  accountVersion?: (accountId: string) => Promise<number>;
  settings: { nftTokenId: string; pawsTokenId: string };
  now?: () => number;
}

interface Loaded {
  answer: PortfolioAnswer;
  legs: TigerLeg[];
  csv: () => string;
}

/** The portfolio service: `view` and `csv` for a viewer. */
export function createPortfolioService(deps: PortfolioServiceDeps) {
  const now = deps.now ?? Date.now;
  const { nftTokenId, pawsTokenId } = deps.settings;
  const loads = createTtlCache<Loaded>(PORTFOLIO_TTL_MS, { now, maxEntries: 2_000 });
  const terms = createTtlCache<{ context: CostBasisContext; pawsDecimals: number }>(TOKEN_TERMS_TTL_MS, { now, maxEntries: 1 });

  const tokenTerms = () =>
    terms.get('terms', async () => {
      const [nft, paws] = await Promise.all([deps.reader.getTokenInfo(nftTokenId), deps.reader.getTokenInfo(pawsTokenId)]);
      return { context: { nftTokenId, pawsTokenId, treasuryAccountId: nft.treasuryAccountId }, pawsDecimals: paws.decimals };
    });

  const accounts = createTtlCache<true>(TOKEN_TERMS_TTL_MS, { now, maxEntries: 10_000 });

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

  /** The legs of the transactions `refs` for the holder. */
  async function legsOf(accountId: string, refs: readonly TransactionRef[], context: CostBasisContext): Promise<TigerLeg[]> {
    const details = await mapConcurrently(refs.length, PARALLEL_READS, (index) => deps.ledger.transactionDetail(refs[index] as TransactionRef));
    return details.flatMap((tx) => (tx ? tigerLegs(tx, accountId, context) : []));
  }

  /** The last transfer of `serial` to the holder, from its history; kept while it is held (the arrival of a tiger held does not change). */
  const arrivals = createTtlCache<NftMove | null>(TOKEN_TERMS_TTL_MS, { now, maxEntries: 20_000 });
  const arrivalOf = (accountId: string, serial: number) =>
    arrivals.get(
      `${accountId}/${serial}`,
      async () => (await deps.ledger.nftHistory(nftTokenId, serial)).filter((move) => move.receiver === accountId).at(-1) ?? null,
    );

  /** Each account's tiger transactions as last read, and how far its list was read: the next load reads on from there. */
  const listed = new Map<string, AccountTigerTransactions>();

  async function tigerTransactions(accountId: string): Promise<TransactionRef[]> {
    const known = listed.get(accountId);
    const more = await deps.ledger.accountNftTransactions(accountId, nftTokenId, known?.through ?? null);
    // Two loads at once may both read on from one point: a transaction is kept once.
    const refs = [...new Map([...(listed.get(accountId)?.refs ?? []), ...more.refs].map((ref) => [`${ref.transactionId}/${ref.nonce}`, ref])).values()];
    const all = { refs, through: more.through };
    listed.delete(accountId);
    if (listed.size >= ACCOUNTS_LISTED) listed.delete(listed.keys().next().value as string);
    listed.set(accountId, all);
    return all.refs;
  }

  /** The held tigers' estimated values; none when they cannot be counted now (each lot then says it has no estimate). */
  const estimatesOf = (serials: number[]) =>
    deps.estimatedValues(serials).catch((error: unknown) => {
      log.warn('portfolio: estimated values unavailable', { error });
      return new Map<number, { paws: string; method: string }>();
    });

  async function load(accountId: string): Promise<Loaded> {
    const [{ context, pawsDecimals }, refs, owned] = await Promise.all([
      tokenTerms(),
      tigerTransactions(accountId),
      deps.reader.getAccountNfts(accountId, nftTokenId),
    ]);
    const held = owned.map((nft) => nft.serial).sort((a, b) => a - b);
    const legs = await legsOf(accountId, refs, context);
    // A tiger held whose arrival the account's list does not show (someone else paid for its transfer):
    // its own history names the transaction that brought it.
    const arrived = new Set(legs.filter((leg) => leg.side === 'buy').map((leg) => leg.serial));
    const known = new Set(refs.map((ref) => ref.transactionId));
    const unexplained = held.filter((serial) => !arrived.has(serial));
    const found = await mapConcurrently(unexplained.length, PARALLEL_READS, (index) => arrivalOf(accountId, unexplained[index] as number));
    const arrivals = found.filter((move): move is NftMove => move !== null && !known.has(move.transactionId));
    const extraRefs = [...new Map(arrivals.map((move) => [`${move.transactionId}/${move.nonce}`, move])).values()];
    legs.push(...(await legsOf(accountId, extraRefs, context)));

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
      answer: portfolioAnswer({ accountId, held, legs, pnl, history, pawsDecimals, at }),
      legs,
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
    return loads.get(key, () => load(accountId));
  }

  return {
    /** The portfolio of `accountId` for the signed-in `viewerAccountId` (or an anonymous viewer). */
    async view(accountId: string, viewerAccountId: string | undefined): Promise<PortfolioAnswer> {
      await assertVisible(accountId, viewerAccountId);
      return (await loaded(accountId)).answer;
    },

    /** The holder's trades as CSV text, for the same viewers as `view`. */
    async csv(accountId: string, viewerAccountId: string | undefined): Promise<string> {
      await assertVisible(accountId, viewerAccountId);
      return (await loaded(accountId)).csv();
    },
  };
}
