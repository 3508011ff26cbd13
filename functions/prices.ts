import { createPublicPriceSource } from '../src/features/prices/public-price-source';
import type { PriceSource } from '../src/features/prices/prices';
import { createSandboxPriceSource } from '../src/sandbox/prices/sandbox-price-source';
import { config } from '../src/server/config';
import { ledgerReader } from '../src/server/context';
import { defineRoute, routeGroup } from '../src/server/http/handler';
import { secret } from '../src/server/secrets';
import { createTtlCache } from '../src/server/ttl-cache';

/** Spec 000 §9: prices refetch every 60 s; the server keeps each for 60 s. */
const PRICE_CACHE_MS = 60_000;

const settings = config();
const source: Promise<PriceSource> =
  settings.network === 'sandbox'
    ? Promise.resolve(createSandboxPriceSource())
    : secret('SAUCERSWAP_API_KEY').then((saucerSwapApiKey) =>
        createPublicPriceSource({ pawsTokenId: settings.pawsTokenId, ledger: ledgerReader(), ...(saucerSwapApiKey ? { saucerSwapApiKey } : {}) }),
      );
const hbarCache = createTtlCache<Awaited<ReturnType<PriceSource['hbar']>>>(PRICE_CACHE_MS);
const pawsCache = createTtlCache<Awaited<ReturnType<PriceSource['paws']>>>(PRICE_CACHE_MS);

/** HBAR and PAWS prices in USD, from public sources with fallbacks, cached 60 s. */
export const handler = routeGroup('prices', {
  'GET /api/hbar/price': defineRoute({}, async () => {
    const { priceUsd, change24h, source: from } = await hbarCache.get('hbar', async () => (await source).hbar());
    return { success: true, priceData: { priceUsd, change24h }, source: from };
  }),
  'GET /api/paws/price': defineRoute({}, async () => {
    const { price, priceChange24h, marketCap, source: from } = await pawsCache.get('paws', async () => (await source).paws());
    return { success: price !== null, price, priceChange24h, marketCap, source: from };
  }),
});
