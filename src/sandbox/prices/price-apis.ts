/**
 * The public price APIs as the production price source calls them, under /sandbox/prices/<api>/,
 * with their paths, shapes and refusals:
 * - CoinGecko `GET /api/v3/simple/price?ids&vs_currencies&include_24hr_change` (docs.coingecko.com,
 *   "simple/price"): an object per known id, `{}` for an unknown one, 400 without `ids`; and
 *   `GET /api/v3/coins/{id}/market_chart/range?vs_currency&from&to` (docs.coingecko.com, "Coin
 *   Historical Chart Data within Time Range by ID"): `{prices, market_caps, total_volumes}`, each
 *   `[ms, value]` pairs oldest first, hourly for ranges up to 90 days and daily beyond, 404 for an
 *   unknown coin;
 * - SaucerSwap REST 1.0.0 (docs.saucerswap.finance): `GET /tokens/{id}` (`priceUsd` a number,
 *   `price` tinybars as a string), `GET /tokens/price-change` (token id -> 24 h change in percent),
 *   `GET /tokens/prices/{id}?from&to&interval=HOUR|DAY` (candles, oldest first); every call needs its
 *   `x-api-key` (401 without), an unknown token is 404;
 * - DexScreener `GET /latest/dex/tokens/{addresses}` (docs.dexscreener.com): `{schemaVersion, pairs}`
 *   with `pairs: null` for a token without pairs; `priceUsd` is the *base* token's price, so the
 *   stand-in also lists a pair in which PAWS is the quote token (whose price is the other token's).
 * Faults on demand (service `prices`, matched on the path after /sandbox/prices/, e.g.
 * `coingecko/` or `saucerswap/tokens`) make each fail as it does (5xx, 429, time-outs, drops).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { longZeroEvmAddress } from '@/features/ledger/entity-id';
import { answerHttpFault, takeFault } from '@/sandbox/faults';

/** The sandbox market's prices: what every price reads locally. */
export const SANDBOX_PRICES = { hbarUsd: 0.1825, hbarChange24h: 2.35, pawsUsd: 0.000418, pawsChange24h: -1.2 } as const;
/** The key the SaucerSwap stand-in takes (SAUCERSWAP_API_KEY on the sandbox network). */
export const SANDBOX_SAUCERSWAP_KEY = 'sandbox-saucerswap-key';

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;
const TINYBARS_PER_HBAR = 100_000_000;

type Answer = { status: number; body: unknown };

/** CoinGecko's range chart of HBAR: the sandbox's price at every point (hourly up to 90 days, daily beyond). */
function coinGeckoRange(path: string, params: URLSearchParams): Answer {
  if (path !== '/api/v3/coins/hedera-hashgraph/market_chart/range') return { status: 404, body: { error: 'coin not found' } };
  const from = Number(params.get('from'));
  const to = Number(params.get('to'));
  if (params.get('vs_currency') !== 'usd' || !Number.isFinite(from) || !Number.isFinite(to) || from > to)
    return { status: 400, body: { error: 'invalid vs_currency, from or to' } };
  const step = to - from > 90 * DAY_SECONDS ? DAY_SECONDS : HOUR_SECONDS;
  const prices: [number, number][] = [];
  for (let at = Math.ceil(from / step) * step; at <= to; at += step) prices.push([at * 1000, SANDBOX_PRICES.hbarUsd]);
  return { status: 200, body: { prices, market_caps: prices.map(([at]) => [at, 0]), total_volumes: prices.map(([at]) => [at, 0]) } };
}

function coinGecko(path: string, params: URLSearchParams): Answer {
  if (path.startsWith('/api/v3/coins/')) return coinGeckoRange(path, params);
  if (path !== '/api/v3/simple/price') return { status: 404, body: { error: 'Not Found' } };
  const ids = params.get('ids');
  if (!ids) return { status: 400, body: { error: 'Missing parameter ids' } };
  const withChange = params.get('include_24hr_change') === 'true';
  const body: Record<string, unknown> = {};
  if (ids.split(',').includes('hedera-hashgraph') && params.get('vs_currencies')?.split(',').includes('usd'))
    body['hedera-hashgraph'] = { usd: SANDBOX_PRICES.hbarUsd, ...(withChange ? { usd_24h_change: SANDBOX_PRICES.hbarChange24h } : {}) };
  return { status: 200, body };
}

/** Candles every `step` seconds over [from, to]: the close 24 h before `to` gives the 24 h change, the last one today's price. */
function candles(from: number, to: number, step: number): unknown[] {
  const dayAgoClose = SANDBOX_PRICES.pawsUsd / (1 + SANDBOX_PRICES.pawsChange24h / 100);
  const out: unknown[] = [];
  for (let at = Math.ceil(from / step) * step; at <= to; at += step) {
    const share = Math.min(1, Math.max(0, (at - (to - DAY_SECONDS)) / DAY_SECONDS));
    const closeUsd = dayAgoClose + (SANDBOX_PRICES.pawsUsd - dayAgoClose) * share;
    out.push({ timestampSeconds: at, openUsd: closeUsd, highUsd: closeUsd, lowUsd: closeUsd, closeUsd, volumeUsd: 0 });
  }
  return out;
}

function saucerSwap(path: string, params: URLSearchParams, apiKey: string | undefined, pawsTokenId: string): Answer {
  if (apiKey !== SANDBOX_SAUCERSWAP_KEY) return { status: 401, body: { message: 'Unauthorized' } };
  if (path === '/tokens/price-change') return { status: 200, body: { [pawsTokenId]: SANDBOX_PRICES.pawsChange24h } };
  if (path === `/tokens/${pawsTokenId}`) {
    const tinybars = Math.round((SANDBOX_PRICES.pawsUsd / SANDBOX_PRICES.hbarUsd) * TINYBARS_PER_HBAR);
    return { status: 200, body: { id: pawsTokenId, symbol: 'PAWS', decimals: 6, price: String(tinybars), priceUsd: SANDBOX_PRICES.pawsUsd } };
  }
  if (path === `/tokens/prices/${pawsTokenId}`) {
    const from = Number(params.get('from'));
    const to = Number(params.get('to'));
    const step = { HOUR: HOUR_SECONDS, DAY: DAY_SECONDS }[params.get('interval') ?? ''];
    if (!Number.isInteger(from) || !Number.isInteger(to) || from > to || !step) return { status: 400, body: { message: 'Bad Request' } };
    return { status: 200, body: candles(from, to, step) };
  }
  return { status: 404, body: { message: 'Not Found' } };
}

function dexScreener(path: string, pawsTokenId: string): Answer {
  const match = /^\/latest\/dex\/tokens\/([^/]+)$/.exec(path);
  if (!match) return { status: 404, body: { error: 'Not Found' } };
  const address = longZeroEvmAddress(pawsTokenId).toLowerCase();
  const asked = decodeURIComponent(match[1] ?? '')
    .toLowerCase()
    .split(',');
  if (!asked.includes(address) && !asked.includes(pawsTokenId)) return { status: 200, body: { schemaVersion: '1.0.0', pairs: null } };
  const paws = { address, name: 'PAWS', symbol: 'PAWS' };
  const whbar = { address: '0x0000000000000000000000000000000000163b5a', name: 'Wrapped Hbar', symbol: 'WHBAR' };
  const pair = (base: typeof paws, quote: typeof paws, priceUsd: number, liquidityUsd: number, h24: number) => ({
    chainId: 'hedera',
    dexId: 'saucerswap',
    baseToken: base,
    quoteToken: quote,
    priceUsd: String(priceUsd),
    liquidity: { usd: liquidityUsd },
    priceChange: { h24 },
  });
  // The deeper pool has PAWS as its quote: its priceUsd is HBAR's, which a careless reader would take.
  const pairs = [
    pair(whbar, paws, SANDBOX_PRICES.hbarUsd, 90_000, SANDBOX_PRICES.hbarChange24h),
    pair(paws, whbar, SANDBOX_PRICES.pawsUsd, 40_000, SANDBOX_PRICES.pawsChange24h),
  ];
  return { status: 200, body: { schemaVersion: '1.0.0', pairs } };
}

/** Answers GET /sandbox/prices/{coingecko|saucerswap|dexscreener}/...; false for any other path. */
export function handlePriceApiRequest(request: IncomingMessage, url: URL, response: ServerResponse, pawsTokenId: string): boolean {
  const [, api = '', ...rest] = url.pathname.slice('/sandbox/prices'.length).split('/');
  if (!['coingecko', 'saucerswap', 'dexscreener'].includes(api)) return false;
  const path = `/${rest.join('/')}`;
  const fault = takeFault('prices', `${api}${path}`);
  if (fault && answerHttpFault(fault, request, response)) return true;
  const answer =
    api === 'coingecko'
      ? coinGecko(path, url.searchParams)
      : api === 'saucerswap'
        ? saucerSwap(path, url.searchParams, request.headers['x-api-key'] as string | undefined, pawsTokenId)
        : dexScreener(path, pawsTokenId);
  response.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(answer.body));
  return true;
}
