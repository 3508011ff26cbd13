/**
 * The live market's events (issue 57): every change the app makes or sees, in a log with a
 * sequence per stream. Streams: `market` (public), `tiger:{serial}` (public) and `account:{id}`
 * (the signed-in holder's only). Pure: the log's repo, the push servers and the browser's client
 * share these names.
 */

/** What happened. */
export const MARKET_EVENT_TYPES = [
  'listing-created',
  'listing-repriced',
  'listing-removed',
  'listing-invalidated',
  'listing-revalidated',
  'sale',
  'offer-made',
  'offer-accepted',
  'offer-cancelled',
  'offer-expired',
  'offer-unfunded',
  'offer-funded',
  'tiger-moved',
  'figures-changed',
  /** A holder's watch matched an event of the market (on their own stream only). */
  'watch-alert',
] as const;
export type MarketEventType = (typeof MARKET_EVENT_TYPES)[number];

/** An event as a stream carries it: `seq` orders it within its stream, from 1 with no gaps. */
export interface MarketEvent {
  stream: string;
  seq: number;
  type: MarketEventType;
  /** ISO time of the change. */
  at: string;
  data: MarketEventData;
}

/** What an event says: the tiger, the accounts, the price and the market, as far as the change has them. */
export interface MarketEventData {
  /** The change's own id (a listing's, an offer's, a transaction's), which the event's id is made of. */
  ref: string;
  serial?: number;
  market?: 'paws' | 'hbar';
  price?: string;
  sellerId?: string;
  buyerId?: string;
  /** The account that now holds the tiger (a sale, a move). */
  ownerId?: string;
  transactionId?: string;
  reason?: string;
}

/** An event before the log has given it its sequences: its id makes a repeat of it change nothing. */
export interface NewMarketEvent {
  id: string;
  type: MarketEventType;
  at: string;
  streams: string[];
  data: MarketEventData;
}

/** How long the log keeps an event at least (issue 57: 24 hours); a resume from before then is answered with a reset. */
export const EVENT_RETENTION_MS = 25 * 60 * 60_000;

/** The digits a sequence is written with in a key (zero-padded), so that the keys sort as the numbers do. */
export const SEQ_DIGITS = 12;
/** A sequence as keys carry it: the event's sort key, a notification's id. */
export const seqText = (seq: number): string => String(seq).padStart(SEQ_DIGITS, '0');

export const MARKET_STREAM = 'market';
export const tigerStream = (serial: number): string => `tiger:${serial}`;
export const accountStream = (accountId: string): string => `account:${accountId}`;

const ACCOUNT_ID = /^0\.0\.\d{1,12}$/;
/** The collection's serials run from 1 to 3,333; a stream name beyond is unknown. */
const MAX_SERIAL = 3_333;

/** A stream's name parsed: who may read it. Undefined for a name that is no stream. */
export function parseStream(name: string): { kind: 'market' } | { kind: 'tiger'; serial: number } | { kind: 'account'; accountId: string } | undefined {
  if (name === MARKET_STREAM) return { kind: 'market' };
  const [kind, rest = '', ...more] = name.split(':');
  if (more.length) return undefined;
  if (kind === 'tiger' && /^\d{1,4}$/.test(rest)) {
    const serial = Number(rest);
    return serial >= 1 && serial <= MAX_SERIAL && String(serial) === rest ? { kind: 'tiger', serial } : undefined;
  }
  if (kind === 'account' && ACCOUNT_ID.test(rest)) return { kind: 'account', accountId: rest };
  return undefined;
}

/** The streams an event about a tiger and some accounts goes to: the market's, the tiger's and each account's. */
export function streamsFor(serial: number | undefined, accounts: (string | null | undefined)[]): string[] {
  const streams = [MARKET_STREAM];
  if (serial !== undefined) streams.push(tigerStream(serial));
  for (const account of new Set(accounts)) if (account) streams.push(accountStream(account));
  return streams;
}
