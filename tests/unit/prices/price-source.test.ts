import { describe, expect, it, vi } from 'vitest';
import type { LedgerReader } from '../../../src/features/ledger/ledger-reader';
import { HBAR_USD_FALLBACK, pawsMarketCap } from '../../../src/features/prices/prices';
import { createPublicPriceSource } from '../../../src/features/prices/public-price-source';

process.env.LOG_LEVEL = 'silent';

type Route = (url: string) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function source(routes: Record<string, Route>, exchangeRate: () => Promise<number> = async () => 0.2, saucerSwapApiKey?: string) {
  const fetch = vi.fn(async (url: string) => {
    const host = new URL(url).host;
    const route = routes[host];
    if (!route) throw new TypeError('fetch failed');
    return route(url);
  }) as unknown as typeof globalThis.fetch;
  const ledger = { getExchangeRate: exchangeRate } as unknown as LedgerReader;
  return createPublicPriceSource({ pawsTokenId: '0.0.9296439', ledger, fetch, ...(saucerSwapApiKey ? { saucerSwapApiKey } : {}) });
}

describe('HBAR price', () => {
  it('reads CoinGecko (recorded shape)', async () => {
    const prices = source({ 'api.coingecko.com': () => json({ 'hedera-hashgraph': { usd: 0.2731, usd_24h_change: -3.15161 } }) });
    expect(await prices.hbar()).toEqual({ priceUsd: 0.2731, change24h: -3.15161, source: 'coingecko' });
  });

  it('falls back to the network exchange rate, then to 0.15 USD', async () => {
    const down = { 'api.coingecko.com': () => json({ error: 'rate limited' }, 429) };
    expect(await source(down, async () => 0.1875).hbar()).toMatchObject({ priceUsd: 0.1875, source: 'mirror-exchange-rate' });
    const nothing = await source(down, async () => Promise.reject(new Error('mirror down'))).hbar();
    expect(nothing).toEqual({ priceUsd: HBAR_USD_FALLBACK, change24h: null, source: 'fallback' });
  });
});

describe('PAWS price', () => {
  const dex = {
    'api.dexscreener.com': () =>
      json({
        schemaVersion: '1.0.0',
        pairs: [
          { chainId: 'hedera', priceUsd: '0.000400', liquidity: { usd: 1200 }, priceChange: { h24: 5.5 } },
          { chainId: 'hedera', priceUsd: '0.000420', liquidity: { usd: 58000 }, priceChange: { h24: -2.1 } },
        ],
      }),
  };

  it('uses SaucerSwap when it has a key', async () => {
    const prices = source(
      { 'api.saucerswap.finance': () => json({ id: '0.0.9296439', symbol: 'PAWS', priceUsd: 0.00041, priceChangeDay: 1.5 }), ...dex },
      undefined,
      'key',
    );
    expect(await prices.paws()).toEqual({ price: 0.00041, priceChange24h: 1.5, marketCap: pawsMarketCap(0.00041), source: 'saucerswap' });
  });

  it('falls back to the most liquid DexScreener pair', async () => {
    const prices = source({ 'api.saucerswap.finance': () => json({}, 500), ...dex }, undefined, 'key');
    expect(await prices.paws()).toEqual({ price: 0.00042, priceChange24h: -2.1, marketCap: pawsMarketCap(0.00042), source: 'dexscreener' });
  });

  it('reports no price when every source fails (the page shows N/A)', async () => {
    expect(await source({}).paws()).toEqual({ price: null, priceChange24h: null, marketCap: null, source: 'unavailable' });
  });

  it('computes the market cap on the circulating supply', () => {
    expect(pawsMarketCap(0.001)).toBeCloseTo(957_341, 0);
  });
});
