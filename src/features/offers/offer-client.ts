/**
 * The browser's queries and mutations of PAWS offers: the tiger view's offers, the best offer of
 * each card, 'Offers made' and 'Offers received', and making, accepting and cancelling an offer.
 * The wallet steps (a PAWS allowance before an offer, a tiger's approval before accepting) are the
 * screens': a mutation answers what the wallet must approve, and after the approval it is called
 * again with the approval's transaction id (the server waits for it on the ledger).
 */
import { type ReadableAtom, atom, computed } from 'nanostores';
import { ApiError, apiJson, createFetcherStore, errorCode, invalidateKeys, isUnavailable } from '@/lib/api/index';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { callWhenSettled } from '@/features/ledger/ledger-wait-client';
import { $wallet } from '@/features/wallet/wallet-store';
import type { OfferKind, OfferSale, OfferTier, PublicOffer } from './offer-rules';
import { refreshAfterTrade } from '@/features/paws-market/paws-client';

export type { OfferSale, PublicOffer } from './offer-rules';

/** An offer the signed-in owner's tigers can fill, with those tigers. */
export type ReceivedOffer = PublicOffer & { serials: number[] };

export interface BestOffer {
  offerId: string;
  kind: OfferKind;
  pawsAmount: string;
}

/** What a cancellation answers: the offer, and how far the buyer's PAWS allowance could now be lowered (`lowerTo`, null when not). */
export interface CancelledOffer {
  offer: PublicOffer;
  allowance: { tokenId: string; spenderAccountId: string; current: string; reserved: string; lowerTo: string | null };
}

/** The terms of a new offer: one tiger, or any tiger (optionally with a trait value or a minimum tier) up to a quantity. */
export type OfferRequest =
  | { kind: 'item'; serialNumber: number; pawsAmount: string; expiresAt: string }
  | { kind: 'collection'; quantity: number; trait?: { traitType: string; value: string }; minTier?: OfferTier; pawsAmount: string; expiresAt: string };

declare module '../ledger/kept-transactions' {
  interface DeclaredPendingActions {
    /** An offer made after a PAWS allowance approval: made once the approval reaches the ledger. */
    offer: { kind: 'offer'; accountId: string; offerId: string; transactionId: string; request: OfferRequest };
  }
}

export type MakeOfferResult =
  | { status: 'made'; offer: PublicOffer }
  /** The wallet must approve `amount` PAWS to the marketplace (the buyer's open offers and this one), then make the offer again. */
  | { status: 'allowance'; amount: string; currentAllowance: string; due: string; offersKeep: string };

export type AcceptOfferResult =
  | { status: 'sold'; transactionId: string; sale: OfferSale }
  /** The owner's wallet must approve the marketplace for this tiger, then accept again. */
  | { status: 'approval'; serialNumber: number };

export const OFFERS_PATH = '/api/paws/offers';
/** Answers naming a transaction still settling: the client follows it on the ledger and asks again. */
const SETTLING_CODES = ['LEDGER_PENDING', 'SETTLEMENT_UNCONFIRMED', 'OFFER_IN_PROGRESS'] as const;

/** The tiger whose offers the tiger view shows (null: none). */
export const $offerSerial = atom<number | null>(null);
export const $tigerOffers = createFetcherStore<{ offers: PublicOffer[]; best: PublicOffer | null }>([`${OFFERS_PATH}/tiger/`, $offerSerial], {
  dedupeTime: 15_000,
});

const $accountKey = computed($wallet, (wallet) => wallet.accountId ?? null);
/** The connected account's open offers (funded or not) and its recently filled ones. */
export const $offersMade = createFetcherStore<{ offers: PublicOffer[] }>([`${OFFERS_PATH}/made/`, $accountKey], { dedupeTime: 15_000 });
/** The offers the connected account's tigers can fill. */
export const $offersReceived = createFetcherStore<{ offers: ReceivedOffer[] }>([`${OFFERS_PATH}/received/`, $accountKey], { dedupeTime: 15_000 });

/** The best funded offer of each serial in `$serials` (a page of cards, up to 100); serials without one are absent. */
export function createBestOffersStore($serials: ReadableAtom<readonly number[]>) {
  const $key = computed($serials, (serials) =>
    serials.length
      ? [...new Set(serials)]
          .sort((a, b) => a - b)
          .slice(0, 100)
          .join(',')
      : null,
  );
  return createFetcherStore<{ best: Record<string, BestOffer> }>([`${OFFERS_PATH}/best?serials=`, $key], { dedupeTime: 30_000 });
}

/** A new offer's id, kept for every attempt of that offer (a repeated request then makes it once). */
export function newOfferId(): string {
  return crypto.randomUUID();
}

/** Refetches every offer list (after an offer was made, accepted or cancelled). */
export function invalidateOffers(): void {
  invalidateKeys((key) => key.startsWith(OFFERS_PATH));
}

/** A briefly unavailable server or mirror node (503, 429) is asked again this many times, this far apart. */
const UNAVAILABLE_RETRIES = 2;
const UNAVAILABLE_PAUSE_MS = 2_000;

/**
 * An offer's request asked again while the server or its mirror node is briefly unavailable (a
 * mirror's rate limit, a read timing out): the offer id makes a repeat the same offer, never a second.
 */
async function postOnceAvailable<T>(post: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await post();
    } catch (error) {
      if (!isUnavailable(error) || attempt >= UNAVAILABLE_RETRIES) throw error;
      await new Promise((done) => setTimeout(done, UNAVAILABLE_PAUSE_MS));
    }
  }
}

function bodyOf(error: unknown): Record<string, unknown> {
  return error instanceof ApiError && error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
}

/**
 * Makes the signed-in buyer's offer (the same `offerId` on every attempt). A short allowance is
 * answered, not thrown; after its approval pass the approval's transaction id: the server waits
 * for it on the ledger, and so does this call while it answers LEDGER_PENDING (LedgerStillPending
 * when that runs long). Other failures throw the API's error.
 */
export async function makeOffer(buyerId: string, offerId: string, request: OfferRequest, allowanceTransactionId?: string): Promise<MakeOfferResult> {
  const body = { ...request, offerId, buyerId, tokenId: PUBLIC_CONFIG.nftTokenId, allowanceTransactionId };
  try {
    const answer = await callWhenSettled(() => postOnceAvailable(() => apiJson<{ offer: PublicOffer }>(OFFERS_PATH, { method: 'POST', body })), {
      codes: SETTLING_CODES,
    });
    invalidateOffers();
    return { status: 'made', offer: answer.offer };
  } catch (error) {
    if (errorCode(error) !== 'PAWS_ALLOWANCE_LOW') throw error;
    const { amount, currentAllowance, due, offersKeep } = bodyOf(error);
    return {
      status: 'allowance',
      amount: String(amount),
      currentAllowance: String(currentAllowance),
      due: String(due ?? amount),
      offersKeep: String(offersKeep ?? 0),
    };
  }
}

/**
 * Sells one of the signed-in owner's tigers to an offer. Without the marketplace's approval on the
 * tiger it answers which tiger to approve; after the approval pass its transaction id. A sale being
 * settled is followed on the ledger and asked again. Other failures throw the API's error
 * (OFFER_UNFUNDED, OFFER_UNAVAILABLE, SETTLEMENT_REFUSED…).
 */
export async function acceptOffer(sellerId: string, offerId: string, serialNumber: number, approvalTransactionId?: string): Promise<AcceptOfferResult> {
  const body = { sellerId, serialNumber, approvalTransactionId };
  try {
    const answer = await callWhenSettled(
      () => apiJson<{ transactionId: string; sale: OfferSale }>(`${OFFERS_PATH}/${encodeURIComponent(offerId)}/accept`, { method: 'POST', body }),
      { codes: SETTLING_CODES },
    );
    invalidateOffers();
    refreshAfterTrade();
    return { status: 'sold', transactionId: answer.transactionId, sale: answer.sale };
  } catch (error) {
    const missing = errorCode(error) === 'NFT_ALLOWANCE_MISSING' ? bodyOf(error).serialNumber : undefined;
    if (typeof missing !== 'number') throw error;
    return { status: 'approval', serialNumber: missing };
  }
}

/** Cancels the signed-in buyer's offer; the answer says how far the PAWS allowance could be lowered (prepareTokenAllowance with `lowerTo`). */
export async function cancelOffer(offerId: string): Promise<CancelledOffer> {
  const answer = await apiJson<CancelledOffer>(`${OFFERS_PATH}/${encodeURIComponent(offerId)}`, { method: 'DELETE' });
  invalidateOffers();
  return answer;
}
