import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, queryAll } from '@/platform/store/dynamo-operations';
import { BY_STATUS_OR_TIME, keys, partitions } from '@/platform/store/keys';
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { carriedItem, createEventOutbox } from '@/features/market-events/event-outbox';
import { type NewMarketEvent, streamsFor } from '@/features/market-events/market-event';

/** What a purchase's transaction moves of HBAR: each account's net tinybars (decimal text), and who pays its network fee. */
export interface HbarMoves {
  payerId: string;
  transfers: { accountId: string; tinybars: string }[];
}

/** A purchase the app prepared with the market: who started it and which transaction settles it. */
export interface PurchaseRecord {
  saleVerificationCode: string;
  buyerId: string;
  /** The id frozen into the purchase transaction (SDK form): the ledger settles the purchase under it. */
  transactionId: string;
  /** The frozen transaction (base64) the buyer signs; handed out again while the purchase is in progress. */
  transBytes: string;
  tokenId: string;
  serial: number;
  /** The account the tiger comes from, as the checked transaction says (absent on purchases prepared before it was kept). */
  sellerId?: string;
  /** Its HBAR transfers, as the checked transaction says (absent on purchases prepared before they were kept). */
  hbar?: HbarMoves;
  price: string;
  createdAt: string;
  expiresAt: string;
  /** When the market confirmed the sale. */
  completedAt?: string;
}

/** A purchase whose payment the ledger settled, as the consensus nodes' receipt said: shown before the market and the mirror show it. */
export interface PaidPurchase {
  serial: number;
  buyerId: string;
  /** Null when the purchase did not keep it. */
  sellerId: string | null;
  /** HBAR as text. */
  price: string;
  /** Null when the purchase did not keep them. */
  hbar: HbarMoves | null;
  transactionId: string;
  /** When the app saw the receipt (ISO). */
  at: string;
}

export interface LatestPurchase {
  code: string | null;
  purchase?: PurchaseRecord;
}

export interface PurchaseRepo {
  /** Records a prepared purchase; false when the code already belongs to another buyer. */
  putPurchase(purchase: PurchaseRecord): Promise<boolean>;
  /** The purchase, or undefined when unknown or expired. */
  getPurchase(saleVerificationCode: string, now: number): Promise<PurchaseRecord | undefined>;
  /**
   * The buyer's latest purchase of a serial: its code (null when there never was one) and the
   * purchase itself unless it expired.
   */
  latestPurchase(buyerId: string, tokenId: string, serial: number, now: number): Promise<LatestPurchase>;
  /**
   * Makes `purchase` the buyer's latest of its serial, if the latest is still `previousCode` (as
   * latestPurchase read it); false when another preparation got there first.
   */
  setLatest(purchase: PurchaseRecord, previousCode: string | null): Promise<boolean>;
  /** Marks the purchase completed (the market confirmed the sale). */
  markCompleted(saleVerificationCode: string, at: string): Promise<void>;
  /** Records that the ledger settled the purchase's payment (its receipt said SUCCESS), once. */
  markPaid(purchase: PurchaseRecord, at: string): Promise<void>;
}

/** The purchases paid lately, for the pages of other viewers (gsi1, by the time the receipt was seen). */
export interface PaidPurchases {
  /** Purchases paid at or after `since` (ISO), oldest first. */
  paidSince(since: string): Promise<PaidPurchase[]>;
}

/** Purchases not completed yet, found by the reconciler (gsi1, by creation); completing or closing one takes it out. */
export interface OpenPurchases {
  /** Purchases prepared before `before` (ISO) and neither completed nor closed, oldest first (expired ones included). */
  openPurchases(before: string): Promise<PurchaseRecord[]>;
  /** Takes a purchase the ledger failed or expired out of the open ones (it stays readable until its TTL). */
  close(saleVerificationCode: string): Promise<void>;
}

const OPEN_INDEX = partitions.hbarOpenPurchases;
const PAID_INDEX = partitions.hbarPaidPurchases;
/** How long a paid mark is kept: far longer than the mirror node and the market take to show the sale. */
const PAID_KEPT_MS = 30 * 60_000;
const purchaseKey = keys.hbarPurchase;
const latestKey = keys.hbarLatestPurchase;
const ttl = (iso: string) => Math.ceil(Date.parse(iso) / 1000);

/** A stored HbarMoves, or null when the item has none (or not in that shape). */
function hbarMoves(value: unknown): HbarMoves | null {
  const moves = value as Partial<HbarMoves> | undefined;
  if (typeof moves?.payerId !== 'string' || !Array.isArray(moves.transfers)) return null;
  const transfers = moves.transfers.filter((entry) => typeof entry?.accountId === 'string' && /^-?\d+$/.test(String(entry?.tinybars)));
  return { payerId: moves.payerId, transfers: transfers.map(({ accountId, tinybars }) => ({ accountId, tinybars: String(tinybars) })) };
}

function toPurchase(item: Record<string, unknown>): PurchaseRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, expiresAt: _ttl, expiresAtIso, ...purchase } = item;
  return { ...(purchase as Omit<PurchaseRecord, 'expiresAt'>), expiresAt: String(expiresAtIso) };
}

/** Purchase records in the app's table (DynamoDB TTL on `expiresAt`, epoch seconds). */
export function createPurchaseRepo(doc: DynamoDBDocumentClient, tableName: string): PurchaseRepo & OpenPurchases & PaidPurchases {
  const outbox = createEventOutbox(doc, tableName, createEventLogRepo(doc, tableName));
  async function getPurchase(code: string, now: number): Promise<PurchaseRecord | undefined> {
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: purchaseKey(code), ConsistentRead: true }));
    if (!Item || Date.parse(String(Item.expiresAtIso)) <= now) return undefined;
    return toPurchase(Item);
  }

  return {
    putPurchase(purchase) {
      return conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...purchaseKey(purchase.saleVerificationCode),
              ...purchase,
              expiresAt: ttl(purchase.expiresAt),
              expiresAtIso: purchase.expiresAt,
              ...(purchase.completedAt ? {} : { gsi1pk: OPEN_INDEX, gsi1sk: `${purchase.createdAt}#${purchase.saleVerificationCode}` }),
            },
            ConditionExpression: 'attribute_not_exists(pk) OR buyerId = :buyer',
            ExpressionAttributeValues: { ':buyer': purchase.buyerId },
          }),
        ),
      );
    },

    getPurchase,

    async latestPurchase(buyerId, tokenId, serial, now) {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: latestKey(buyerId, tokenId, serial), ConsistentRead: true }));
      if (typeof Item?.saleVerificationCode !== 'string') return { code: null };
      const purchase = await getPurchase(Item.saleVerificationCode, now);
      return purchase ? { code: Item.saleVerificationCode, purchase } : { code: Item.saleVerificationCode };
    },

    setLatest(purchase, previousCode) {
      return conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...latestKey(purchase.buyerId, purchase.tokenId, purchase.serial),
              saleVerificationCode: purchase.saleVerificationCode,
              expiresAt: ttl(purchase.expiresAt),
            },
            ...(previousCode === null
              ? { ConditionExpression: 'attribute_not_exists(pk)' }
              : { ConditionExpression: 'saleVerificationCode = :previous', ExpressionAttributeValues: { ':previous': previousCode } }),
          }),
        ),
      );
    },

    async markCompleted(code, at) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: purchaseKey(code),
          UpdateExpression: 'SET completedAt = if_not_exists(completedAt, :at) REMOVE gsi1pk, gsi1sk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    },

    async markPaid(purchase, at) {
      const paid: PaidPurchase = {
        serial: purchase.serial,
        buyerId: purchase.buyerId,
        sellerId: purchase.sellerId ?? null,
        price: purchase.price,
        hbar: purchase.hbar ?? null,
        transactionId: purchase.transactionId,
        at,
      };
      // The live market's sale, on the HBAR market, once by its verification code: carried by the paid record itself.
      const sale: NewMarketEvent = {
        id: `HBARPAID#${purchase.saleVerificationCode}`,
        type: 'sale',
        at,
        streams: streamsFor(purchase.serial, [purchase.sellerId, purchase.buyerId]),
        data: {
          ref: purchase.saleVerificationCode,
          serial: purchase.serial,
          market: 'hbar',
          price: purchase.price,
          buyerId: purchase.buyerId,
          ownerId: purchase.buyerId,
          ...(purchase.sellerId ? { sellerId: purchase.sellerId } : {}),
          transactionId: purchase.transactionId,
        },
      };
      const paidKey = keys.hbarPaid(purchase.saleVerificationCode);
      await outbox.change(paidKey, () =>
        conditionalWrite(() =>
          doc.send(
            new PutCommand({
              TableName: tableName,
              Item: {
                ...paidKey,
                ...paid,
                gsi1pk: PAID_INDEX,
                gsi1sk: `${at}#${purchase.saleVerificationCode}`,
                expiresAt: Math.ceil((Date.parse(at) + PAID_KEPT_MS) / 1000),
                ...carriedItem([sale]),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          ),
        ),
      );
    },

    async paidSince(since) {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :paid AND gsi1sk >= :since',
        ExpressionAttributeValues: { ':paid': PAID_INDEX, ':since': since },
      });
      return items.map((item) => ({
        serial: Number(item.serial),
        buyerId: String(item.buyerId),
        sellerId: typeof item.sellerId === 'string' ? item.sellerId : null,
        price: String(item.price),
        hbar: hbarMoves(item.hbar),
        transactionId: String(item.transactionId),
        at: String(item.at),
      }));
    },

    async openPurchases(before) {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :open AND gsi1sk < :before',
        ExpressionAttributeValues: { ':open': OPEN_INDEX, ':before': before },
      });
      return items.map(toPurchase);
    },

    async close(code) {
      await conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: purchaseKey(code),
            UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
            ConditionExpression: 'attribute_exists(pk)',
          }),
        ),
      );
    },
  };
}
