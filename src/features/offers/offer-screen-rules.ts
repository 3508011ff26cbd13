/** Pure rules of the offer screens: the expiry choices, the amount check, what an offer asks for, and the since-last-visit notice. */
import { formatPaws } from '@/lib/format';
import { INVALID_PRICE_MESSAGE, PAWS_PRICE_DECIMALS, insufficientPawsMessage, parsePawsPrice } from '@/features/paws-market/listing';
import { MAX_OFFER_DURATION_MS, MAX_OFFER_QUANTITY, MIN_OFFER_DURATION_MS, type PublicOffer } from './offer-rules';

/** The write (writes/write-store) of one owner's sale of a tiger to one offer. */
export const acceptWriteId = (sellerId: string, offerId: string) => `offer-accept:${sellerId}:${offerId}`;

/** The write of one buyer's new offer (its id is the offer's, the same on every attempt). */
export const makeOfferWriteId = (buyerId: string, offerId: string) => `offer-make:${buyerId}:${offerId}`;

/** The write of one buyer's lowered PAWS allowance (after a cancelled offer). */
export const lowerAllowanceWriteId = (buyerId: string) => `paws-allowance:${buyerId}`;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Kept off the longest expiry so a browser clock a little ahead of the server's still lands inside the 30 days. */
const CLOCK_MARGIN_MS = 10 * 60_000;

/** How long a new offer stays open: the choices the form offers, all within the rules' 10 minutes to 30 days. */
export const EXPIRY_CHOICES = [
  { id: '1h', label: '1 hour', ms: HOUR_MS },
  { id: '1d', label: '1 day', ms: DAY_MS },
  { id: '3d', label: '3 days', ms: 3 * DAY_MS },
  { id: '7d', label: '7 days', ms: 7 * DAY_MS },
  { id: '14d', label: '14 days', ms: 14 * DAY_MS },
  { id: '30d', label: '30 days', ms: MAX_OFFER_DURATION_MS - CLOCK_MARGIN_MS },
] as const satisfies readonly { id: string; label: string; ms: number }[];

export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['id'];
export const DEFAULT_EXPIRY: ExpiryChoice = '7d';

/** The expiry (ISO) of an offer made at `nowMs` with this choice, clamped to the rules' bounds. */
export function expiryFor(choice: ExpiryChoice, nowMs: number): string {
  const ms = EXPIRY_CHOICES.find((entry) => entry.id === choice)?.ms ?? DAY_MS;
  return new Date(nowMs + Math.min(Math.max(ms, MIN_OFFER_DURATION_MS + CLOCK_MARGIN_MS), MAX_OFFER_DURATION_MS - CLOCK_MARGIN_MS)).toISOString();
}

/**
 * Why an offer amount cannot be made (spec 001 §5's price message for anything but a positive
 * amount of at most 2 decimals; the §5 balance message when the balance is known and short of
 * the amount for every tiger wanted), or undefined.
 */
export function offerAmountProblem(value: string, balance?: number, quantity = 1): string | undefined {
  if (!('units' in parsePawsPrice(value, PAWS_PRICE_DECIMALS))) return INVALID_PRICE_MESSAGE;
  const total = Number(value) * (Number.isInteger(quantity) && quantity > 0 ? quantity : 1);
  if (balance !== undefined && total > balance) return insufficientPawsMessage(total, balance);
  return undefined;
}

/** Why a collection offer's number of tigers cannot be taken (a whole number from 1 to 100), or undefined. */
export function collectionQuantityProblem(value: string): string | undefined {
  const quantity = Number(value);
  return /^\d+$/.test(value.trim()) && quantity >= 1 && quantity <= MAX_OFFER_QUANTITY
    ? undefined
    : `Tigers wanted must be a whole number from 1 to ${MAX_OFFER_QUANTITY}`;
}

/** What an offer asks for, in a few words ('Wild Tiger #7', 'Any Epic or rarer tiger with Background: Blue', 'Any tiger'). */
export function offerTarget(offer: Pick<PublicOffer, 'kind' | 'serialNumber' | 'nftName' | 'traitType' | 'traitValue' | 'minTier'>): string {
  if (offer.kind === 'item') return offer.nftName ?? `Wild Tiger #${offer.serialNumber}`;
  const tier = offer.minTier ? (offer.minTier === 'Common' ? 'Any' : `Any ${offer.minTier} or rarer`) : 'Any';
  const trait = offer.traitType && offer.traitValue ? ` with ${offer.traitType}: ${offer.traitValue}` : '';
  return `${tier} tiger${trait}`;
}

/** 'Expires 8 Jan 2030, 12:00' in the viewer's time zone. */
export function expiryText(expiresAt: string): string {
  const at = new Date(expiresAt);
  return Number.isNaN(at.getTime())
    ? 'Expiry unknown'
    : `Expires ${at.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })}`;
}

/** What happened to the account's offers since `lastSeen` (ISO; null: never looked): offers received, and tigers bought through its offers. */
export function offerNews(
  made: readonly Pick<PublicOffer, 'fills'>[],
  received: readonly Pick<PublicOffer, 'createdAt'>[],
  lastSeen: string | null,
): { received: number; filled: number; newest: string | null } {
  const isNew = (at: string) => lastSeen === null || at > lastSeen;
  const times = [...received.map((offer) => offer.createdAt), ...made.flatMap((offer) => offer.fills.map((fill) => fill.filledAt))];
  return {
    received: received.filter((offer) => isNew(offer.createdAt)).length,
    filled: made.reduce((sum, offer) => sum + offer.fills.filter((fill) => isNew(fill.filledAt)).length, 0),
    newest: times.reduce<string | null>((latest, at) => (latest === null || at > latest ? at : latest), null),
  };
}

/** The toast of offer news, or null when there is none. */
export function offerNewsToast(news: { received: number; filled: number }): { title: string; description: string } | null {
  const parts = [
    news.received ? `${news.received} new offer${news.received === 1 ? '' : 's'} on your tigers` : '',
    news.filled ? `${news.filled} tiger${news.filled === 1 ? '' : 's'} bought through your offers` : '',
  ].filter(Boolean);
  if (!parts.length) return null;
  return {
    title: news.received && news.filled ? 'Offer News' : news.received ? 'Offer Received' : 'Offer Filled',
    description: `Since your last visit: ${parts.join('; ')}.`,
  };
}

/** 'Best offer: 120 PAWS', or that there is none. */
export function bestOfferText(pawsAmount: string | null | undefined): string {
  return pawsAmount ? `Best offer: ${formatPaws(pawsAmount)} PAWS` : 'No offers yet';
}

/** A tiger of the seller's that a collection offer can take, as the choice shows it. */
export interface SaleCandidate {
  serial: number;
  name: string;
  image: string | null;
  rank: number | null;
  /** Its PAWS listing's price, when listed. */
  listedAt: number | null;
}

/** How many of the seller's rarest tigers selling one of warns them. */
export const RAREST_WARNED = 3;

/**
 * What the seller is told before selling `chosen` for `offerAmount` PAWS: that it is listed higher,
 * and that it is their rarest tiger or one of their RAREST_WARNED rarest (`owned`: every tiger they hold).
 */
export function saleWarnings(chosen: SaleCandidate, offerAmount: number, owned: readonly { rarityRank: number | null }[]): string[] {
  const warnings: string[] = [];
  if (chosen.listedAt !== null && chosen.listedAt > offerAmount)
    warnings.push(`You listed it at ${formatPaws(chosen.listedAt)} PAWS: this offer is ${formatPaws(chosen.listedAt - offerAmount)} PAWS less.`);
  if (chosen.rank !== null && owned.length > 1) {
    const rarer = owned.filter((nft) => nft.rarityRank !== null && nft.rarityRank < (chosen.rank as number)).length;
    if (rarer === 0) warnings.push('It is your rarest tiger.');
    else if (rarer < RAREST_WARNED && owned.length > RAREST_WARNED) warnings.push(`It is one of your ${RAREST_WARNED} rarest tigers.`);
  }
  return warnings;
}

/** The offer against the PAWS market's floor: '20% below the floor (500 PAWS)', 'at the floor…', or null without a floor. */
export function againstFloor(offerAmount: number, floor: number | null | undefined): string | null {
  if (floor === null || floor === undefined || !(floor > 0)) return null;
  const percent = Math.round(((offerAmount - floor) / floor) * 100);
  const where = percent === 0 ? 'at' : `${Math.abs(percent)}% ${percent < 0 ? 'below' : 'above'}`;
  return `${where} the floor (${formatPaws(floor)} PAWS)`;
}
