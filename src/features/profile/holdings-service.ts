/**
 * Who holds which tiger, as the ledger says now, for summaries of many accounts (the public
 * directory's tiger counts and badges). It reads the collection's bulk owner map (every serial in
 * about 34 mirror node pages, whatever the number of profiles: never one read per account) and
 * keeps it at most `maxAgeMs` (spec 001 §9: owned NFTs 60 s). Instances share the map through
 * the owners snapshot item the collection browser also uses, so a cold or idle instance reads one
 * item instead of the mirror node while another instance's copy is fresh.
 */
import { withTimeout } from '@/lib/timeout';
import { log } from '@/platform/log';
import { outsideRequestBudget } from '@/platform/request-budget';
import { LedgerUnavailableError } from '@/features/ledger/errors';

export interface OwnersCopy {
  owners: ReadonlyMap<number, string>;
  /** When the map was read from the ledger (ms). */
  loadedAt: number;
}

export interface HoldingsServiceDeps {
  /** The owner of every existing serial, from the ledger in bulk (LedgerReader.getAllNftOwners). */
  loadOwners: () => Promise<ReadonlyMap<number, string>>;
  /** The copy instances share (owners-snapshot-repo.ts). */
  shared?: { read(): Promise<OwnersCopy | undefined>; write(owners: ReadonlyMap<number, string>, loadedAt: number): Promise<void> };
  now?: () => number;
  freshness?: typeof HOLDINGS_FRESHNESS;
}

export const HOLDINGS_FRESHNESS = {
  /** Spec 001 §9: owned NFTs are fresh 60 s. */
  maxAgeMs: 60_000,
  /** How long a request waits for a fresh map before it answers with the last one (or fails without any). */
  waitMs: 10_000,
  /** After a failed read, no new one before this long (the mirror node is not hammered while it is down). */
  retryMs: 15_000,
  /** How long a read waits for its map to be shared before it answers anyway (the write goes on). */
  shareWaitMs: 1_000,
  /**
   * With a shared copy, how long past `maxAgeMs` the last one is still served while the scheduled job's next
   * one is due: the job reads the map each minute and stores it about a second later (its read and the
   * schedule's jitter), so without this every instance read the mirror itself in that second. Past it (the
   * job is late or down) the mirror is read as before.
   */
  jobGraceMs: 5_000,
} as const;

/** The bulk owner map of the collection, at most `maxAgeMs` old while the ledger answers. */
export function createHoldingsService({ loadOwners, shared, now = Date.now, freshness = HOLDINGS_FRESHNESS }: HoldingsServiceDeps) {
  let current: OwnersCopy | undefined;
  let loading: Promise<OwnersCopy | undefined> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  /** The one read of the shared copy in flight while the job's next copy is due. */
  let checking: Promise<void> | undefined;
  const fresh = (copy: OwnersCopy | undefined): copy is OwnersCopy => copy !== undefined && now() - copy.loadedAt < freshness.maxAgeMs;
  /** A copy past its freshness whose next one the job is due to store. */
  const jobDue = (copy: OwnersCopy) => shared !== undefined && now() - copy.loadedAt < freshness.maxAgeMs + freshness.jobGraceMs;

  /** Takes the job's next copy from the store once it is there (one read at a time); never reads the mirror. */
  function checkShared(): Promise<void> {
    checking ??= readShared()
      .then((other) => {
        if (fresh(other) && (!current || other.loadedAt > current.loadedAt)) current = other;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  async function readShared(): Promise<OwnersCopy | undefined> {
    try {
      return await shared?.read();
    } catch (error) {
      log.warn('holdings: the shared owner map could not be read', { error });
      return undefined;
    }
  }

  /** A fresh copy: another instance's, else the ledger's (then shared); undefined when the ledger cannot be read. */
  async function load(): Promise<OwnersCopy | undefined> {
    try {
      const other = await readShared();
      if (fresh(other) && (!current || other.loadedAt > current.loadedAt)) return other;
      const copy = { owners: await loadOwners(), loadedAt: now() };
      if (shared) {
        const share = shared.write(copy.owners, copy.loadedAt).catch((error: unknown) => log.warn('holdings: the owner map could not be shared', { error }));
        await withTimeout(share, freshness.shareWaitMs, () => undefined);
      }
      return copy;
    } catch (error) {
      failedAt = now();
      log.warn('holdings: the ledger owner map could not be read', { error });
      return undefined;
    }
  }

  return {
    /**
     * The owner of every serial: a copy at most `maxAgeMs` old (`jobGraceMs` more while the job's next
     * copy is due), read again when older. While the ledger cannot be read the last copy is kept;
     * LEDGER_UNAVAILABLE when there is none.
     */
    async owners(): Promise<ReadonlyMap<number, string>> {
      const last = current;
      if (fresh(last)) return last.owners;
      if (last && jobDue(last)) {
        await checkShared();
        const served = current ?? last;
        if (jobDue(served)) return served.owners;
      }
      if (!loading && now() - failedAt >= freshness.retryMs) {
        // Every reader's load, on the mirror reads' own time-outs: not cut short by the request that started it.
        loading = outsideRequestBudget(load).then((copy) => {
          if (copy && (!current || copy.loadedAt >= current.loadedAt)) current = copy;
          loading = undefined;
          return copy;
        });
      }
      const copy = loading ? await withTimeout(loading, freshness.waitMs, () => undefined) : undefined;
      const best = copy ?? current;
      if (!best) throw new LedgerUnavailableError('The owner map of the collection could not be read from the ledger');
      return best.owners;
    },
  };
}

export type HoldingsService = ReturnType<typeof createHoldingsService>;

/** The serials each of `accountIds` holds, from the owner map of every serial (accounts holding none get an empty list). */
export function serialsHeldBy(owners: ReadonlyMap<number, string>, accountIds: Iterable<string>): Map<string, number[]> {
  const held = new Map<string, number[]>();
  for (const accountId of accountIds) held.set(accountId, []);
  for (const [serial, owner] of owners) held.get(owner)?.push(serial);
  for (const serials of held.values()) serials.sort((a, b) => a - b);
  return held;
}
