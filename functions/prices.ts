import type { PriceSource } from '../src/features/prices/price-port';
import { priceSource } from '../src/server/adapters';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { createTtlCache } from '../src/platform/ttl-cache';

/** Spec 000 §9: prices refetch every 60 s; the server keeps each for 60 s. */
const PRICE_CACHE_MS = 60_000;

const hbarCache = createTtlCache<Awaited<ReturnType<PriceSource['hbar']>>>(PRICE_CACHE_MS);
const pawsCache = createTtlCache<Awaited<ReturnType<PriceSource['paws']>>>(PRICE_CACHE_MS);

/** HBAR and PAWS prices in USD, from public sources with fallbacks, cached 60 s. */
export const handler = routeGroup('prices', {
  'GET /api/hbar/price': defineRoute('public', {}, async () => {
    const { priceUsd, change24h, source: from } = await hbarCache.get('hbar', async () => (await priceSource()).hbar());
    return { success: true, priceData: { priceUsd, change24h }, source: from };
  }),
  'GET /api/paws/price': defineRoute('public', {}, async () => {
    const { price, priceChange24h, marketCap, source: from } = await pawsCache.get('paws', async () => (await priceSource()).paws());
    return { success: price !== null, price, priceChange24h, marketCap, source: from };
  }),
});
