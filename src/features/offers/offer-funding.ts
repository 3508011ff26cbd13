/**
 * Whether offers are funded (issue 41 item 3): what page views show of each offer maker's PAWS
 * comes from the store, never from one ledger read per maker, so a page view costs the same mirror
 * calls at 10 offers as at 1,000. The funding job keeps the store fresh within a stated mirror
 * budget; making and accepting an offer store what they read. Accepting always reads afresh.
 */
import { mapConcurrently } from '@/lib/concurrency';
import { log } from '@/platform/log';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { OfferFundsRepo } from './offer-funds-repo';
import { type PawsFunds, fundedOffers } from '@/features/paws-market/allowance-budget';
import { type PawsOffer, budgetOffer } from './offer-rules';
import type { EventLogRepo } from '@/features/market-events/event-log-repo';
import { streamsFor } from '@/features/market-events/market-event';

/**
 * The funding job's mirror budget: 10 requests a second, a fifth of the public mainnet mirror's
 * limit of about 50 a second per IP (the reference's "Mirror node REST"; the sandbox mirror
 * enforces it, mirror-rate-limit.ts), so the job never crowds out the pages' requests. Each maker
 * costs two (balance, allowance).
 */
export const FUNDING_MIRROR_REQUESTS_PER_SECOND = 10;
const MIRROR_READS_PER_MAKER = 2;
/**
 * Makers a page view reads from the ledger when the store has nothing for them yet (offers made
 * before the store kept funds): a bounded few, stored for the next views; the job reads the rest.
 */
const UNREAD_MAKERS_PER_VIEW = 4;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createOfferFunding({
  ledger,
  store,
  settings,
  events,
  now = Date.now,
}: {
  ledger: Pick<LedgerReader, 'getTokenBalance' | 'getTokenAllowance'>;
  store: OfferFundsRepo;
  settings: { pawsTokenId: string; marketplaceAccountId: string };
  /** The live market's log: an offer the job finds no longer funded, or funded again, is its event. */
  events?: Pick<EventLogRepo, 'append'>;
  now?: () => number;
}) {
  /** The maker's offers that went from funded to not (or back) between two reads of their PAWS: one event each. */
  async function fundingChanged(own: readonly PawsOffer[], before: PawsFunds | undefined, after: PawsFunds, checkedAt: number): Promise<void> {
    if (!events || !before || !own.length) return;
    const budget = own.map(budgetOffer);
    const was = new Set(fundedOffers(budget, before));
    const is = new Set(fundedOffers(budget, after));
    const at = new Date(checkedAt).toISOString();
    for (const offer of own) {
      if (was.has(offer.id) === is.has(offer.id)) continue;
      const type = is.has(offer.id) ? 'offer-funded' : 'offer-unfunded';
      const serial = offer.serialNumber ?? undefined;
      await events.append({
        id: `OFFER#${offer.id}#${type}#${checkedAt}`,
        type,
        at,
        streams: streamsFor(serial, [offer.buyerId]),
        data: { ref: offer.id, ...(serial === undefined ? {} : { serial }), market: 'paws', price: offer.pawsAmount, buyerId: offer.buyerId },
      });
    }
  }

  /** Stores a read of the maker's funds; a store that cannot be written leaves the job to do it. */
  async function remember(buyerId: string, funds: PawsFunds, checkedAt: number): Promise<void> {
    await store.put({ buyerId, ...funds, checkedAt }).catch((error: unknown) => log.warn('offer funds not stored', { buyerId, error }));
  }

  /** The maker's PAWS read from the ledger now (two mirror reads), and stored for page views. */
  async function read(buyerId: string): Promise<PawsFunds> {
    const checkedAt = now();
    const [balance, allowance] = await Promise.all([
      ledger.getTokenBalance(buyerId, settings.pawsTokenId),
      ledger.getTokenAllowance(buyerId, settings.pawsTokenId, settings.marketplaceAccountId),
    ]);
    const funds = { available: balance.associated ? balance.balance : 0n, allowance };
    await remember(buyerId, funds, checkedAt);
    return funds;
  }

  return {
    read,
    remember,

    /**
     * The ids of the offers of `list` their makers' stored PAWS fund, each maker's allowance one
     * budget over all their open offers (`pool`: every open offer of those makers; oldest funded
     * first, allowance-budget.ts). A maker the store has nothing for is read now, a few per view;
     * beyond those, their offers count as funded, as they were when made (making an offer checks
     * its funds), until the job reads them.
     */
    async fundedIds(list: readonly PawsOffer[], pool: readonly PawsOffer[]): Promise<Set<string>> {
      const makers = [...new Set(list.map((offer) => offer.buyerId))];
      const stored = await store.getMany(makers);
      const unread = makers.filter((maker) => !stored.has(maker)).slice(0, UNREAD_MAKERS_PER_VIEW);
      const fresh = await mapConcurrently(unread.length, UNREAD_MAKERS_PER_VIEW, (index) => read(unread[index] as string));
      const funds = new Map<string, PawsFunds>([...stored, ...unread.map((maker, index) => [maker, fresh[index] as PawsFunds] as const)]);
      const byMaker = new Map<string, Map<string, PawsOffer>>(makers.map((maker) => [maker, new Map()]));
      for (const offer of [...pool, ...list]) byMaker.get(offer.buyerId)?.set(offer.id, offer);
      const funded = new Set<string>();
      for (const [maker, own] of byMaker) {
        const known = funds.get(maker);
        for (const id of known ? fundedOffers([...own.values()].map(budgetOffer), known) : own.keys()) funded.add(id);
      }
      return new Set(list.filter((offer) => funded.has(offer.id)).map((offer) => offer.id));
    },

    /**
     * The funding job: reads the PAWS of the makers of `open` offers, those read longest ago first,
     * at `requestsPerSecond` mirror requests a second at most, for up to `budgetMs`, and stores them.
     * At 10 a second a run of 40 s reads 200 makers: each maker's funds are at most
     * ceil(makers / 200) minutes old (300 makers: 2 minutes).
     */
    async refresh(
      open: readonly PawsOffer[],
      {
        requestsPerSecond = FUNDING_MIRROR_REQUESTS_PER_SECOND,
        budgetMs,
        wait = pause,
      }: { requestsPerSecond?: number; budgetMs: number; wait?: (ms: number) => Promise<void> },
    ): Promise<{ makers: number; read: number }> {
      const started = now();
      const makers = [...new Set(open.map((offer) => offer.buyerId))];
      const stored = await store.getMany(makers);
      const due = makers.sort((a, b) => (stored.get(a)?.checkedAt ?? Number.NEGATIVE_INFINITY) - (stored.get(b)?.checkedAt ?? Number.NEGATIVE_INFINITY));
      const slotMs = (MIRROR_READS_PER_MAKER * 1000) / requestsPerSecond;
      let done = 0;
      for (const maker of due) {
        // Each maker's reads start in a slot of their own: never more than `requestsPerSecond` a second.
        const slot = started + done * slotMs;
        if (slot + slotMs > started + budgetMs) break;
        if (slot > now()) await wait(slot - now());
        try {
          const before = stored.get(maker);
          const after = await read(maker);
          await fundingChanged(
            open.filter((offer) => offer.buyerId === maker),
            before && { available: before.available, allowance: before.allowance },
            after,
            now(),
          );
        } catch (error) {
          log.warn('offer funds not read', { buyerId: maker, error });
        }
        done += 1;
      }
      return { makers: makers.length, read: done };
    },
  };
}

export type OfferFunding = ReturnType<typeof createOfferFunding>;
