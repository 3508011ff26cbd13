import * as z from 'zod';
import { log } from '../../server/log';
import type { LedgerReader } from '../ledger/ledger-reader';
import { HBAR_USD_FALLBACK, type HbarPrice, type PawsPrice, type PriceSource, pawsMarketCap } from './prices';

const TIMEOUT_MS = 5_000;

const coinGecko = z.object({ 'hedera-hashgraph': z.object({ usd: z.number().positive(), usd_24h_change: z.number().nullish() }) });
const saucerSwap = z.object({ priceUsd: z.union([z.number(), z.string()]).transform(Number), priceChangeDay: z.number().nullish() });
const dexScreener = z.object({
  pairs: z
    .array(
      z.object({
        priceUsd: z.string().nullish(),
        liquidity: z.object({ usd: z.number().nullish() }).nullish(),
        priceChange: z.object({ h24: z.number().nullish() }).nullish(),
      }),
    )
    .nullish(),
});

export interface PublicPriceOptions {
  pawsTokenId: string;
  ledger: LedgerReader;
  saucerSwapApiKey?: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * Public price sources (reference/README.md): HBAR from CoinGecko, else the network exchange
 * rate, else 0.15 USD; PAWS from SaucerSwap (with its API key), else DexScreener's most liquid pair.
 */
export function createPublicPriceSource({ pawsTokenId, ledger, saucerSwapApiKey, fetch = globalThis.fetch }: PublicPriceOptions): PriceSource {
  async function getJson<T extends z.ZodType>(url: string, schema: T, headers: Record<string, string> = {}): Promise<z.output<T>> {
    const response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return schema.parse(await response.json());
  }

  return {
    async hbar(): Promise<HbarPrice> {
      try {
        const body = await getJson('https://api.coingecko.com/api/v3/simple/price?ids=hedera-hashgraph&vs_currencies=usd&include_24hr_change=true', coinGecko);
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
          const body = await getJson(`https://api.saucerswap.finance/tokens/${pawsTokenId}`, saucerSwap, { 'x-api-key': saucerSwapApiKey });
          if (Number.isFinite(body.priceUsd) && body.priceUsd > 0) {
            return { price: body.priceUsd, priceChange24h: body.priceChangeDay ?? null, marketCap: pawsMarketCap(body.priceUsd), source: 'saucerswap' };
          }
        } catch (error) {
          log.warn('PAWS price from SaucerSwap failed', { error });
        }
      }
      try {
        const body = await getJson(`https://api.dexscreener.com/latest/dex/tokens/${pawsTokenId}`, dexScreener);
        const best = [...(body.pairs ?? [])].filter((pair) => Number(pair.priceUsd) > 0).sort((a, b) => (b.liquidity?.usd ?? 0) - (a.liquidity?.usd ?? 0))[0];
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
