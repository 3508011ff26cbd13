/**
 * Every key of the one table, in one place: each item's primary key (pk, sk), the index names and
 * the index partitions items are filed under (gsi1: by status or time; gsi2: by account or tiger).
 * Repos build keys only from here, and a feature reads another feature's items through that
 * feature's repo, never by these keys.
 */
import type { IndexName } from './table';

/** The secondary indexes (table.ts): gsi1 files items by status or time, gsi2 by account or tiger. */
export const BY_STATUS_OR_TIME: IndexName = 'gsi1';
export const BY_ACCOUNT_OR_TIGER: IndexName = 'gsi2';

/** The partition key prefix of shared snapshots (the only keys the read-only collection Lambda may write). */
export const SNAPSHOT_KEY_PREFIX = 'SNAPSHOT#';

/** Primary keys, by item. */
export const keys = {
  challenge: (nonce: string) => ({ pk: `CHALLENGE#${nonce}`, sk: 'CHALLENGE' }),
  session: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' }),
  ownersSnapshot: (tokenId: string) => ({ pk: `${SNAPSHOT_KEY_PREFIX}OWNERS#${tokenId}`, sk: 'OWNERS' }),
  ownedCopy: (accountId: string) => ({ pk: `OWNED#${accountId}`, sk: 'NFTS' }),
  profile: (accountId: string) => ({ pk: `PROFILE#${accountId}`, sk: 'PROFILE' }),
  profileView: (accountId: string, day: string, viewer: string) => ({ pk: `PROFILEVIEW#${accountId}#${day}`, sk: viewer }),
  hbarPurchase: (code: string) => ({ pk: `HBARBUY#${code}`, sk: 'PURCHASE' }),
  hbarLatestPurchase: (buyerId: string, tokenId: string, serial: number) => ({ pk: `HBARBUYOF#${buyerId}#${tokenId}#${serial}`, sk: 'LATEST' }),
  hbarPaid: (code: string) => ({ pk: `HBARPAID#${code}`, sk: 'PAID' }),
  pawsListing: (id: string) => ({ pk: `PAWSLISTING#${id}`, sk: 'LISTING' }),
  pawsLock: (tokenId: string, serial: number) => ({ pk: `PAWSLOCK#${tokenId}#${serial}`, sk: 'LOCK' }),
  pawsPending: (id: string) => ({ pk: `PAWSPENDING#${id}`, sk: 'PENDING' }),
  pawsSale: (listingId: string) => ({ pk: `PAWSSALE#${listingId}`, sk: 'SALE' }),
  pawsOffer: (id: string) => ({ pk: `PAWSOFFER#${id}`, sk: 'OFFER' }),
  offerFunds: (buyerId: string) => ({ pk: `PAWSFUNDS#${buyerId}`, sk: 'FUNDS' }),
  /** One event of the PAWS activity timeline (`event` names it: LISTING#<id>#sale, OFFER#<id>#<kind>…). */
  pawsActivity: (event: string) => ({ pk: `${ACTIVITY}#${event}`, sk: 'ACTIVITY' }),
  /** One event of a market stream (`seq` is its zero-padded sequence key), the stream's head, and an event's claim by id. */
  streamEvent: (stream: string, seq: string) => ({ pk: `STREAM#${stream}`, sk: seq }),
  eventStreamHead: (stream: string) => ({ pk: `STREAMHEAD#${stream}`, sk: 'HEAD' }),
  eventClaim: (eventId: string) => ({ pk: `EVENTID#${eventId}`, sk: 'EVENT' }),
  /** A note, written before a change that carries events, of the item that carries them (`at#item#id`), until they are delivered. */
  outboxNote: (note: string) => ({ pk: 'OUTBOX', sk: note }),
  /** What the scheduled job last saw of a market outside the app (SentX's listings and sales), to tell what changed. */
  marketWatch: (name: string) => ({ pk: `MARKETWATCH#${name}`, sk: 'STATE' }),
  /** A holder's watch (their list), and its copy under what it watches (`key`: tiger:12, trait:Background=Blue, tier:Legendary). */
  watch: (accountId: string, watchId: string) => ({ pk: `WATCH#${accountId}`, sk: watchId }),
  watcher: (key: string, accountId: string, watchId: string) => ({ pk: `WATCHERS#${key}`, sk: accountId ? `${accountId}#${watchId}` : '' }),
  /** A browser's Web Push subscription of a holder's (`endpointKey`: a hash of its push service endpoint). */
  pushSubscription: (accountId: string, endpointKey: string) => ({ pk: `PUSHSUB#${accountId}`, sk: endpointKey }),
  /** A holder's notification (`at#id` sorts them by time), and their unread count. */
  inboxItem: (accountId: string, atAndId: string) => ({ pk: `INBOX#${accountId}`, sk: atAndId }),
  /** How far a holder's portfolio has read the ledger, each tiger leg it read, and the scheduled job's place in the market stream. */
  portfolioState: (accountId: string) => ({ pk: `PORTFOLIO#${accountId}`, sk: 'STATE' }),
  portfolioLeg: (accountId: string, leg: string) => ({ pk: `PORTFOLIO#${accountId}`, sk: `LEG#${leg}` }),
  portfolioFollower: () => ({ pk: 'PORTFOLIOJOB', sk: 'FOLLOWED' }),
} as const;

const ACTIVITY = 'PAWSACTIVITY';

/** Index partitions, by what they gather. */
export const partitions = {
  hbarOpenPurchases: 'HBARBUY#open',
  hbarPaidPurchases: 'HBARBUY#paid',
  pawsPendingListings: 'PAWSPENDING',
  pawsListingsIn: (status: string) => `PAWSLISTING#${status}`,
  pawsSales: 'PAWSSALE',
  pawsOffersIn: (status: string) => `PAWSOFFER#${status}`,
  /** The PAWS activity timeline (gsi1), and one tiger's part of it (gsi2). */
  pawsActivity: ACTIVITY,
  tigerActivity: (tokenId: string, serial: number) => `${ACTIVITY}#${tokenId}#${serial}`,
  publicProfiles: 'PROFILE#public',
  /** Portfolios whose reading of the ledger has not reached the end of the account's list. */
  portfoliosReading: 'PORTFOLIO#reading',
  /** A seller's listings and a buyer's purchases and offers (gsi2; the sort key starts with the item kind). */
  seller: (accountId: string) => `SELLER#${accountId}`,
  buyer: (accountId: string) => `BUYER#${accountId}`,
} as const;

/** Sort-key prefixes of the account index (gsi2), one per kind of item filed there. */
export const accountSortPrefix = { pawsListing: 'PAWSLISTING#', pawsSale: 'PAWSSALE#', pawsOffer: 'PAWSOFFER#' } as const;

/** The key attributes of an item, which repos leave out of what they answer. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'] as const;
