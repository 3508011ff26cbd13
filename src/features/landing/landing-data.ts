import { HOLDERS_PATH } from '@/features/market-stats/holders-path';
import { numberOrNull, remoteJson } from './remote';

/** Spec 000 §9: prices refetch every 60 s; the holder count is cached 60 s. */
export const PRICE_REFRESH_MS = 60_000;
export const HOLDERS_MAX_AGE_MS = 60_000;

export interface PawsPriceView {
  price: number | null;
  priceChange24h: number | null;
  marketCap: number | null;
}

export interface HbarPriceView {
  priceUsd: number | null;
  change24h: number | null;
}

function record(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** GET /api/paws/price → price, priceChange24h, marketCap (each may be null: 'N/A'). */
export function pickPawsPrice(body: unknown): PawsPriceView {
  const data = record(body);
  return { price: numberOrNull(data.price), priceChange24h: numberOrNull(data.priceChange24h), marketCap: numberOrNull(data.marketCap) };
}

/** GET /api/hbar/price → priceData.priceUsd, priceData.change24h (the 0.15 fallback is the server's). */
export function pickHbarPrice(body: unknown): HbarPriceView {
  const data = record(record(body).priceData);
  return { priceUsd: numberOrNull(data.priceUsd), change24h: numberOrNull(data.change24h) };
}

/** GET /api/market/whales/{token} → ownerCount. */
export function pickOwnerCount(body: unknown): number | null {
  return numberOrNull(record(body).ownerCount);
}

export const $pawsPrice = remoteJson('/api/paws/price', pickPawsPrice, { maxAgeMs: PRICE_REFRESH_MS, refreshMs: PRICE_REFRESH_MS });
export const $hbarPrice = remoteJson('/api/hbar/price', pickHbarPrice, { maxAgeMs: PRICE_REFRESH_MS, refreshMs: PRICE_REFRESH_MS });
export const $holders = remoteJson(HOLDERS_PATH, pickOwnerCount, { maxAgeMs: HOLDERS_MAX_AGE_MS });
