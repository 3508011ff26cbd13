/**
 * The price port's history read: CoinGecko's range chart for HBAR and SaucerSwap's daily candles for
 * PAWS (shapes as their docs give them, and as the sandbox stand-ins serve them), one range call per
 * API for whole UTC days, cached; a source that fails or has no key leaves its series empty, said so.
 */
import { describe, expect, it, vi } from 'vitest';
import type { LedgerReader } from '../../../src/features/ledger/ledger-reader-port';
import { priceAt } from '../../../src/features/prices/price-port';
import { createPublicPriceSource } from '../../../src/features/prices/public-prices-adapter';

process.env.LOG_LEVEL = 'silent';

const DAY_MS = 86_400_000;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function source(saucerSwapApiKey?: string, coinGeckoStatus = 200) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    calls.push(url);
    const { host, searchParams } = new URL(url);
    if (host === 'api.coingecko.com') {
      const from = Number(searchParams.get('from')) * 1000;
      return json(
        {
          prices: [
            [from, 0.21],
            [from + DAY_MS, 0.25],
          ],
          market_caps: [],
          total_volumes: [],
        },
        coinGeckoStatus,
      );
    }
    const from = Number(searchParams.get('from'));
    return json([{ timestampSeconds: from, openUsd: 0.0004, highUsd: 0.0004, lowUsd: 0.0004, closeUsd: 0.0004, volumeUsd: 10 }]);
  }) as unknown as typeof globalThis.fetch;
  const ledger = {} as LedgerReader;
  return { prices: createPublicPriceSource({ pawsTokenId: '0.0.9296439', ledger, fetch, ...(saucerSwapApiKey ? { saucerSwapApiKey } : {}) }), calls };
}

describe('price history', () => {
  it('reads one range per API for whole days, and keeps it', async () => {
    const { prices, calls } = source('key');
    const day = 20_000 * DAY_MS;
    const history = await prices.history(day + 5_000, day + DAY_MS + 7_000);
    expect(calls).toEqual([
      `https://api.coingecko.com/api/v3/coins/hedera-hashgraph/market_chart/range?vs_currency=usd&from=${day / 1000}&to=${(day + 2 * DAY_MS) / 1000}`,
      `https://api.saucerswap.finance/tokens/prices/0.0.9296439?from=${day / 1000}&to=${(day + 2 * DAY_MS) / 1000}&interval=DAY`,
    ]);
    expect(history).toEqual({
      hbar: [
        { at: day, usd: 0.21 },
        { at: day + DAY_MS, usd: 0.25 },
      ],
      paws: [{ at: day, usd: 0.0004 }],
      hbarSource: 'coingecko',
      pawsSource: 'saucerswap',
    });
    // The same days again: no call.
    await prices.history(day + 9_000, day + DAY_MS);
    expect(calls).toHaveLength(2);
    expect(priceAt(history.hbar, day + DAY_MS - 1)).toBe(0.21);
    expect(priceAt(history.hbar, day - 1)).toBe(0.21);
    expect(priceAt([], day)).toBeNull();
  });

  it('says a series is unavailable rather than invent one', async () => {
    const { prices, calls } = source(undefined, 429);
    const history = await prices.history(0, DAY_MS);
    expect(history).toEqual({ hbar: [], paws: [], hbarSource: 'unavailable', pawsSource: 'unavailable' });
    // No SaucerSwap key: PAWS's history is not asked for.
    expect(calls.every((url) => url.includes('coingecko'))).toBe(true);
  });
});
