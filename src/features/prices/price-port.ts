/** Where each public price API is reached (reference/README.md, Prices); the sandbox has stand-ins (config.ts). */
export interface PriceApiBases {
  coinGecko: string;
  saucerSwap: string;
  dexScreener: string;
}

export const PUBLIC_PRICE_APIS: PriceApiBases = {
  coinGecko: 'https://api.coingecko.com',
  saucerSwap: 'https://api.saucerswap.finance',
  dexScreener: 'https://api.dexscreener.com',
};

/** Spec 000 §9: the HBAR price shown when every source fails. */
export const HBAR_USD_FALLBACK = 0.15;
/** PAWS supply and burned amount (spec 000 §2, §9); market cap uses the circulating supply. */
export const PAWS_TOTAL_SUPPLY = 1_000_000_000;
export const PAWS_BURNED = 42_659_000;

export interface HbarPrice {
  priceUsd: number;
  change24h: number | null;
  source: string;
}

export interface PawsPrice {
  price: number | null;
  priceChange24h: number | null;
  marketCap: number | null;
  source: string;
}

/** Market cap of PAWS at a price: price times the circulating (total minus burned) supply. */
export function pawsMarketCap(price: number): number {
  return price * (PAWS_TOTAL_SUPPLY - PAWS_BURNED);
}

/** A USD price at a time (ms since the epoch). */
export interface PricePoint {
  at: number;
  usd: number;
}

/** USD prices over a time range, oldest first; a source with none leaves its series empty and says so. */
export interface PriceHistory {
  hbar: PricePoint[];
  paws: PricePoint[];
  hbarSource: string;
  pawsSource: string;
}

/** The price-source port: the public APIs on mainnet, fixed prices on the sandbox. */
export interface PriceSource {
  hbar(): Promise<HbarPrice>;
  paws(): Promise<PawsPrice>;
  /** HBAR and PAWS in USD over [fromMs, toMs], widened to whole UTC days: one range call per API per day range, cached. */
  history(fromMs: number, toMs: number): Promise<PriceHistory>;
}

/** The price of the last point at or before `at` (else the first one after it); null for an empty series. */
export function priceAt(points: readonly PricePoint[], at: number): number | null {
  let best: PricePoint | undefined;
  for (const point of points) {
    if (point.at <= at) best = point;
    else return (best ?? point).usd;
  }
  return best?.usd ?? null;
}
