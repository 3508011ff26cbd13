import { type PriceSource, pawsMarketCap } from '../../features/prices/prices';

/** Fixed prices of the sandbox network (no price API is reachable locally). */
export const SANDBOX_PRICES = { hbarUsd: 0.1825, hbarChange24h: 2.35, pawsUsd: 0.000418, pawsChange24h: -1.2 } as const;

export function createSandboxPriceSource(): PriceSource {
  return {
    hbar: async () => ({ priceUsd: SANDBOX_PRICES.hbarUsd, change24h: SANDBOX_PRICES.hbarChange24h, source: 'sandbox' }),
    paws: async () => ({
      price: SANDBOX_PRICES.pawsUsd,
      priceChange24h: SANDBOX_PRICES.pawsChange24h,
      marketCap: pawsMarketCap(SANDBOX_PRICES.pawsUsd),
      source: 'sandbox',
    }),
  };
}
