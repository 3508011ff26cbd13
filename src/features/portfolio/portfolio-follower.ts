/**
 * The scheduled job's part in the portfolios (issue 58 item 5): a kept portfolio follows the ledger
 * without a page asking for it. The job follows the market stream from where it stopped; the accounts
 * of each sale, accepted offer or move (on either market, or outside both) have their kept portfolio
 * read on once the mirror node surely shows the trade, and so has every portfolio whose reading has
 * not reached the end of the account's list (a holder with thousands of transactions).
 */
import { isEntityId } from '@/features/ledger/entity-id';
import type { EventLogRepo } from '@/features/market-events/event-log-repo';
import { MARKET_STREAM, type MarketEvent } from '@/features/market-events/market-event';
import { mapConcurrently } from '@/lib/concurrency';
import { log } from '@/platform/log';
import type { PortfolioRepo } from './portfolio-repo';
import { MIRROR_CATCH_UP_MS } from './portfolio-reading';

/** Market events one run follows at most. */
const EVENTS_PER_RUN = 500;
/** Portfolios still being read that one run reads on at most. */
const READING_PER_RUN = 20;
const PARALLEL_REFRESHES = 4;
/** The events after which a holder's trades differ: a tiger changed hands. */
const TRADES = new Set<MarketEvent['type']>(['sale', 'offer-accepted', 'tiger-moved']);

/** The accounts a market event's trade touched (none for a listing, an offer or the figures). */
export function tradersOf(event: MarketEvent): string[] {
  if (!TRADES.has(event.type)) return [];
  const { sellerId, buyerId, ownerId } = event.data;
  return [...new Set([sellerId, buyerId, ownerId])].filter((id): id is string => typeof id === 'string' && isEntityId(id));
}

export interface PortfolioFollowerDeps {
  store: Pick<PortfolioRepo, 'followed' | 'follow' | 'reading'>;
  events: Pick<EventLogRepo, 'after' | 'head'>;
  /** Reads on a kept portfolio (portfolio-reading.ts `refresh`); false when the account has none kept. */
  refresh: (accountId: string) => Promise<boolean>;
  now?: () => number;
}

/** The job's follower of the market stream for the portfolios. */
export function createPortfolioFollower(deps: PortfolioFollowerDeps) {
  const now = deps.now ?? Date.now;
  return {
    /**
     * One run: the traders of the events since the last run (up to those too recent for the mirror),
     * and the portfolios still being read, read on; the place in the stream moves on only when every
     * one of them was read, so a run cut short is taken up by the next. The first run starts at the
     * stream's head, and so does a run that finds its place older than the log keeps (a load always
     * reads on from where the last stopped, so nothing is lost, only not read in advance).
     */
    async run(): Promise<{ followed: number; refreshed: number }> {
      const from = await deps.store.followed();
      const head = await deps.events.head(MARKET_STREAM);
      let to = from ?? head;
      const accounts = new Set<string>();
      if (from !== null && head > from) {
        const page = await deps.events.after(MARKET_STREAM, from, EVENTS_PER_RUN);
        if (page.reset) to = head;
        else {
          for (const event of page.events) {
            if (Date.parse(event.at) > now() - MIRROR_CATCH_UP_MS) break;
            for (const account of tradersOf(event)) accounts.add(account);
            to = event.seq;
          }
        }
      }
      for (const account of await deps.store.reading(READING_PER_RUN)) accounts.add(account);
      const listed = [...accounts];
      const outcomes = await mapConcurrently(listed.length, PARALLEL_REFRESHES, (index) =>
        deps.refresh(listed[index] as string).then(
          (read) => ({ read, failed: false }),
          (error: unknown) => {
            log.warn('portfolio: a kept portfolio could not be read on', { accountId: listed[index], error });
            return { read: false, failed: true };
          },
        ),
      );
      const moved = to !== from && !outcomes.some((outcome) => outcome.failed);
      if (moved) await deps.store.follow(from, to);
      return { followed: moved ? to - (from ?? to) : 0, refreshed: outcomes.filter((outcome) => outcome.read).length };
    },
  };
}
