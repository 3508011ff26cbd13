import { describe, expect, it, vi } from 'vitest';
import type { LedgerReader } from '../../../src/features/ledger/ledger-reader-port';
import { HBAR_USD_FALLBACK, pawsMarketCap } from '../../../src/features/prices/price-port';
import { createPublicPriceSource } from '../../../src/features/prices/public-prices-adapter';

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

/**
 * DexScreener answers in its own shape (a captured Hedera pair, HTS-WBTC/USDC on SaucerSwap, from a
 * public fixture dated 2026-10-04, shows it): tokens by their long-zero EVM address, `priceUsd` of the
 * base token as a string, `liquidity`/`priceChange` sometimes missing. The PAWS pairs below are
 * assembled in that shape (synthetic values): the most liquid pool has PAWS as its *quote* token,
 * so its priceUsd is WHBAR's.
 */
const PAWS_ADDRESS = '0x00000000000000000000000000000000008dda37';
const WHBAR = { address: '0x0000000000000000000000000000000000163b5a', name: 'Wrapped Hbar', symbol: 'WHBAR' };
const PAWS_TOKEN = { address: PAWS_ADDRESS, name: 'PAWS', symbol: 'PAWS' };
const dexPair = (base: object, quote: object, priceUsd: string, priceNative: string, liquidityUsd: number | undefined, h24: number | undefined) => ({
  chainId: 'hedera',
  dexId: 'saucerswap',
  url: 'https://dexscreener.com/hedera/0x3c8dbcb8475450569091f8c311b558d62cc39cf7',
  pairAddress: '0x3c8DBcb8475450569091f8c311B558D62Cc39Cf7',
  labels: ['v2'],
  baseToken: base,
  quoteToken: quote,
  priceNative,
  priceUsd,
  txns: { h24: { buys: 16, sells: 11 } },
  volume: { h24: 1415.58 },
  priceChange: h24 === undefined ? { h6: 0.05 } : { h6: 0.05, h24 },
  ...(liquidityUsd === undefined ? {} : { liquidity: { usd: liquidityUsd, base: 1, quote: 1 } }),
  pairCreatedAt: 1762814542000,
});
const dexScreenerAnswer = {
  schemaVersion: '1.0.0',
  pairs: [
    dexPair(WHBAR, PAWS_TOKEN, '0.1702', '425.5', 91_000, 1.2),
    dexPair({ ...PAWS_TOKEN, address: '0x00000000000000000000000000000000008DDA37' }, WHBAR, '0.000420', '0.00235', 58_000, -2.1),
    dexPair(PAWS_TOKEN, WHBAR, '0.000400', '0.00231', undefined, undefined),
    { ...dexPair(PAWS_TOKEN, WHBAR, '0.9', '1', 999_999, 50), chainId: 'ethereum' },
  ],
};

describe('PAWS price', () => {
  const dex = { 'api.dexscreener.com': () => json(dexScreenerAnswer) };
  /** SaucerSwap's detailed token object (docs.saucerswap.finance): priceUsd a number, price tinybars as a string, no 24 h change. */
  const saucerToken = {
    id: '0.0.9296439',
    name: 'PAWS',
    symbol: 'PAWS',
    icon: '/images/tokens/paws.png',
    decimals: 6,
    price: '235000',
    priceUsd: 0.00041,
    dueDiligenceComplete: false,
    isFeeOnTransferToken: false,
    description: null,
    website: null,
    sentinelReport: null,
    twitterHandle: null,
    timestampSecondsLastListingChange: 0,
  };

  it('uses SaucerSwap when it has a key, with the 24 h change from its price-change table', async () => {
    const requested: string[] = [];
    const prices = source(
      {
        'api.saucerswap.finance': (url) => {
          requested.push(new URL(url).pathname);
          return new URL(url).pathname === '/tokens/price-change' ? json({ '0.0.9296439': 3.21, '0.0.731861': -2.53 }) : json(saucerToken);
        },
        ...dex,
      },
      undefined,
      'key',
    );
    expect(await prices.paws()).toEqual({ price: 0.00041, priceChange24h: 3.21, marketCap: pawsMarketCap(0.00041), source: 'saucerswap' });
    expect(requested.sort()).toEqual(['/tokens/0.0.9296439', '/tokens/price-change']);
  });

  it('derives the 24 h change from the hourly candles when the price-change table has no PAWS entry', async () => {
    const now = 1_761_840_000;
    const candle = (hoursAgo: number, closeUsd: number) => ({
      tokenId: '0.0.9296439',
      open: 240000,
      openUsd: closeUsd,
      high: 240000,
      highUsd: closeUsd,
      low: 240000,
      lowUsd: closeUsd,
      close: 240000,
      closeUsd,
      avg: 240000,
      avgUsd: closeUsd,
      volume: '1000',
      liquidity: '5000',
      volumeUsd: 1,
      liquidityUsd: 5,
      timestampSeconds: now - hoursAgo * 3600,
      startTimestampSeconds: now - hoursAgo * 3600,
    });
    let candlesUrl: URL | undefined;
    const prices = createPublicPriceSource({
      pawsTokenId: '0.0.9296439',
      ledger: {} as LedgerReader,
      saucerSwapApiKey: 'key',
      now: () => now * 1000,
      fetch: (async (input: string) => {
        const url = new URL(input);
        if (url.pathname === '/tokens/price-change') return json({ '0.0.731861': -2.53 });
        if (url.pathname.startsWith('/tokens/prices/')) {
          candlesUrl = url;
          return json([candle(25, 0.0005), candle(24, 0.0004), candle(12, 0.00045), candle(1, 0.00041)]);
        }
        return json(saucerToken);
      }) as unknown as typeof globalThis.fetch,
    });
    const paws = await prices.paws();
    expect(paws.priceChange24h).toBeCloseTo(2.5, 10);
    expect(Object.fromEntries(candlesUrl?.searchParams ?? [])).toEqual({ from: String(now - 25 * 3600), to: String(now), interval: 'HOUR' });
    expect(candlesUrl?.pathname).toBe('/tokens/prices/0.0.9296439');
  });

  it('falls back to the most liquid DexScreener pair whose base token is PAWS, asked for by its long-zero address', async () => {
    let asked = '';
    const prices = source(
      {
        'api.saucerswap.finance': () => json({}, 500),
        'api.dexscreener.com': (url) => {
          asked = new URL(url).pathname;
          return json(dexScreenerAnswer);
        },
      },
      undefined,
      'key',
    );
    expect(await prices.paws()).toEqual({ price: 0.00042, priceChange24h: -2.1, marketCap: pawsMarketCap(0.00042), source: 'dexscreener' });
    expect(asked).toBe(`/latest/dex/tokens/${PAWS_ADDRESS}`);
  });

  it('ignores pools where PAWS is only the quote token, and DexScreener answering pairs: null', async () => {
    const quoteOnly = { schemaVersion: '1.0.0', pairs: [dexScreenerAnswer.pairs[0]] };
    expect(await source({ 'api.dexscreener.com': () => json(quoteOnly) }).paws()).toMatchObject({ price: null, source: 'unavailable' });
    expect(await source({ 'api.dexscreener.com': () => json({ schemaVersion: '1.0.0', pairs: null }) }).paws()).toMatchObject({ price: null });
  });

  it('reports no price when every source fails (the page shows N/A)', async () => {
    expect(await source({}).paws()).toEqual({ price: null, priceChange24h: null, marketCap: null, source: 'unavailable' });
  });

  it('computes the market cap on the circulating supply', () => {
    expect(pawsMarketCap(0.001)).toBeCloseTo(957_341, 0);
  });
});
