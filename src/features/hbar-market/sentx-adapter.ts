import { log } from '@/platform/log';
import { MarketRejectedError, MarketUnavailableError } from './market-errors';
import type { ListingRecord, MarketPort, SaleRecord } from './market-port';
import type { z } from 'zod';
import { type Answer, type Query, type SentxClientOptions, sentxClient } from './sentx-client';
import type { SentxUserAuth } from './sentx-user-auth';
import {
  activityPageSchema,
  buyNftResultSchema,
  buyNftSchema,
  floorSchema,
  listingRowSchema,
  listingsPageSchema,
  ownersSchema,
  pricedInHbar,
  saleRowSchema,
  tokenStatsSchema,
} from './sentx-schemas';

/** Listings are fetched in pages of this size until the requested limit. */
const SENTX_LISTINGS_PAGE = 100;
/** Daily stats rows asked for at once (a year fits). */
const STATS_LIMIT = 500;

export interface SentxAdapterOptions extends SentxClientOptions {
  /** Without it buys are sent without a user-auth token (older SentX keys accept that; newer ones refuse). */
  userAuth?: SentxUserAuth;
  /** Where skipped rows are reported. */
  warn?: (message: string, fields: Record<string, unknown>) => void;
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
