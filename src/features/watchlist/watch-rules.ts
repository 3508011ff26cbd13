/**
 * Watches and their alerts (issue 57, item 5): a holder watches a tiger, a trait or a tier; an
 * alert fires when a watched tiger is listed under the price the holder chose (in PAWS or HBAR, on
 * that market), or when a watched tiger sells. Pure: the service, the repo and the page share these.
 */
import type { MarketEvent } from '@/features/market-events/market-event';

export const WATCH_KINDS = ['tiger', 'trait', 'tier'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];
export type WatchCurrency = 'PAWS' | 'HBAR';

/** How many watches one holder keeps at most. */
export const MAX_WATCHES = 50;

export interface Watch {
  id: string;
  kind: WatchKind;
  /** A tiger's serial ('12'), a trait ('Background=Blue') or a tier ('Legendary'). */
  target: string;
  /** Alert when listed under this price; null: only when a watched tiger sells. */
  under: { amount: string; currency: WatchCurrency } | null;
  createdAt: string;
}

/** The watch key a target is filed under, as the alerts look it up. */
export const watchKey = (kind: WatchKind, target: string): string => `${kind}:${target}`;

/** Every watch key an event about `serial` may match: the tiger's own, each of its traits', its tier's. */
export function watchKeysOf(serial: number, traits: readonly { trait_type: string; value: string | number }[], tier: string): string[] {
  return [watchKey('tiger', String(serial)), ...traits.map((trait) => watchKey('trait', `${trait.trait_type}=${trait.value}`)), watchKey('tier', tier)];
}

/** The market events a watch can alert on: a listing made, re-priced or valid again (buyable once more), a sale. */
export const ALERTING_EVENT_TYPES: ReadonlySet<MarketEvent['type']> = new Set(['listing-created', 'listing-repriced', 'listing-revalidated', 'sale']);

/** Why `watch` alerts on a market event, or null: listed (or re-priced) under its price on the market of its currency; a watched tiger sold. */
export function alertReason(watch: Pick<Watch, 'kind' | 'under'>, event: Pick<MarketEvent, 'type' | 'data'>): 'listed-under' | 'sold' | null {
  const { data } = event;
  if (!ALERTING_EVENT_TYPES.has(event.type)) return null;
  if (event.type === 'sale') return watch.kind === 'tiger' ? 'sold' : null;
  if (!watch.under || !data.price) return null;
  const currency: WatchCurrency = data.market === 'hbar' ? 'HBAR' : 'PAWS';
  return currency === watch.under.currency && Number(data.price) < Number(watch.under.amount) ? 'listed-under' : null;
}

/** What a watch says of itself on the page. */
export function describeWatch(watch: Pick<Watch, 'kind' | 'target' | 'under'>): string {
  const what =
    watch.kind === 'tiger'
      ? `Wild Tiger #${watch.target}`
      : watch.kind === 'tier'
        ? `${watch.target} tigers`
        : `tigers with ${watch.target.replace('=', ': ')}`;
  if (!watch.under) return `${what}, when sold`;
  return `${what}, listed under ${watch.under.amount} ${watch.under.currency}${watch.kind === 'tiger' ? ', or sold' : ''}`;
}
