/**
 * The sandbox market's own records in the app's table: its listings, its sales, the buys it
 * prepared (pending sales) and its seeding marker. Every guarded write is conditional.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, queryAll } from '@/platform/store/dynamo-operations';

export interface MarketListing {
  listingId: number;
  tokenId: string;
  serial: number;
  sellerId: string;
  /** HBAR. */
  salePrice: number;
  listingDate: string;
  status: 'active' | 'sold';
  soldAt: string | null;
  buyerId: string | null;
}

export interface MarketSale {
  saleId: string;
  tokenId: string;
  serial: number;
  sellerId: string;
  buyerId: string;
  /** HBAR. */
  salePrice: number;
  saleDate: string;
  /** Null for the seeded history. */
  transactionId: string | null;
}

/** A buy the market prepared: the frozen, market-signed transaction waiting for the buyer. */
export interface PendingSale {
  saleVerificationCode: string;
  listingId: number;
  tokenId: string;
  serial: number;
  sellerId: string;
  buyerId: string;
  salePrice: number;
  /** SDK form. */
  transactionId: string;
  /** Base64. */
  transBytes: string;
  /** Until then the same buyer asking again for the same listing gets this sale back. */
  reuseUntil: string;
  /** Kept this long so a late completion still finds it. */
  expiresAt: string;
}

const SEED_KEY = { pk: 'SXMARKET#SEED', sk: 'SEED' };
const LISTINGS_INDEX = 'SXLISTING';
const SALES_INDEX = 'SXSALE';
const listingKey = (listingId: number) => ({ pk: `SXLISTING#${listingId}`, sk: 'LISTING' });
const saleKey = (saleId: string) => ({ pk: `SXSALE#${saleId}`, sk: 'SALE' });
const pendingKey = (code: string) => ({ pk: `SXPENDING#${code}`, sk: 'PENDING' });
const slotKey = (listingId: number, buyerId: string) => ({ pk: `SXPENDINGBY#${listingId}#${buyerId}`, sk: 'SLOT' });

const epochSeconds = (iso: string) => Math.ceil(Date.parse(iso) / 1000);

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _gs, ...rest } = item;
  return rest as T;
}

export function createSandboxMarketRepo(doc: DynamoDBDocumentClient, tableName: string) {
  /** One index partition, newest first (at most `limit` items when given). */
  function queryIndex(partition: string, limit?: number): Promise<Record<string, unknown>[]> {
    const input = {
      TableName: tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :partition',
      ExpressionAttributeValues: { ':partition': partition },
      ScanIndexForward: false,
    };
    return queryAll(doc, input, limit);
  }

  return {
    /** When the market was first opened (set once) and whether its seeding finished. */
    async seedState(now: number): Promise<{ anchorMs: number; complete: boolean }> {
      await conditionalWrite(() =>
        doc.send(
          new PutCommand({ TableName: tableName, Item: { ...SEED_KEY, anchorMs: now, complete: false }, ConditionExpression: 'attribute_not_exists(pk)' }),
        ),
      );
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: SEED_KEY, ConsistentRead: true }));
      return { anchorMs: Number(Item?.anchorMs ?? now), complete: Item?.complete === true };
    },

    async markSeeded(): Promise<void> {
      await doc.send(
        new UpdateCommand({ TableName: tableName, Key: SEED_KEY, UpdateExpression: 'SET complete = :done', ExpressionAttributeValues: { ':done': true } }),
      );
    },

    /** Writes a listing unless it exists (a sold listing is never re-created). */
    async putListing(listing: MarketListing): Promise<void> {
      await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...listingKey(listing.listingId), ...listing, gsi1pk: LISTINGS_INDEX, gsi1sk: `${listing.listingDate}#${listing.listingId}` },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },

    /** Every listing, active and sold, newest first. */
    async listings(): Promise<MarketListing[]> {
      return (await queryIndex(LISTINGS_INDEX)).map((item) => strip<MarketListing>(item));
    },

    /** Marks an active listing sold; false when it was not active any more. */
    async markSold(listingId: number, sale: { buyerId: string; soldAt: string }): Promise<boolean> {
      return conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: listingKey(listingId),
            UpdateExpression: 'SET #status = :sold, soldAt = :soldAt, buyerId = :buyerId',
            ConditionExpression: 'attribute_exists(pk) AND #status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':sold': 'sold', ':active': 'active', ':soldAt': sale.soldAt, ':buyerId': sale.buyerId },
          }),
        ),
      );
    },

    /** Records a sale once (by its id). */
    async putSale(sale: MarketSale): Promise<void> {
      await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...saleKey(sale.saleId), ...sale, gsi1pk: SALES_INDEX, gsi1sk: `${sale.saleDate}#${sale.saleId}` },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },

    /** Sales, newest first; all of them without a limit. */
    async sales(limit?: number): Promise<MarketSale[]> {
      return (await queryIndex(SALES_INDEX, limit)).map((item) => strip<MarketSale>(item));
    },

    async putPending(pending: PendingSale): Promise<void> {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...pendingKey(pending.saleVerificationCode), ...pending, expiresAt: epochSeconds(pending.expiresAt), expiresAtIso: pending.expiresAt },
        }),
      );
    },

    /** The pending sale, or undefined when unknown or expired. */
    async getPending(code: string, now: number): Promise<PendingSale | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: pendingKey(code), ConsistentRead: true }));
      if (!Item || Date.parse(String(Item.expiresAtIso)) <= now) return undefined;
      const { expiresAt: _ttl, expiresAtIso, ...pending } = strip<Record<string, unknown>>(Item);
      return { ...(pending as Omit<PendingSale, 'expiresAt'>), expiresAt: String(expiresAtIso) };
    },

    /** The code of the buyer's reusable pending sale for a listing, if one is still reusable. */
    async reusableCode(listingId: number, buyerId: string, now: number): Promise<string | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: slotKey(listingId, buyerId), ConsistentRead: true }));
      return Item && Number(Item.reuseUntilMs) > now ? String(Item.code) : undefined;
    },

    /**
     * Makes `pending` the buyer's reusable sale for its listing unless another one still is;
     * returns the code that holds the slot (so racing requests all answer with one sale).
     */
    async claimReuse(pending: PendingSale, now: number): Promise<string> {
      const key = slotKey(pending.listingId, pending.buyerId);
      const claimed = await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key, code: pending.saleVerificationCode, reuseUntilMs: Date.parse(pending.reuseUntil), expiresAt: epochSeconds(pending.expiresAt) },
            ConditionExpression: 'attribute_not_exists(pk) OR reuseUntilMs <= :now',
            ExpressionAttributeValues: { ':now': now },
          }),
        ),
      );
      if (claimed) return pending.saleVerificationCode;
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
      return Item ? String(Item.code) : pending.saleVerificationCode;
    },
  };
}

export type SandboxMarketRepo = ReturnType<typeof createSandboxMarketRepo>;
