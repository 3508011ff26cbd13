import type { z } from 'zod';
import { prefixedMessageBytes } from '../auth/sign-in-message';
import { log } from '../../server/log';
import { MarketRejectedError, MarketUnavailableError } from './market-errors';
import type { ListingRecord, MarketPort, SaleRecord } from './market-port';
import {
  activityPageSchema,
  affiliateAuthSchemas,
  buyNftResultSchema,
  buyNftSchema,
  floorSchema,
  listingRowSchema,
  listingsPageSchema,
  ownersSchema,
  pricedInHbar,
  refusalSchema,
  saleRowSchema,
  tokenStatsSchema,
} from './sentx-schemas';

const SENTX_TIMEOUT_MS = 10_000;
/** Listings are fetched in pages of this size until the requested limit. */
const SENTX_LISTINGS_PAGE = 100;
/** Daily stats rows asked for at once (a year fits). */
const STATS_LIMIT = 500;
/** The token lifetime assumed when SentX does not say (the public client's assumption), and the margin kept before it ends. */
const DEFAULT_TOKEN_SECONDS = 3600;
const TOKEN_REFRESH_MARGIN_MS = 60_000;

/**
 * The affiliate that signs in to SentX for buys: its account and a signer holding its private key.
 * The key signs only SentX's sign-in challenge, never a purchase (the buyer signs that).
 */
export interface SentxAffiliate {
  accountId: string;
  /** Signs bytes with the affiliate account's key (ED25519 or ECDSA secp256k1, the SDK's signature). */
  sign(message: Uint8Array): Uint8Array | Promise<Uint8Array>;
}

/** The affiliate's user-auth token for buys: kept for its lifetime, forgotten when SentX answers 401. */
export interface SentxUserAuth {
  token(): Promise<string>;
  forget(): void;
}

export interface SentxClientOptions {
  baseUrl: string;
  /** Appended as `?apikey=`; SentX's public reads may answer without one. */
  apiKey: string | undefined;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

export interface SentxAdapterOptions extends SentxClientOptions {
  /** Without it buys are sent without a user-auth token (older SentX keys accept that; newer ones refuse). */
  userAuth?: SentxUserAuth;
  /** Where skipped rows are reported. */
  warn?: (message: string, fields: Record<string, unknown>) => void;
}

type Query = Record<string, string | number>;
type Answer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; apimessage: string };

/** SentX calls: the API key in the query string, JSON bodies, one time-out, typed failures. */
function sentxClient({ baseUrl, apiKey, fetch = globalThis.fetch, timeoutMs = SENTX_TIMEOUT_MS }: SentxClientOptions) {
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
    if (refusal.success && status < 500) return { ok: false, status, apimessage: refusal.data.apimessage };
    if (status < 200 || status >= 300) throw new MarketUnavailableError(`SentX ${path} answered ${status}`);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      throw new MarketUnavailableError(`SentX ${path} answered an unexpected shape: ${issues.join('; ')}`);
    }
    return { ok: true, status, body: parsed.data };
  }

  return { call };
}

/**
 * The affiliate's sign-in to SentX: `auth/init` gives a payload, the affiliate's key signs it as a
 * Hedera signed message of its JSON text, `auth/verify` answers the user-auth token and its lifetime.
 * SentX documents none of this; it follows the one public client that implements it
 * (aguillee/sharkly-agent, plugin/src/sentx-client.ts), so the payload wrapping and the lifetime are
 * likely rather than confirmed. One sign-in serves concurrent buys; the token is renewed a minute
 * before it ends.
 */
export function createSentxUserAuth(options: SentxClientOptions & { affiliate: SentxAffiliate; now?: () => number }): SentxUserAuth {
  const { affiliate, now = Date.now } = options;
  const { call } = sentxClient(options);
  let current: { value: string; renewAt: number } | undefined;
  let signingIn: Promise<string> | undefined;

  async function signIn(): Promise<string> {
    const schemas = affiliateAuthSchemas();
    const init = await call('/v1/affiliate/auth/init', schemas.init, { body: { user_address: affiliate.accountId } });
    if (!init.ok) throw new MarketUnavailableError(`SentX affiliate sign-in refused: ${init.apimessage}`);
    // Keys in the order received (JSON.parse keeps it, except integer-like keys).
    const signature = await affiliate.sign(prefixedMessageBytes(JSON.stringify(init.body.payload)));
    const verified = await call('/v1/affiliate/auth/verify', schemas.verify, {
      body: {
        user_address: affiliate.accountId,
        operationToken: init.body.operationToken,
        nonce: init.body.nonce,
        userSignature: Buffer.from(signature).toString('base64'),
      },
    });
    if (!verified.ok) throw new MarketUnavailableError(`SentX affiliate sign-in refused: ${verified.apimessage}`);
    const lifetimeMs = (verified.body.expiresIn ?? DEFAULT_TOKEN_SECONDS) * 1000;
    current = { value: verified.body.userAuthToken, renewAt: now() + Math.max(0, lifetimeMs - TOKEN_REFRESH_MARGIN_MS) };
    return current.value;
  }

  return {
    async token() {
      if (current && now() < current.renewAt) return current.value;
      signingIn ??= signIn().finally(() => {
        signingIn = undefined;
      });
      return signingIn;
    },
    forget() {
      current = undefined;
    },
  };
}

/** The real external market: SentX's public reads and affiliate buy endpoints. */
export function createSentxAdapter({ userAuth, warn = log.warn, ...client }: SentxAdapterOptions): MarketPort {
  const { call } = sentxClient(client);

  /** Reads have no user-facing refusal: a `success: false` read is the market failing. */
  async function read<S extends z.ZodType>(path: string, schema: S, query: Query): Promise<z.output<S>> {
    const answer = await call(path, schema, { query });
    if (!answer.ok) throw new MarketUnavailableError(`SentX ${path} refused: ${answer.apimessage}`);
    return answer.body;
  }

  /** An affiliate call with the user-auth token in its body; a 401 drops the token, so the next call signs in again. */
  async function affiliateCall<S extends z.ZodType>(path: string, schema: S, body: Record<string, unknown>): Promise<Answer<z.output<S>>> {
    const answer = await call(path, schema, { body: userAuth ? { userAuthToken: await userAuth.token(), ...body } : body });
    if (answer.status === 401) userAuth?.forget();
    return answer;
  }

  /**
   * The rows of a page that have the documented shape and an HBAR price. A malformed row is
   * skipped and logged (one bad row must not empty the page); a row priced in a token is skipped,
   * since every price of this port is HBAR.
   */
  function rows<S extends typeof saleRowSchema | typeof listingRowSchema>(path: string, schema: S, page: readonly unknown[]): z.output<S>[] {
    const kept: z.output<S>[] = [];
    page.forEach((row, index) => {
      const parsed = schema.safeParse(row);
      if (!parsed.success) {
        const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
        warn('SentX row skipped: unexpected shape', { path, index, issues });
      } else if (pricedInHbar(parsed.data)) kept.push(parsed.data as z.output<S>);
    });
    return kept;
  }

  return {
    async activity({ tokenId, amount }) {
      const path = '/v1/public/market/activity';
      const body = await read(path, activityPageSchema, { token: tokenId, activityFilter: 'Sales', amount });
      return rows(path, saleRowSchema, body.marketActivity)
        .slice(0, amount)
        .map(({ salePriceSymbol: _symbol, paymentToken: _token, ...sale }): SaleRecord => sale);
    },

    async listings({ tokenId, sortBy, sortDirection, limit }) {
      const path = '/v1/public/market/listings';
      const listings: ListingRecord[] = [];
      let offset = 0;
      while (listings.length < limit) {
        const pageSize = Math.min(SENTX_LISTINGS_PAGE, limit - listings.length);
        const page = (await read(path, listingsPageSchema, { token: tokenId, sortBy, sortDirection, limit: pageSize, offset })).marketListings;
        offset += page.length;
        const kept = rows(path, listingRowSchema, page.slice(0, pageSize)).map(
          ({ salePriceSymbol: _symbol, paymentToken: _token, nftSerialId, ...listing }): ListingRecord => ({
            ...listing,
            ...(nftSerialId === undefined ? {} : { nftSerialId }),
          }),
        );
        listings.push(...kept);
        if (page.length < pageSize) break;
      }
      return listings.slice(0, limit);
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
      const answer = await affiliateCall('/v1/affiliate/market/buynft', buyNftSchema, {
        token_address: tokenId,
        serial_number: String(serial),
        user_address: buyerId,
        price,
      });
      if (!answer.ok) throw new MarketRejectedError(answer.apimessage);
      const { saleVerificationCode, transBytes, apimessage } = answer.body;
      return { saleVerificationCode, transBytes: Buffer.from(transBytes.data).toString('base64'), apimessage };
    },

    async buyComplete({ saleVerificationCode, transactionId }) {
      const answer = await affiliateCall('/v1/affiliate/market/buynftres', buyNftResultSchema, { saleVerificationCode, transactionId });
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
