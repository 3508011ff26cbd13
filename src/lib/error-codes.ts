/**
 * Every error code the API sends beside its message (`{"error": "...", "code": "..."}`). Services
 * throw a DomainError with one of these; the server maps each to an HTTP status in one table
 * (src/server/http/error-mapping.ts); the client branches on the code, never on the text.
 */
export const ERROR_CODES = [
  // The request itself
  'INVALID_REQUEST',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  // Who is asking
  'NOT_SIGNED_IN',
  'SIGNATURE_REJECTED',
  'CHALLENGE_REJECTED',
  'NOT_YOUR_ACCOUNT',
  'NOT_TIGER_OWNER',
  // What was asked for
  'UNKNOWN_COLLECTION',
  'WRONG_TOKEN',
  'WRONG_SPENDER',
  'TIGER_NOT_FOUND',
  'INVALID_PRICE',
  'INVALID_AMOUNT',
  'ACCOUNT_NOT_FOUND',
  // Profiles
  'PROFILE_NOT_FOUND',
  'PORTFOLIO_PRIVATE',
  'PORTFOLIO_READING',
  'NOTHING_TO_UPDATE',
  'AVATAR_NOT_OWNED',
  'PROFILE_CHANGED',
  // PAWS market
  'LISTING_NOT_FOUND',
  'PENDING_LISTING_EXPIRED',
  'APPROVAL_ID_MISSING',
  'NFT_ALLOWANCE_MISSING',
  'ALREADY_LISTED',
  'LISTING_NOT_REMOVABLE',
  'LISTING_CHANGED',
  'LISTING_UNAVAILABLE',
  'FEE_COLLECTOR_CANNOT_RECEIVE',
  'FEES_EXCEED_TRANSFER_LIMIT',
  'OWN_LISTING',
  'PURCHASE_IN_PROGRESS',
  'PAWS_BALANCE_LOW',
  'PAWS_ALLOWANCE_LOW',
  'SETTLEMENT_REFUSED',
  'SETTLEMENT_UNCONFIRMED',
  'SELLER_CANNOT_RECEIVE_PAWS',
  // PAWS offers
  'OFFER_NOT_FOUND',
  'INVALID_OFFER',
  'OWN_OFFER',
  'OFFER_NOT_MATCHING',
  'OFFER_UNAVAILABLE',
  'OFFER_UNFUNDED',
  'OFFER_IN_PROGRESS',
  'BUYER_CANNOT_RECEIVE_NFT',
  // Watchlist
  'INVALID_WATCH',
  'WATCH_NOT_FOUND',
  'TOO_MANY_WATCHES',
  // HBAR market
  'SALE_NOT_FOUND',
  'SALE_OF_ANOTHER_BUYER',
  'MARKET_REJECTED',
  'MARKET_UNAVAILABLE',
  'MARKET_TRANSACTION_MISMATCH',
  'PURCHASE_EXPIRED',
  // Upstreams
  'LEDGER_PENDING',
  'LEDGER_TIMEOUT',
  'TRANSACTION_FAILED',
  'LEDGER_NOT_FOUND',
  'LEDGER_BAD_REQUEST',
  'LEDGER_UNAVAILABLE',
  'LEDGER_BAD_RESPONSE',
  'BALANCE_UNAVAILABLE',
  'METADATA_UNAVAILABLE',
  // Thumbnails (/img/{serial}/{width})
  'INVALID_IMAGE_REQUEST',
  'IMAGE_NOT_FOUND',
  'IMAGE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** True when `value` is one of the API's error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
