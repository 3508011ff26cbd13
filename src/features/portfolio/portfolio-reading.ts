/**
 * A holder's trades read from the ledger (issue 58 items 1, 5): the account's transactions that moved
 * a tiger, read into tiger legs (`cost-basis-rules.ts`) and kept in the table (`portfolio-repo.ts`),
 * each load reading on from where the last stopped, at most PAGES_PER_LOAD pages of the account's
 * list. The portfolio service answers views from it; the scheduled job reads kept portfolios on
 * (portfolio-follower.ts).
 */
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import { mapConcurrently } from '@/lib/concurrency';
import { createTtlCache } from '@/platform/ttl-cache';
import { type CostBasisContext, type TigerLeg, tigerLegs } from './cost-basis-rules';
import type { NftMove, PortfolioLedger, TransactionRef } from './portfolio-ledger-port';
import { justBefore } from './pnl-rules';
import { type PortfolioRepo, type StoredPortfolio, legKey } from './portfolio-repo';

const TERMS_TTL_MS = 60 * 60 * 1000;
const PARALLEL_READS = 8;
/**
 * Pages of the account's transaction list (100 each) one load reads at most: with a detail read per
 * transaction that moved a tiger, 8 at a time, a load stays within the request's budget on the public
 * mirror node; an account with more is read over several loads.
 */
export const PAGES_PER_LOAD = 5;
/** The mirror node's lag after a trade is recorded (5-15 s on mainnet), with room to spare. */
export const MIRROR_CATCH_UP_MS = 30_000;

export interface PortfolioReadingDeps {
  ledger: PortfolioLedger;
  /** What was read of each account's ledger, kept for every process. */
  store: Pick<PortfolioRepo, 'read' | 'save'>;
  reader: Pick<LedgerReader, 'getAccountNfts' | 'getTokenInfo'>;
  settings: { nftTokenId: string; pawsTokenId: string };
  now?: () => number;
}

/** An account's trades as read so far. */
export interface LedgerReading {
  /** The tigers the account holds now, in serial order. */
  held: number[];
  legs: TigerLeg[];
  /** False while the account's list goes on past what was read (a load reads on from `through`). */
  complete: boolean;
  through: string | null;
}

/** The portfolio's reading of the ledger: `read` for a view, `refresh` for the job. */
export function createPortfolioReading(deps: PortfolioReadingDeps) {
  const now = deps.now ?? Date.now;
  const { nftTokenId, pawsTokenId } = deps.settings;
  const terms = createTtlCache<{ context: CostBasisContext; pawsDecimals: number }>(TERMS_TTL_MS, { now, maxEntries: 1 });

  /** The rules' tokens and PAWS's decimals (kept an hour). */
  const tokenTerms = () =>
    terms.get('terms', async () => {
      const [nft, paws] = await Promise.all([deps.reader.getTokenInfo(nftTokenId), deps.reader.getTokenInfo(pawsTokenId)]);
      return { context: { nftTokenId, pawsTokenId, treasuryAccountId: nft.treasuryAccountId }, pawsDecimals: paws.decimals };
    });

  /** The legs of the transactions `refs` for the holder, and the refs whose detail the mirror did not have (yet). */
  async function legsOf(
    accountId: string,
    refs: readonly TransactionRef[],
    context: CostBasisContext,
  ): Promise<{ legs: TigerLeg[]; missing: TransactionRef[] }> {
    const details = await mapConcurrently(refs.length, PARALLEL_READS, (index) => deps.ledger.transactionDetail(refs[index] as TransactionRef));
    const missing = refs.filter((_, index) => !details[index]);
    return { legs: details.flatMap((tx) => (tx ? tigerLegs(tx, accountId, context) : [])), missing };
  }

  /** The last transfer of `serial` to the holder, from its history; kept while it is held (the arrival of a tiger held does not change). */
  const arrivals = createTtlCache<NftMove | null>(TERMS_TTL_MS, { now, maxEntries: 20_000 });
  const arrivalOf = (accountId: string, serial: number) =>
    arrivals.get(
      `${accountId}/${serial}`,
      async () => (await deps.ledger.nftHistory(nftTokenId, serial)).filter((move) => move.receiver === accountId).at(-1) ?? null,
    );

  /**
   * Reads on from what is kept: the account's list after its last transaction read (at most
   * PAGES_PER_LOAD pages), the legs of its new transactions and, once the list is read to its end,
   * of the tigers held whose arrival it does not show; keeps them, and answers every leg read.
   */
  async function readLedger(accountId: string, context: CostBasisContext, held: readonly number[], stored: StoredPortfolio | null) {
    const listed = await deps.ledger.accountNftTransactions(accountId, nftTokenId, stored?.through ?? null, PAGES_PER_LOAD);
    const { legs: fresh, missing } = await legsOf(accountId, listed.refs, context);
    const legs = new Map([...(stored?.legs ?? []), ...fresh].map((leg) => [legKey(leg), leg]));
    // A listed transaction whose detail a mirror node did not have yet is read again next time: the reading stops just before it.
    const through = missing.length ? justBefore(missing[0]?.consensusTimestamp ?? '') : listed.through;
    const complete = !listed.more && !missing.length;
    if (complete) {
      // A tiger held whose arrival the account's list does not show (someone else paid for its transfer):
      // its own history names the transaction that brought it.
      const arrived = new Set([...legs.values()].filter((leg) => leg.side === 'buy').map((leg) => leg.serial));
      const known = new Set([...legs.values()].map((leg) => leg.transactionId));
      const unexplained = held.filter((serial) => !arrived.has(serial));
      const found = await mapConcurrently(unexplained.length, PARALLEL_READS, (index) => arrivalOf(accountId, unexplained[index] as number));
      const arrivals = found.filter((move): move is NftMove => move !== null && !known.has(move.transactionId));
      const extraRefs = [...new Map(arrivals.map((move) => [`${move.transactionId}/${move.nonce}`, move])).values()];
      for (const leg of (await legsOf(accountId, extraRefs, context)).legs) {
        if (!legs.has(legKey(leg))) fresh.push(leg);
        legs.set(legKey(leg), leg);
      }
    }
    const unchanged = stored && !fresh.length && stored.through === through && stored.complete === complete;
    // Another load may have moved the reading on meanwhile: its reading stands, and these legs are the same items.
    if (!unchanged) await deps.store.save(accountId, { legs: fresh, through, complete }, stored ? stored.through : undefined);
    return { legs: [...legs.values()], complete, through };
  }

  /** The tigers the account holds now, and its trades read on from what is kept. */
  async function read(accountId: string, stored: StoredPortfolio | null): Promise<LedgerReading> {
    const [{ context }, owned] = await Promise.all([tokenTerms(), deps.reader.getAccountNfts(accountId, nftTokenId)]);
    const held = owned.map((nft) => nft.serial).sort((a, b) => a - b);
    return { held, ...(await readLedger(accountId, context, held, stored)) };
  }

  return {
    tokenTerms,

    /** The account's trades, read on from what is kept (a load of a view). */
    async read(accountId: string): Promise<LedgerReading> {
      return read(accountId, await deps.store.read(accountId));
    },

    /**
     * Reads on the ledger of a portfolio that is kept (the scheduled job: after the account's trades,
     * or while its list is still being read); an account never loaded is left alone. True when it read.
     */
    async refresh(accountId: string): Promise<boolean> {
      const stored = await deps.store.read(accountId);
      if (!stored) return false;
      await read(accountId, stored);
      return true;
    },
  };
}

export type PortfolioReading = ReturnType<typeof createPortfolioReading>;
