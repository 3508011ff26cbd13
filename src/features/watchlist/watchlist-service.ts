/**
 * The watchlist (issue 57, item 5): the signed-in holder's watches, checked against the collection
 * (a tiger of it, a trait some tiger has, a tier), and the alerts: each market event about a tiger
 * is matched against the watches of the tiger, its traits and its tier, and a match is an event of
 * the watcher's own stream ('watch-alert', once per watch and event), so that it reaches their inbox
 * and their open pages as any news of theirs does.
 */
import { DomainError } from '@/lib/domain-error';
import type { EventLogRepo } from '@/features/market-events/event-log-repo';
import { noticeFor } from '@/features/market-events/inbox-rules';
import { MARKET_STREAM, type MarketEvent, accountStream } from '@/features/market-events/market-event';
import type { RarityDataset } from '@/features/tiger/rarity';
import { RARITY_TIERS, tierByRank } from '@/features/tiger/tiers';
import { TOTAL_SUPPLY } from '@/features/tiger/supply';
import { ALERTING_EVENT_TYPES, MAX_WATCHES, type Watch, type WatchKind, alertReason, watchKeysOf } from './watch-rules';
import type { WatchlistRepo } from './watchlist-repo';

export interface NewWatch {
  id: string;
  kind: WatchKind;
  target: string;
  under: Watch['under'];
}

export interface WatchlistDeps {
  repo: WatchlistRepo;
  log: Pick<EventLogRepo, 'append'>;
  rarity: () => Promise<RarityDataset>;
  /** Web Push to the watcher's browsers that agreed (an alert is in their inbox either way). */
  push?: { notify(accountId: string, notice: { title: string; body: string; url: string }): Promise<number> };
  now?: () => number;
}

export function createWatchlistService({ repo, log, rarity, push, now = Date.now }: WatchlistDeps) {
  /** The target as the collection knows it, or why it is no watch. */
  async function checkedTarget(kind: WatchKind, target: string): Promise<string> {
    if (kind === 'tiger') {
      const serial = Number(target);
      if (!Number.isInteger(serial) || serial < 1 || serial > TOTAL_SUPPLY || String(serial) !== target)
        throw new DomainError('INVALID_WATCH', `Wild Tigers run from #1 to #${TOTAL_SUPPLY}`);
      return target;
    }
    if (kind === 'tier') {
      if (!RARITY_TIERS.includes(target as never) || target === 'Unknown') throw new DomainError('INVALID_WATCH', `No tier is named ${target}`);
      return target;
    }
    const [traitType = '', value = ''] = target.split('=');
    const known = Object.values((await rarity()).rarityData).some((entry) =>
      entry.traits.some((trait) => trait.trait_type === traitType && String(trait.value) === value),
    );
    if (!known) throw new DomainError('INVALID_WATCH', `No Wild Tiger has the trait ${traitType}: ${value}`);
    return target;
  }

  return {
    list: (accountId: string) => repo.list(accountId),

    /** Keeps a watch for the signed-in holder (its id again replaces it), within MAX_WATCHES. */
    async add(accountId: string, input: NewWatch): Promise<Watch> {
      // A tier or trait alerts on listings only (a sale is news of one tiger): it needs the price to alert under.
      if (input.kind !== 'tiger' && !input.under) throw new DomainError('INVALID_WATCH', 'Say the price under which a listing should alert you');
      const target = await checkedTarget(input.kind, input.target);
      const watches = await repo.list(accountId);
      const existing = watches.find((watch) => watch.id === input.id);
      if (!existing && watches.length >= MAX_WATCHES) throw new DomainError('TOO_MANY_WATCHES', `You can keep up to ${MAX_WATCHES} watches; remove one first`);
      const watch: Watch = { id: input.id, kind: input.kind, target, under: input.under, createdAt: existing?.createdAt ?? new Date(now()).toISOString() };
      await repo.put(accountId, watch);
      return watch;
    },

    async remove(accountId: string, watchId: string): Promise<void> {
      if (!(await repo.remove(accountId, watchId))) throw new DomainError('WATCH_NOT_FOUND', 'This watch is not on your watchlist');
    },

    /** The alerts of events just written: the market's events about a tiger, against who watches it. Answers how many fired. */
    async alert(events: readonly MarketEvent[]): Promise<number> {
      // The market's copy of each event about a tiger that a watch can alert on: nothing else is looked up (no watchers read, no rarity loaded).
      const alerting = events.filter((event) => event.stream === MARKET_STREAM && event.data.serial !== undefined && ALERTING_EVENT_TYPES.has(event.type));
      if (!alerting.length) return 0;
      let fired = 0;
      const dataset = await rarity();
      for (const event of alerting) {
        const serial = event.data.serial as number;
        const entry = dataset.rarityData[String(serial)];
        const watchKeys = watchKeysOf(serial, entry?.traits ?? [], tierByRank(entry?.rarityRank));
        const told = new Set<string>();
        for (const key of watchKeys) {
          for (const watcher of await repo.watchersOf(key)) {
            // A holder's own listing or sale is no alert to them; one alert per holder and event.
            if (told.has(watcher.accountId) || watcher.accountId === event.data.sellerId || watcher.accountId === event.data.buyerId) continue;
            const watch = await repo.get(watcher.accountId, watcher.watchId);
            const reason = watch ? alertReason(watch, event) : null;
            if (!watch || !reason) continue;
            told.add(watcher.accountId);
            const written = await log.append({
              id: `ALERT#${watch.id}#${event.seq}`,
              type: 'watch-alert',
              at: event.at,
              streams: [accountStream(watcher.accountId)],
              data: { ...event.data, ref: watch.id, reason },
            });
            fired += written.length;
            const [alerted] = written;
            const notice = alerted && noticeFor(alerted, watcher.accountId);
            if (push && notice) await push.notify(watcher.accountId, { title: notice.title, body: notice.description, url: `/collection?tiger=${serial}` });
          }
        }
      }
      return fired;
    },
  };
}

export type WatchlistService = ReturnType<typeof createWatchlistService>;
