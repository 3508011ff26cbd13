/**
 * The landing page's strip of real tigers (issue 20 item 6), pure: what it reads of the API's
 * answers (PAWS listings by rarity, the collection's HBAR-listed tigers, the HBAR market's latest
 * sales) and how it picks the rarest listed and the latest sales. Each tiger links to its view.
 */
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { formatNumber } from '@/lib/format';

/** Tigers shown per row. */
export const STRIP_SIZE = 6;

/** The rarest PAWS listings (the listings API sorts them). */
export const PAWS_RAREST_PATH = `/api/paws/listings?sort=rarity&limit=${STRIP_SIZE}`;
/** The collection's tigers with an HBAR listing first (price-low puts listed tigers first); the strip keeps the rarest. */
export const HBAR_LISTED_PATH = `/api/collection/complete/${PUBLIC_CONFIG.nftTokenId}?sort=price-low&limit=100`;
/** The HBAR market's latest sales. */
export const LATEST_SALES_PATH = `/api/market/activity?token=${PUBLIC_CONFIG.nftTokenId}&activityFilter=Sales&amount=${STRIP_SIZE * 2}`;

export interface StripTiger {
  serial: number;
  name: string;
  image: string | null;
  rank: number | null;
  /** '1,250 PAWS', '420 HBAR'. */
  price: string;
  /** ISO time of the sale, for sales. */
  soldAt?: string;
}

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose => (value !== null && typeof value === 'object' ? (value as Loose) : {});
const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.map(record) : []);
const serialOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);
const rankOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);
const amount = (value: unknown, currency: 'HBAR' | 'PAWS'): string | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? `${formatNumber(number, 2)} ${currency}` : null;
};
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** GET /api/paws/listings → the listed tigers with their PAWS price. */
export function pickPawsListings(body: unknown): StripTiger[] {
  return list(record(body).listings).flatMap((entry) => {
    const serial = serialOf(entry.serialNumber);
    const price = amount(entry.pawsPrice, 'PAWS');
    if (serial === null || price === null) return [];
    return [{ serial, name: text(entry.nftName) ?? `Wild Tiger #${serial}`, image: text(entry.nftImage), rank: rankOf(entry.rarityRank), price }];
  });
}

/** GET /api/collection/complete → the tigers with a current HBAR listing and their HBAR price. */
export function pickHbarListed(body: unknown): StripTiger[] {
  return list(record(body).collectionData).flatMap((entry) => {
    const serial = serialOf(entry.serialId ?? entry.serialNumber);
    const price = amount(record(entry.currentListing).price, 'HBAR');
    if (serial === null || price === null) return [];
    return [{ serial, name: text(entry.name) ?? `Wild Tiger #${serial}`, image: text(entry.image), rank: rankOf(entry.rarityRank), price }];
  });
}

/** GET /api/market/activity (sales) → the latest sales, newest first, one per tiger. */
export function pickLatestSales(body: unknown, size = STRIP_SIZE): StripTiger[] {
  const sales = list(record(body).marketActivity).flatMap((entry) => {
    const serial = serialOf(entry.nftSerialId);
    const price = amount(entry.salePrice, 'HBAR');
    const soldAt = text(entry.saleDate);
    if (serial === null || price === null || soldAt === null || Number.isNaN(Date.parse(soldAt))) return [];
    return [{ serial, name: text(entry.nftName) ?? `Wild Tiger #${serial}`, image: text(entry.nftImage), rank: null, price, soldAt }];
  });
  return unique(sales.toSorted((a, b) => Date.parse(b.soldAt) - Date.parse(a.soldAt))).slice(0, size);
}

/** The rarest listed tigers of both markets (rank 1 first, unranked last), one card per tiger. */
export function rarestListed(listed: readonly StripTiger[], size = STRIP_SIZE): StripTiger[] {
  const byRank = listed.toSorted((a, b) => (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY) || a.serial - b.serial);
  return unique(byRank).slice(0, size);
}

function unique(tigers: readonly StripTiger[]): StripTiger[] {
  const seen = new Set<number>();
  return tigers.filter((tiger) => !seen.has(tiger.serial) && seen.add(tiger.serial));
}
