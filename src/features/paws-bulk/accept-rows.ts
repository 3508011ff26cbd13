/**
 * The rows of a bulk acceptance (issue 55 item 5), pure: each funded offer the holder's tigers can
 * fill, with the tiger it would take. An item offer takes its own tiger; a collection offer (a trait,
 * a tier, or any tiger) takes one of several, which the holder picks: the commonest eligible tiger is
 * suggested, and a Legendary (or rarer) is never suggested for one; the holder may still pick it.
 */
import { formatPaws } from '@/lib/format';
import { type RarityTier, tierByRank, traitLabel } from '@/features/tiger/tiers';
import type { ReceivedOffer } from '@/features/offers/offer-client';

/** One sale the holder may choose: an offer's unit and the tigers it may take. */
export interface AcceptRow {
  /** Unique per row: the offer and its unit. */
  key: string;
  offer: ReceivedOffer;
  /** The holder's tigers this row may sell: one for an item offer. */
  choices: number[];
  /** The tiger suggested for it: an item offer's own, a collection offer's commonest eligible one that no other row suggests; null when the holder must pick. */
  suggested: number | null;
}

/** The tiers a collection offer never takes unless the holder picks the tiger themselves. */
const PROTECTED_TIERS: readonly RarityTier[] = ['Mythic', 'Legendary'];

/** True for a tiger a collection offer only takes when the holder picks it (a Legendary or rarer). */
export const isProtectedTiger = (rank: number | null | undefined) => PROTECTED_TIERS.includes(tierByRank(rank));

/** What the offer is: an item offer, or a collection offer on a trait, a tier or any tiger. */
export function offerKindText(offer: Pick<ReceivedOffer, 'kind' | 'traitType' | 'traitValue' | 'minTier'>): string {
  if (offer.kind === 'item') return 'Item offer';
  if (offer.traitType && offer.traitValue) return `Trait offer (${traitLabel(offer.traitType)}: ${offer.traitValue})`;
  if (offer.minTier) return `Tier offer (${offer.minTier} or rarer)`;
  return 'Collection offer (any tiger)';
}

/**
 * The rows of the bulk acceptance over the offers received (funded ones, best first as the server
 * sorts them): first each tiger's best item offer, then each collection offer's units (no more than
 * it has left, nor than tigers it may take), each suggesting the commonest eligible tiger no other
 * row takes, never a Legendary; `rankOf` gives each tiger's rarity rank (a higher rank is commoner).
 */
export function acceptRows(offers: readonly ReceivedOffer[], rankOf: (serial: number) => number | null): AcceptRow[] {
  const funded = offers.filter((offer) => offer.funded && offer.remaining > 0 && offer.serials.length > 0);
  const taken = new Set<number>();
  const rows: AcceptRow[] = [];
  for (const offer of funded.filter((entry) => entry.kind === 'item')) {
    const serial = offer.serials[0] as number;
    if (taken.has(serial)) continue;
    taken.add(serial);
    rows.push({ key: `${offer.id}:0`, offer, choices: [serial], suggested: serial });
  }
  // Commonest first: the highest rank number, unranked tigers last.
  const commonness = (serial: number) => rankOf(serial) ?? 0;
  for (const offer of funded.filter((entry) => entry.kind === 'collection')) {
    const choices = [...offer.serials].sort((a, b) => commonness(b) - commonness(a) || a - b);
    const units = Math.min(offer.remaining, choices.length);
    for (let unit = 0; unit < units; unit += 1) {
      const suggested = choices.find((serial) => !taken.has(serial) && !isProtectedTiger(rankOf(serial))) ?? null;
      if (suggested !== null) taken.add(suggested);
      rows.push({ key: `${offer.id}:${unit}`, offer, choices, suggested });
    }
  }
  return rows;
}

/** What a row's checkbox says: 'Sell Wild Tiger #12 to the 20 PAWS item offer', 'Sell the tiger picked below to the 15 PAWS collection offer (sale 2)'. */
export function rowChoiceLabel(row: AcceptRow): string {
  const tiger = row.choices.length === 1 ? `Wild Tiger #${row.choices[0]}` : 'the tiger picked below';
  const kind = row.offer.kind === 'item' ? 'item offer' : row.offer.traitType ? 'trait offer' : row.offer.minTier ? 'tier offer' : 'collection offer';
  const unit = Number(row.key.split(':')[1] ?? 0);
  return `Sell ${tiger} to the ${formatPaws(row.offer.pawsAmount)} PAWS ${kind}${unit > 0 ? ` (sale ${unit + 1})` : ''}`;
}

/** Why the holder's picks cannot be accepted as they stand (a tiger picked twice, a chosen row without a tiger), or null. */
export function picksProblem(picks: readonly { serial: number | null }[]): string | null {
  if (picks.some((pick) => pick.serial === null)) return 'Pick a tiger for each chosen offer.';
  const serials = picks.map((pick) => pick.serial);
  return new Set(serials).size < serials.length ? 'A tiger can go to one offer only: pick another tiger for one of them.' : null;
}
