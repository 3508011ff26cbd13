/**
 * The cart read afresh as the holder pays (issue 55 item 4), pure: what sold or was unlisted since
 * it went into the cart (named, taken out), what its seller re-listed at another price (shown old →
 * new, the line moved to the new listing), the new total, and the question the holder answers
 * before anything is signed.
 */
import { formatPaws } from '@/lib/format';
import type { PurchaseQuote } from '@/features/paws-market/paws-client';
import type { WriteQuestion } from '@/features/writes/write-store';
import { cartLine, dropText } from './cart-client';
import { type CartLine, cartTotal } from './cart-store';

export interface CartChanges {
  changed: boolean;
  /** The lines to pay for now: those still for sale, and the re-priced ones at their new listing. */
  lines: CartLine[];
  /** Listings no longer for sale as they went into the cart (sold, unlisted, re-priced, already bought). */
  gone: ReadonlySet<string>;
  /** The new listing of each re-priced line, by the old listing's id. */
  replacements: ReadonlyMap<string, CartLine>;
  /** Each change in words ('Wild Tiger #12: sold or unlisted before you paid', 'Wild Tiger #15: re-priced 60 → 95 PAWS'). */
  details: string[];
}

/** How the cart's `lines` stand in the server's `quote` of them. */
export function cartChanges(lines: readonly CartLine[], quote: Pick<PurchaseQuote, 'listings' | 'dropped' | 'bought' | 'pending'>): CartChanges {
  const forSale = new Set(quote.listings.map((listing) => listing.id));
  const dropped = new Map(quote.dropped.map((line) => [line.listingId, line]));
  const already = new Set([...quote.bought, ...quote.pending].map((line) => line.listingId));
  const gone = new Set<string>();
  const replacements = new Map<string, CartLine>();
  const details: string[] = [];
  const kept: CartLine[] = [];
  for (const line of lines) {
    if (forSale.has(line.listingId)) {
      kept.push(line);
      continue;
    }
    gone.add(line.listingId);
    const drop = dropped.get(line.listingId);
    if (drop?.reason === 'repriced' && drop.relisted) {
      const next = cartLine(drop.relisted);
      replacements.set(line.listingId, next);
      kept.push(next);
      details.push(`${line.nftName}: re-priced ${formatPaws(line.pawsPrice)} → ${formatPaws(next.pawsPrice)} PAWS`);
    } else if (already.has(line.listingId)) details.push(`${line.nftName}: already bought by you`);
    else details.push(`${line.nftName}: ${drop ? dropText(drop.reason) : 'no longer listed'}`);
  }
  return { changed: gone.size > 0, lines: kept, gone, replacements, details };
}

/** The cart with the changes applied: the lines gone taken out, each re-priced one at its new listing, in place. */
export function applyCartChanges(cart: readonly CartLine[], changes: Pick<CartChanges, 'gone' | 'replacements'>): CartLine[] {
  const present = new Set(cart.map((line) => line.listingId));
  return cart.flatMap((line) => {
    const next = changes.replacements.get(line.listingId);
    if (next) return present.has(next.listingId) ? [] : [next];
    return changes.gone.has(line.listingId) ? [] : [line];
  });
}

/** The question the holder answers after the cart changed, before anything is signed: pay the new total, or go back to the cart. */
export function changesQuestion(changes: Pick<CartChanges, 'details'>, lines: readonly CartLine[]): WriteQuestion {
  return {
    text: `Your cart changed since you filled it. New total: ${formatPaws(cartTotal(lines))} PAWS for ${lines.length} ${lines.length === 1 ? 'tiger' : 'tigers'}.`,
    details: changes.details,
    options: [
      { id: 'pay', label: `Checkout ${lines.length} for ${formatPaws(cartTotal(lines))} PAWS` },
      { id: 'back', label: 'Back to the cart', variant: 'outline' },
    ],
  };
}
