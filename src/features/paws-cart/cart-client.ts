/** The cart's calls to the server: the checkout (POST /api/paws/cart/checkout) and the sweep of the floor (GET /api/paws/sweep). */
import { ApiError, apiJson } from '@/lib/api';
import type { TraitSelection } from '@/features/collection/collection-rules';
import { formatTraitFilter } from '@/features/collection/collection-rules';
import type { AllowanceSpent } from '@/features/paws-market/allowance-budget';
import type { DropReason } from '@/features/paws-market/cart-rules';
import type { SweepShort } from '@/features/paws-market/listings-view-rules';
import type { PublicListing } from '@/features/paws-market/paws-client';
import type { RarityTier } from '@/features/tiger/tiers';
import type { CartLine } from './cart-store';

declare module '../ledger/kept-transactions' {
  interface DeclaredPendingActions {
    /** A checkout after a PAWS allowance approval: checked out once the approval reaches the ledger. */
    'cart-checkout': { kind: 'cart-checkout'; accountId: string; transactionId: string; lines: CartLine[]; lapseOffers?: string[] };
  }
}

interface Line {
  listingId: string;
  serialNumber: number | null;
  nftName: string | null;
  pawsPrice: string | null;
}

/** What a checkout answers: each listing bought, pending, dropped or refused by the ledger, each transfer, and what it spent of the allowance as it stood. */
export interface CheckoutAnswer {
  bought: (Line & { transactionId: string })[];
  pending: (Line & { transactionId: string })[];
  dropped: (Line & { reason: DropReason })[];
  failed: (Line & { status: string })[];
  transfers: { transactionId: string; status: string; serials: number[] }[];
  allowance?: AllowanceSpent;
}

/**
 * The checkout of `listingIds` for `buyerId` (`lapseOffers`: the buyer's offers they let lapse); a 400
 * answer (PAWS_ALLOWANCE_LOW: the amount to approve) is returned, not thrown.
 */
export async function checkout(
  buyerId: string,
  listingIds: readonly string[],
  allowanceTransactionId?: string,
  lapseOffers: readonly string[] = [],
): Promise<{ ok: true; body: CheckoutAnswer } | { ok: false; body: Record<string, unknown> }> {
  try {
    const body = { buyerId, listingIds, allowanceTransactionId, ...(lapseOffers.length ? { lapseOffers } : {}) };
    return { ok: true, body: await apiJson<CheckoutAnswer>('/api/paws/cart/checkout', { method: 'POST', body }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.body && typeof error.body === 'object')
      return { ok: false, body: error.body as Record<string, unknown> };
    throw error;
  }
}

/** What a sweep asks for: how many of the cheapest, within the market's trait filter, a tier and a maximum total (whole PAWS). */
export interface SweepAsk {
  count: number;
  traits: TraitSelection;
  tier: RarityTier | null;
  maxTotal: string;
}

/** The cheapest live listings a sweep puts in the cart, leaving out the buyer's own, and why they are fewer than asked (`short`), if they are. */
export async function sweepListings(buyerId: string, ask: SweepAsk): Promise<{ listings: PublicListing[]; total: string; short: SweepShort | null }> {
  const query = new URLSearchParams({ count: String(ask.count), buyerId });
  const traits = formatTraitFilter(ask.traits);
  if (traits) query.set('traits', traits);
  if (ask.tier) query.set('tier', ask.tier);
  if (ask.maxTotal.trim()) query.set('maxTotal', ask.maxTotal.trim());
  return apiJson(`/api/paws/sweep?${query}`);
}

/** A listing as the cart keeps it. */
export function cartLine(listing: Pick<PublicListing, 'id' | 'serialNumber' | 'nftName' | 'nftImage' | 'pawsPrice' | 'sellerId' | 'rarityRank'>): CartLine {
  return {
    listingId: listing.id,
    serialNumber: listing.serialNumber,
    nftName: listing.nftName,
    nftImage: listing.nftImage,
    pawsPrice: listing.pawsPrice,
    sellerId: listing.sellerId,
    rarityRank: listing.rarityRank,
  };
}

/** Why a tiger was not bought, in words ('sold before you paid'). */
export function dropText(reason: DropReason): string {
  switch (reason) {
    case 'sold':
      return 'sold or unlisted before you paid';
    case 'repriced':
      return 'its seller changed the price';
    case 'in-progress':
      return 'being bought by someone else';
    case 'contended':
      return 'others were buying it at the same moment; it is still for sale, try again';
    case 'moved':
      return 'no longer backed by its seller';
    case 'seller':
      return 'its seller can no longer receive PAWS';
    case 'not-found':
      return 'no longer listed';
    case 'own':
      return 'your own listing';
  }
}

/** What a sweep did, when it added fewer tigers than asked (or none): why. */
export function sweepText(asked: number, found: number, short: SweepShort | null): string | null {
  if (!found && short === 'max-total') return 'Even the cheapest matching listing passes your maximum total: the cart was left as it was.';
  if (!found) return 'No live listings match: the cart was left as it was.';
  if (found >= asked || !short) return null;
  const why = short === 'max-total' ? 'the next cheapest would pass your maximum total' : 'no more live listings match the filter';
  return `Added ${found} of the ${asked} you asked for: ${why}.`;
}
