import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, queryAll } from '../../server/store/dynamo-operations';
import type { ListingStatus, PawsListing } from './listing';

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

const listingKey = (id: string) => ({ pk: `PAWSLISTING#${id}`, sk: 'LISTING' });
const lockKey = (tokenId: string, serial: number) => ({ pk: `PAWSLOCK#${tokenId}#${serial}`, sk: 'LOCK' });
const pendingKey = (id: string) => ({ pk: `PAWSPENDING#${id}`, sk: 'PENDING' });
const statusIndex = (status: ListingStatus) => `PAWSLISTING#${status}`;
const PENDING_INDEX = 'PAWSPENDING';

function toListing(item: Record<string, unknown>): PawsListing {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, ...listing } = item;
  return listing as unknown as PawsListing;
}

function toPending(item: Record<string, unknown>): PendingListing {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, expiresAt: _ttl, expiresAtIso, ...pending } = item;
  return { ...(pending as Omit<PendingListing, 'expiresAt'>), expiresAt: String(expiresAtIso) };
}

/** PAWS listings, their per-serial locks, pending listings and sales; every guarded write is conditional. */
export function createListingRepo(doc: DynamoDBDocumentClient, tableName: string) {
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
        IndexName: 'gsi1',
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

    async putListing(listing: PawsListing): Promise<void> {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...listingKey(listing.id),
            ...listing,
            gsi1pk: statusIndex(listing.status),
            gsi1sk: `${listing.createdAt}#${listing.id}`,
            gsi2pk: `SELLER#${listing.sellerId}`,
            gsi2sk: `PAWSLISTING#${listing.createdAt}#${listing.id}`,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async getListing(id: string): Promise<PawsListing | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: listingKey(id), ConsistentRead: true }));
      return Item ? toListing(Item) : undefined;
    },

    /** Active listings, newest first. */
    async activeListings(): Promise<PawsListing[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: 'gsi1',
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
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :status',
        ExpressionAttributeValues: { ':status': statusIndex('claimed') },
      });
      return items.map(toListing);
    },

    /** A seller's listings (every status), newest first. */
    async sellerListings(sellerId: string): Promise<PawsListing[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :seller AND begins_with(gsi2sk, :prefix)',
        ExpressionAttributeValues: { ':seller': `SELLER#${sellerId}`, ':prefix': 'PAWSLISTING#' },
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
      return conditionalWrite(() =>
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
    },

    async putSale(sale: PawsSale): Promise<void> {
      await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              pk: `PAWSSALE#${sale.listingId}`,
              sk: 'SALE',
              ...sale,
              gsi1pk: 'PAWSSALE',
              gsi1sk: `${sale.soldAt}#${sale.listingId}`,
              gsi2pk: `BUYER#${sale.buyerId}`,
              gsi2sk: `PAWSSALE#${sale.soldAt}`,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },
  };
}

export type ListingRepo = ReturnType<typeof createListingRepo>;
