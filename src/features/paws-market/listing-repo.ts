import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, queryAll } from '@/platform/store/dynamo-operations';
import type { ListingStatus, PawsListing } from './listing';
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { carriedItem, carriedUpdate, createEventOutbox } from '@/features/market-events/event-outbox';
import type { NewMarketEvent } from '@/features/market-events/market-event';
import { listingCreatedEvent, listingLeftEvent, listingSoldEvent } from '@/features/market-stats/trade-events';
import { BY_ACCOUNT_OR_TIGER, BY_STATUS_OR_TIME, accountSortPrefix, keys, partitions } from '@/platform/store/keys';

/** A prepared listing waiting for the seller's allowance approval: the listing's own fields, not yet live. */
export type PendingListing = Omit<PawsListing, 'status' | 'createdAt' | 'updatedAt' | 'approvalTransactionId' | 'claim' | 'sale'> & {
  marketplaceAccountId: string;
  expiresAt: string;
};

export interface PawsSale {
  listingId: string;
  tokenId: string;
  serialNumber: number;
  sellerId: string;
  buyerId: string;
  pawsPrice: string;
  transactionId: string;
  soldAt: string;
}

const listingKey = keys.pawsListing;
const lockKey = keys.pawsLock;
const pendingKey = keys.pawsPending;
const statusIndex = (status: ListingStatus) => partitions.pawsListingsIn(status);
const PENDING_INDEX = partitions.pawsPendingListings;

function toListing(item: Record<string, unknown>): PawsListing {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, outbox: _events, ...listing } = item;
  return listing as unknown as PawsListing;
}

function toPending(item: Record<string, unknown>): PendingListing {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, expiresAt: _ttl, expiresAtIso, ...pending } = item;
  return { ...(pending as Omit<PendingListing, 'expiresAt'>), expiresAt: String(expiresAtIso) };
}

/** PAWS listings, their per-serial locks, pending listings and sales; every guarded write is conditional. */
/** Sales read at most while looking for one tiger's (tigerSales), a page at a time. */
export const SALES_SCANNED_MAX = 2_000;
const SALES_PAGE = 500;

function toSale(item: Record<string, unknown>): PawsSale {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, ...sale } = item;
  return sale as unknown as PawsSale;
}

/** The live market's event for a listing leaving the market other than by a sale. */
const LEAVING_EVENTS = { removed: 'listing-removed', invalid: 'listing-invalidated' } as const;

export function createListingRepo(doc: DynamoDBDocumentClient, tableName: string) {
  // A listing made, sold or taken down carries its live market event in the same conditional write.
  const outbox = createEventOutbox(doc, tableName, createEventLogRepo(doc, tableName));

  async function getListing(id: string): Promise<PawsListing | undefined> {
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: listingKey(id), ConsistentRead: true }));
    return Item ? toListing(Item) : undefined;
  }

  /** The events a move to `to` carries: a sale's, or a leaving one's (read from the listing, whose seller, tiger and price never change). */
  async function eventsOf(id: string, to: ListingStatus, set: Partial<Pick<PawsListing, 'sale'>>, at: string): Promise<NewMarketEvent[]> {
    const leaving = to === 'removed' || to === 'invalid' ? LEAVING_EVENTS[to] : undefined;
    if (!leaving && !(to === 'sold' && set.sale)) return [];
    const listing = await getListing(id);
    if (!listing) return [];
    if (leaving) return [listingLeftEvent(listing, to, leaving, at)];
    const sale = set.sale as NonNullable<PawsListing['sale']>;
    return [listingSoldEvent({ ...listing, listingId: id, buyerId: sale.buyerId, transactionId: sale.transactionId, soldAt: sale.soldAt })];
  }

  return {
    async putPending(pending: PendingListing): Promise<void> {
      const ttl = Math.ceil(Date.parse(pending.expiresAt) / 1000);
      await doc.send(
        new PutCommand({
          TableName: tableName,
          // Indexed by expiry, so the reconciler finds those left behind (gsi1 PAWSPENDING).
          Item: { ...pendingKey(pending.id), ...pending, expiresAt: ttl, expiresAtIso: pending.expiresAt, gsi1pk: PENDING_INDEX, gsi1sk: pending.expiresAt },
        }),
      );
    },

    /** Pending listings that expired by `now` (the seller's completion never came), oldest first; TTL removes them later. */
    async expiredPending(now: number): Promise<PendingListing[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :pending AND gsi1sk <= :now',
        ExpressionAttributeValues: { ':pending': PENDING_INDEX, ':now': new Date(now).toISOString() },
      });
      return items.map(toPending);
    },

    /** The pending listing, or undefined when unknown or expired. */
    async getPending(id: string, now: number): Promise<PendingListing | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: pendingKey(id), ConsistentRead: true }));
      if (!Item || Date.parse(String(Item.expiresAtIso)) <= now) return undefined;
      return toPending(Item);
    },

    async deletePending(id: string): Promise<void> {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: pendingKey(id) }));
    },

    /** Takes the one-active-listing lock of a serial for `listingId`; false when another listing holds it. */
    async takeLock(tokenId: string, serial: number, listingId: string): Promise<boolean> {
      return conditionalWrite(() =>
        doc.send(new PutCommand({ TableName: tableName, Item: { ...lockKey(tokenId, serial), listingId }, ConditionExpression: 'attribute_not_exists(pk)' })),
      );
    },

    /** The listing id holding a serial's lock, if any. */
    async lockHolder(tokenId: string, serial: number): Promise<string | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: lockKey(tokenId, serial), ConsistentRead: true }));
      return Item ? String(Item.listingId) : undefined;
    },

    /** Hands a lock from a dead listing to a new one (conditional on the old holder). */
    async replaceLock(tokenId: string, serial: number, previousListingId: string, listingId: string): Promise<boolean> {
      return conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...lockKey(tokenId, serial), listingId },
            ConditionExpression: 'listingId = :previous',
            ExpressionAttributeValues: { ':previous': previousListingId },
          }),
        ),
      );
    },

    /** Frees a serial's lock if `listingId` still holds it. */
    async releaseLock(tokenId: string, serial: number, listingId: string): Promise<void> {
      await conditionalWrite(() =>
        doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: lockKey(tokenId, serial),
            ConditionExpression: 'listingId = :id',
            ExpressionAttributeValues: { ':id': listingId },
          }),
        ),
      );
    },

    /** Writes a new live listing, which carries its listing-created event (throws when one with its id exists). */
    async putListing(listing: PawsListing): Promise<void> {
      await outbox.change(listingKey(listing.id), async () => {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...listingKey(listing.id),
              ...listing,
              gsi1pk: statusIndex(listing.status),
              gsi1sk: `${listing.createdAt}#${listing.id}`,
              gsi2pk: partitions.seller(listing.sellerId),
              gsi2sk: `${accountSortPrefix.pawsListing}${listing.createdAt}#${listing.id}`,
              ...carriedItem([listingCreatedEvent(listing)]),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      });
    },

    getListing,

    /** Active listings, newest first. */
    async activeListings(): Promise<PawsListing[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :status',
        ExpressionAttributeValues: { ':status': statusIndex('active') },
        ScanIndexForward: false,
      });
      return items.map(toListing);
    },

    /** Listings being bought right now (a buyer's settlement under way). */
    async claimedListings(): Promise<PawsListing[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :status',
        ExpressionAttributeValues: { ':status': statusIndex('claimed') },
      });
      return items.map(toListing);
    },

    /** A seller's listings (every status), newest first. */
    async sellerListings(sellerId: string): Promise<PawsListing[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_ACCOUNT_OR_TIGER,
        KeyConditionExpression: 'gsi2pk = :seller AND begins_with(gsi2sk, :prefix)',
        ExpressionAttributeValues: { ':seller': partitions.seller(sellerId), ':prefix': accountSortPrefix.pawsListing },
        ScanIndexForward: false,
      });
      return items.map(toListing);
    },

    /**
     * Moves a listing from one status to another only if it is still in `from` (and, for a claimed
     * listing, still under `claimId`); `set` adds fields. False when the condition failed.
     */
    async transition(
      id: string,
      from: ListingStatus,
      to: ListingStatus,
      set: Partial<Pick<PawsListing, 'claim' | 'sale'>> = {},
      claimId?: string,
    ): Promise<boolean> {
      const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt', '#gsi1pk': 'gsi1pk' };
      const values: Record<string, unknown> = { ':from': from, ':to': to, ':now': new Date().toISOString(), ':index': statusIndex(to) };
      const assignments = ['#status = :to', '#updatedAt = :now', '#gsi1pk = :index'];
      for (const [field, value] of Object.entries(set)) {
        names[`#${field}`] = field;
        values[`:${field}`] = value;
        assignments.push(`#${field} = :${field}`);
      }
      let condition = '#status = :from';
      if (claimId) {
        names['#claim'] = 'claim';
        names['#claimId'] = 'claimId';
        values[':claimId'] = claimId;
        condition += ' AND #claim.#claimId = :claimId';
      }
      const carried = await eventsOf(id, to, set, String(values[':now']));
      if (carried.length) {
        const carry = carriedUpdate(carried);
        Object.assign(names, carry.names);
        Object.assign(values, carry.values);
        assignments.push(carry.set);
      }
      const write = () =>
        conditionalWrite(() =>
          doc.send(
            new UpdateCommand({
              TableName: tableName,
              Key: listingKey(id),
              UpdateExpression: `SET ${assignments.join(', ')}`,
              ConditionExpression: `attribute_exists(pk) AND ${condition}`,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            }),
          ),
        );
      return carried.length ? outbox.change(listingKey(id), write) : write();
    },

    async putSale(sale: PawsSale): Promise<void> {
      await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.pawsSale(sale.listingId),
              ...sale,
              gsi1pk: partitions.pawsSales,
              gsi1sk: `${sale.soldAt}#${sale.listingId}`,
              gsi2pk: partitions.buyer(sale.buyerId),
              gsi2sk: `${accountSortPrefix.pawsSale}${sale.soldAt}`,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },

    /** Every listing sold since `since` (ISO), for the market figures. */
    async salesSince(since: string): Promise<{ price: number; at: string; sellerId: string }[]> {
      const sales = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :index AND gsi1sk >= :since',
        ExpressionAttributeValues: { ':index': partitions.pawsSales, ':since': since },
      });
      return sales.map((sale) => ({ price: Number(sale.pawsPrice), at: String(sale.soldAt), sellerId: String(sale.sellerId) }));
    },

    /**
     * One tiger's last listing sales, newest first: the sales index read a page at a time, filtered to
     * the serial, within its newest SALES_SCANNED_MAX sales (the recent history is enough for 'last
     * sales', and a request never reads the whole table).
     */
    async tigerSales(tokenId: string, serial: number, limit: number): Promise<PawsSale[]> {
      const found: PawsSale[] = [];
      let scanned = 0;
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: BY_STATUS_OR_TIME,
            KeyConditionExpression: 'gsi1pk = :sales',
            FilterExpression: '#token = :token AND #serial = :serial',
            ExpressionAttributeNames: { '#token': 'tokenId', '#serial': 'serialNumber' },
            ExpressionAttributeValues: { ':sales': partitions.pawsSales, ':token': tokenId, ':serial': serial },
            ScanIndexForward: false,
            Limit: Math.min(SALES_PAGE, SALES_SCANNED_MAX - scanned),
            ExclusiveStartKey,
          }),
        );
        scanned += page.ScannedCount ?? SALES_PAGE;
        for (const item of page.Items ?? []) found.push(toSale(item));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey && found.length < limit && scanned < SALES_SCANNED_MAX);
      return found.slice(0, limit);
    },
  };
}

export type ListingRepo = ReturnType<typeof createListingRepo>;
