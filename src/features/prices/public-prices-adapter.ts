import * as z from 'zod';
import { log } from '@/platform/log';
import { createTtlCache } from '@/platform/ttl-cache';
import { longZeroEvmAddress } from '@/features/ledger/entity-id';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import {
  HBAR_USD_FALLBACK,
  type HbarPrice,
  PUBLIC_PRICE_APIS,
  type PawsPrice,
  type PriceApiBases,
  type PriceHistory,
  type PricePoint,
  type PriceSource,
  pawsMarketCap,
} from './price-port';

const TIMEOUT_MS = 5_000;
const DAY_SECONDS = 24 * 60 * 60;
const DAY_MS = DAY_SECONDS * 1000;
/** Past days do not change; today's last point moves: a history is kept an hour. */
const HISTORY_TTL_MS = 60 * 60 * 1000;

/**
 * CoinGecko `GET /api/v3/coins/{id}/market_chart/range?vs_currency&from&to` (docs.coingecko.com,
 * "Coin Historical Chart Data within Time Range by ID"): `prices` as `[ms, price]` pairs, oldest first.
 */
const coinGeckoRange = z.object({ prices: z.array(z.tuple([z.number(), z.number()])) });

const coinGecko = z.object({ 'hedera-hashgraph': z.object({ usd: z.number().positive(), usd_24h_change: z.number().nullish() }) });

/**
 * SaucerSwap `GET /tokens/{id}` (docs.saucerswap.finance, REST API 1.0.0): `priceUsd` is a number,
 * `price` a string of tinybars. The token object has no 24 h change field.
 */
const saucerSwapToken = z.object({ id: z.string(), priceUsd: z.union([z.number(), z.string()]).transform(Number) });
/** `GET /tokens/price-change`: token id -> 24 h price change in percent; a token without data is absent. */
const saucerSwapPriceChange = z.record(z.string(), z.number().nullable());
/** `GET /tokens/prices/{id}?from&to&interval=HOUR`: candles with USD closes, oldest first. */
const saucerSwapCandles = z.array(z.object({ closeUsd: z.number(), timestampSeconds: z.number() }));

/**
 * DexScreener `GET /latest/dex/tokens/{address}`: Hedera tokens appear under their long-zero EVM
 * address; `priceUsd` is the price of the pair's *base* token; keys may be missing on thin pairs.
 */
const dexScreener = z.object({
  pairs: z
    .array(
      z.object({
        chainId: z.string(),
        baseToken: z.object({ address: z.string() }),
        priceUsd: z.string().nullish(),
        liquidity: z.object({ usd: z.number().nullish() }).nullish(),
        priceChange: z.object({ h24: z.number().nullish() }).nullish(),
      }),
    )
    .nullish(),
});
type DexPair = NonNullable<z.output<typeof dexScreener>['pairs']>[number];

export interface PublicPriceOptions {
  pawsTokenId: string;
  bases?: PriceApiBases;
  ledger: LedgerReader;
  saucerSwapApiKey?: string;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}

/**
 * The PAWS pair to price from: a Hedera pair whose base token is PAWS (a pool with PAWS as the quote
 * reports the other token's price), the most liquid of them; undefined when there is none.
 */
function pawsPair(pairs: readonly DexPair[], pawsTokenId: string): DexPair | undefined {
  const address = longZeroEvmAddress(pawsTokenId).toLowerCase();
  return pairs
    .filter((pair) => pair.chainId === 'hedera' && [address, pawsTokenId].includes(pair.baseToken.address.toLowerCase()) && Number(pair.priceUsd) > 0)
    .sort((a, b) => (b.liquidity?.usd ?? 0) - (a.liquidity?.usd ?? 0))[0];
}

/** The change in percent from the last close at or before 24 h ago to `priceUsd`; null without such a candle. */
function changeSince24h(candles: z.output<typeof saucerSwapCandles>, priceUsd: number, nowSeconds: number): number | null {
  const dayAgo = nowSeconds - DAY_SECONDS;
  const then = candles.filter((candle) => candle.timestampSeconds <= dayAgo && candle.closeUsd > 0).sort((a, b) => b.timestampSeconds - a.timestampSeconds)[0];
  return then ? (priceUsd / then.closeUsd - 1) * 100 : null;
}

/**
 * Public price sources (reference/README.md): HBAR from CoinGecko, else the network exchange
 * rate, else 0.15 USD; PAWS from SaucerSwap (with its API key), else DexScreener's most liquid
 * pair with PAWS as the base token.
 */
export function createPublicPriceSource({
  pawsTokenId,
  bases = PUBLIC_PRICE_APIS,
  ledger,
  saucerSwapApiKey,
  fetch = globalThis.fetch,
  now = Date.now,
}: PublicPriceOptions): PriceSource {
  async function getJson<T extends z.ZodType>(url: string, schema: T, headers: Record<string, string> = {}): Promise<z.output<T>> {
    const response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return schema.parse(await response.json());
  }

  const saucerSwap = <T extends z.ZodType>(path: string, schema: T) => getJson(`${bases.saucerSwap}${path}`, schema, { 'x-api-key': saucerSwapApiKey ?? '' });

  /** SaucerSwap's 24 h change of PAWS: its price-change table, else derived from the hourly candles. */
  async function saucerSwapChange(priceUsd: number, changes: Promise<z.output<typeof saucerSwapPriceChange>>): Promise<number | null> {
    const listed = await changes.then(
      (table) => table[pawsTokenId],
      (error: unknown) => log.warn('PAWS 24 h change from SaucerSwap failed', { error }),
    );
    if (typeof listed === 'number' && Number.isFinite(listed)) return listed;
    try {
      const to = Math.floor(now() / 1000);
      const candles = await saucerSwap(`/tokens/prices/${pawsTokenId}?from=${to - DAY_SECONDS - 3600}&to=${to}&interval=HOUR`, saucerSwapCandles);
      return changeSince24h(candles, priceUsd, to);
    } catch (error) {
      log.warn('PAWS candles from SaucerSwap failed', { error });
      return null;
    }
  }

  const histories = createTtlCache<PriceHistory>(HISTORY_TTL_MS, { maxEntries: 100 });

  /** HBAR in USD over [from, to] (seconds) from CoinGecko's range chart; empty when it fails. */
  async function hbarHistory(from: number, to: number): Promise<PricePoint[]> {
    try {
      const url = `${bases.coinGecko}/api/v3/coins/hedera-hashgraph/market_chart/range?vs_currency=usd&from=${from}&to=${to}`;
      return (await getJson(url, coinGeckoRange)).prices.filter(([, usd]) => usd > 0).map(([at, usd]) => ({ at, usd }));
    } catch (error) {
      log.warn('HBAR price history from CoinGecko failed', { error });
      return [];
    }
  }

  /** PAWS in USD over [from, to] (seconds) from SaucerSwap's daily candles (its key needed); empty without. */
  async function pawsHistory(from: number, to: number): Promise<PricePoint[]> {
    if (!saucerSwapApiKey) return [];
    try {
      const candles = await saucerSwap(`/tokens/prices/${pawsTokenId}?from=${from}&to=${to}&interval=DAY`, saucerSwapCandles);
      return candles.filter((candle) => candle.closeUsd > 0).map((candle) => ({ at: candle.timestampSeconds * 1000, usd: candle.closeUsd }));
    } catch (error) {
      log.warn('PAWS price history from SaucerSwap failed', { error });
      return [];
    }
  }

  return {
    history(fromMs, toMs) {
      const fromDay = Math.floor(Math.min(fromMs, toMs) / DAY_MS);
      const toDay = Math.floor(Math.max(fromMs, toMs) / DAY_MS) + 1;
      return histories.get(`${fromDay}/${toDay}`, async () => {
        const [from, to] = [fromDay * DAY_SECONDS, toDay * DAY_SECONDS];
        const [hbar, paws] = await Promise.all([hbarHistory(from, to), pawsHistory(from, to)]);
        return { hbar, paws, hbarSource: hbar.length ? 'coingecko' : 'unavailable', pawsSource: paws.length ? 'saucerswap' : 'unavailable' };
      });
    },

    async hbar(): Promise<HbarPrice> {
      try {
        const body = await getJson(`${bases.coinGecko}/api/v3/simple/price?ids=hedera-hashgraph&vs_currencies=usd&include_24hr_change=true`, coinGecko);
        return { priceUsd: body['hedera-hashgraph'].usd, change24h: body['hedera-hashgraph'].usd_24h_change ?? null, source: 'coingecko' };
      } catch (error) {
        log.warn('HBAR price from CoinGecko failed', { error });
      }
      try {
        return { priceUsd: await ledger.getExchangeRate(), change24h: null, source: 'mirror-exchange-rate' };
      } catch (error) {
        log.warn('HBAR price from the exchange rate failed', { error });
      }
      return { priceUsd: HBAR_USD_FALLBACK, change24h: null, source: 'fallback' };
    },

    async paws(): Promise<PawsPrice> {
      if (saucerSwapApiKey) {
        try {
          const changes = saucerSwap('/tokens/price-change', saucerSwapPriceChange);
          changes.catch(() => undefined);
          const token = await saucerSwap(`/tokens/${pawsTokenId}`, saucerSwapToken);
          if (Number.isFinite(token.priceUsd) && token.priceUsd > 0) {
            const priceChange24h = await saucerSwapChange(token.priceUsd, changes);
            return { price: token.priceUsd, priceChange24h, marketCap: pawsMarketCap(token.priceUsd), source: 'saucerswap' };
          }
        } catch (error) {
          log.warn('PAWS price from SaucerSwap failed', { error });
        }
      }
      try {
        const body = await getJson(`${bases.dexScreener}/latest/dex/tokens/${longZeroEvmAddress(pawsTokenId)}`, dexScreener);
        const best = pawsPair(body.pairs ?? [], pawsTokenId);
        if (best) {
          const price = Number(best.priceUsd);
          return { price, priceChange24h: best.priceChange?.h24 ?? null, marketCap: pawsMarketCap(price), source: 'dexscreener' };
        }
      } catch (error) {
        log.warn('PAWS price from DexScreener failed', { error });
      }
      return { price: null, priceChange24h: null, marketCap: null, source: 'unavailable' };
    },
  };
}
