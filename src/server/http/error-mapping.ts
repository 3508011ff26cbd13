import { DomainError } from '@/lib/domain-error';
import type { ErrorCode } from '@/lib/error-codes';
import type { LedgerNotFoundError, LedgerRequestError } from '@/features/ledger/errors';

/** The one table from error codes to HTTP statuses. */
const HTTP_STATUS: Record<ErrorCode, number> = {
  INVALID_REQUEST: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
  NOT_SIGNED_IN: 401,
  SIGNATURE_REJECTED: 401,
  CHALLENGE_REJECTED: 401,
  NOT_YOUR_ACCOUNT: 403,
  NOT_TIGER_OWNER: 403,
  UNKNOWN_COLLECTION: 404,
  WRONG_TOKEN: 400,
  WRONG_SPENDER: 400,
  TIGER_NOT_FOUND: 404,
  INVALID_PRICE: 400,
  INVALID_AMOUNT: 400,
  ACCOUNT_NOT_FOUND: 404,
  PROFILE_NOT_FOUND: 404,
  PORTFOLIO_PRIVATE: 403,
  // The holder's trades are still being read from the ledger (several loads): asked again in seconds.
  PORTFOLIO_READING: 503,
  NOTHING_TO_UPDATE: 400,
  AVATAR_NOT_OWNED: 400,
  PROFILE_CHANGED: 409,
  LISTING_NOT_FOUND: 404,
  PENDING_LISTING_EXPIRED: 404,
  APPROVAL_ID_MISSING: 400,
  NFT_ALLOWANCE_MISSING: 400,
  ALREADY_LISTED: 409,
  LISTING_NOT_REMOVABLE: 409,
  LISTING_CHANGED: 409,
  LISTING_UNAVAILABLE: 409,
  FEE_COLLECTOR_CANNOT_RECEIVE: 409,
  FEES_EXCEED_TRANSFER_LIMIT: 409,
  OWN_LISTING: 400,
  PURCHASE_IN_PROGRESS: 409,
  PAWS_BALANCE_LOW: 400,
  PAWS_ALLOWANCE_LOW: 400,
  SETTLEMENT_REFUSED: 409,
  SETTLEMENT_UNCONFIRMED: 503,
  SELLER_CANNOT_RECEIVE_PAWS: 409,
  OFFER_NOT_FOUND: 404,
  INVALID_WATCH: 400,
  WATCH_NOT_FOUND: 404,
  TOO_MANY_WATCHES: 409,
  /** An offer's expiry, trait or count of open offers the rules do not take. */
  INVALID_OFFER: 400,
  OWN_OFFER: 400,
  OFFER_NOT_MATCHING: 400,
  /** Cancelled, filled, expired, or its last unit taken by another owner. */
  OFFER_UNAVAILABLE: 409,
  /** The buyer's PAWS balance or allowance no longer covers one unit: nothing was claimed. */
  OFFER_UNFUNDED: 409,
  OFFER_IN_PROGRESS: 409,
  BUYER_CANNOT_RECEIVE_NFT: 409,
  SALE_NOT_FOUND: 404,
  SALE_OF_ANOTHER_BUYER: 409,
  MARKET_REJECTED: 400,
  MARKET_UNAVAILABLE: 503,
  MARKET_TRANSACTION_MISMATCH: 503,
  /** The purchase's transaction can no longer execute and never did: nothing was charged. */
  PURCHASE_EXPIRED: 410,
  /** A transaction the flow depends on is not on the mirror node yet: wait and ask again (nothing failed). */
  LEDGER_PENDING: 409,
  /** The request's time budget ran out before it could start something it must finish (nothing was done). */
  LEDGER_TIMEOUT: 504,
  /** The ledger refused a transaction the user signed (its status is in the answer). */
  TRANSACTION_FAILED: 409,
  LEDGER_NOT_FOUND: 404,
  LEDGER_BAD_REQUEST: 400,
  LEDGER_UNAVAILABLE: 503,
  LEDGER_BAD_RESPONSE: 503,
  BALANCE_UNAVAILABLE: 503,
  METADATA_UNAVAILABLE: 503,
  INVALID_IMAGE_REQUEST: 400,
  /** The tiger's media is not a still image (a video): the page shows the original. */
  IMAGE_NOT_FOUND: 404,
  /** No gateway gave the art in time, or it could not be decoded: not cached, asked again later. */
  IMAGE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** What the user reads for errors whose own message is for the logs (upstream details, URLs). */
const PUBLIC_MESSAGE: Partial<Record<ErrorCode, (error: DomainError) => string>> = {
  LEDGER_NOT_FOUND: (error) => `Not found on the ledger: ${(error as LedgerNotFoundError).resource}`,
  LEDGER_BAD_REQUEST: (error) => `The ledger refused the request: ${(error as LedgerRequestError).messages.join('; ') || 'invalid id'}`,
  LEDGER_UNAVAILABLE: () => 'The Hedera mirror node is unavailable, try again shortly',
  LEDGER_BAD_RESPONSE: () => 'The Hedera mirror node answered unexpectedly, try again shortly',
  MARKET_UNAVAILABLE: () => 'The marketplace is unavailable, try again shortly',
};

export interface HttpFailure {
  status: number;
  body: { error: string; code: ErrorCode } & Record<string, unknown>;
}

/** Maps a domain error to its HTTP answer; undefined for an unexpected error (a bug: 500). */
export function toHttpFailure(error: unknown): HttpFailure | undefined {
  if (!(error instanceof DomainError)) return undefined;
  const message = PUBLIC_MESSAGE[error.code]?.(error) ?? error.message;
  return { status: HTTP_STATUS[error.code], body: { error: message, code: error.code, ...error.details } };
}

/** The answer to an unexpected error: nothing of its internals is sent. */
export const INTERNAL_FAILURE: HttpFailure = { status: 500, body: { error: 'Internal server error', code: 'INTERNAL' } };
