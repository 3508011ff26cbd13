import type { z } from 'zod';
import { MarketRejectedError, MarketUnavailableError } from './market-errors';
import type { MarketPort } from './market-port';
import { activitySchema, buyNftResultSchema, buyNftSchema, floorSchema, listingsSchema, ownersSchema, refusalSchema, tokenStatsSchema } from './sentx-schemas';

const SENTX_TIMEOUT_MS = 10_000;
/** Listings are fetched in pages of this size until the requested limit. */
const SENTX_LISTINGS_PAGE = 100;
/** Daily stats rows asked for at once (a year fits). */
const STATS_LIMIT = 500;

export interface SentxAdapterOptions {
  baseUrl: string;
  /** Appended as `?apikey=`; SentX's public reads may answer without one. */
  apiKey: string | undefined;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

type Query = Record<string, string | number>;
type Answer<T> = { ok: true; body: T } | { ok: false; apimessage: string };

/** The real external market: SentX's public reads and affiliate buy endpoints. */
export function createSentxAdapter({ baseUrl, apiKey, fetch = globalThis.fetch, timeoutMs = SENTX_TIMEOUT_MS }: SentxAdapterOptions): MarketPort {
  const base = baseUrl.replace(/\/+$/, '');

  function url(path: string, query: Query): string {
    const target = new URL(`${base}${path}`);
    if (apiKey) target.searchParams.set('apikey', apiKey);
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, String(value));
    return target.toString();
  }

  /** One call; a 2xx/4xx `success: false` with an apimessage is a refusal, anything else unexpected throws MarketUnavailableError. */
  async function call<S extends z.ZodType>(path: string, schema: S, request: { query?: Query; body?: unknown } = {}): Promise<Answer<z.output<S>>> {
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(url(path, request.query ?? {}), {
        method: request.body === undefined ? 'GET' : 'POST',
        headers: { accept: 'application/json', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const reason = signal.aborted ? `timed out after ${timeoutMs} ms` : 'could not be reached';
      throw new MarketUnavailableError(`SentX ${path} ${reason}`, { cause: error });
    }
    const json = parseJson(text);
    const refusal = refusalSchema.safeParse(json);
    if (refusal.success && status < 500) return { ok: false, apimessage: refusal.data.apimessage };
    if (status < 200 || status >= 300) throw new MarketUnavailableError(`SentX ${path} answered ${status}`);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      throw new MarketUnavailableError(`SentX ${path} answered an unexpected shape: ${issues.join('; ')}`);
    }
    return { ok: true, body: parsed.data };
  }

  /** Reads have no user-facing refusal: a `success: false` read is the market failing. */
  async function read<S extends z.ZodType>(path: string, schema: S, query: Query): Promise<z.output<S>> {
    const answer = await call(path, schema, { query });
    if (!answer.ok) throw new MarketUnavailableError(`SentX ${path} refused: ${answer.apimessage}`);
    return answer.body;
  }

  return {
    async activity({ tokenId, amount }) {
      const body = await read('/v1/public/market/activity', activitySchema, { token: tokenId, activityFilter: 'Sales', amount });
      return body.marketActivity.slice(0, amount);
    },

    async listings({ tokenId, sortBy, sortDirection, limit }) {
      const listings: z.output<typeof listingsSchema>['marketListings'] = [];
      while (listings.length < limit) {
        const pageSize = Math.min(SENTX_LISTINGS_PAGE, limit - listings.length);
        const query = { token: tokenId, sortBy, sortDirection, limit: pageSize, offset: listings.length };
        const page = (await read('/v1/public/market/listings', listingsSchema, query)).marketListings;
        listings.push(...page.slice(0, pageSize));
        if (page.length < pageSize) break;
      }
      return listings;
    },

    async floor(tokenId) {
      return (await read('/v1/public/market/floor', floorSchema, { token: tokenId })).floor;
    },

    async stats({ tokenId, startDate, endDate }) {
      return (await read('/v1/public/market/stats/token', tokenStatsSchema, { token: tokenId, startDate, endDate, limit: STATS_LIMIT })).data;
    },

    async owners(tokenId) {
      const { ownerCount, nftCount } = await read('/v1/public/token/owners', ownersSchema, { token: tokenId });
      return { ownerCount, nftCount };
    },

    async buy({ tokenId, serial, buyerId, price }) {
      const answer = await call('/v1/affiliate/market/buynft', buyNftSchema, {
        body: { token_address: tokenId, serial_number: String(serial), user_address: buyerId, price },
      });
      if (!answer.ok) throw new MarketRejectedError(answer.apimessage);
      const { saleVerificationCode, transBytes, apimessage } = answer.body;
      return { saleVerificationCode, transBytes: Buffer.from(transBytes.data).toString('base64'), apimessage };
    },

    async buyComplete({ saleVerificationCode, transactionId }) {
      const answer = await call('/v1/affiliate/market/buynftres', buyNftResultSchema, { body: { saleVerificationCode, transactionId } });
      return answer.ok ? answer.body : { success: false, apimessage: answer.apimessage };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
