import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '../../server/store/dynamo-operations';

/** A purchase the app prepared with the market: who started it and which transaction settles it. */
export interface PurchaseRecord {
  saleVerificationCode: string;
  buyerId: string;
  transactionId: string;
  tokenId: string;
  serial: number;
  price: string;
  createdAt: string;
  expiresAt: string;
}

export interface PurchaseRepo {
  /** Records a prepared purchase; false when the code already belongs to another buyer. */
  putPurchase(purchase: PurchaseRecord): Promise<boolean>;
  /** The purchase, or undefined when unknown or expired. */
  getPurchase(saleVerificationCode: string, now: number): Promise<PurchaseRecord | undefined>;
}

const purchaseKey = (code: string) => ({ pk: `HBARBUY#${code}`, sk: 'PURCHASE' });

/** Purchase records in the app's table (DynamoDB TTL on `expiresAt`, epoch seconds). */
export function createPurchaseRepo(doc: DynamoDBDocumentClient, tableName: string): PurchaseRepo {
  return {
    putPurchase(purchase) {
      return conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...purchaseKey(purchase.saleVerificationCode),
              ...purchase,
              expiresAt: Math.ceil(Date.parse(purchase.expiresAt) / 1000),
              expiresAtIso: purchase.expiresAt,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR buyerId = :buyer',
            ExpressionAttributeValues: { ':buyer': purchase.buyerId },
          }),
        ),
      );
    },

    async getPurchase(code, now) {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: purchaseKey(code), ConsistentRead: true }));
      if (!Item || Date.parse(String(Item.expiresAtIso)) <= now) return undefined;
      const { pk: _pk, sk: _sk, expiresAt: _ttl, expiresAtIso, ...purchase } = Item;
      return { ...(purchase as Omit<PurchaseRecord, 'expiresAt'>), expiresAt: String(expiresAtIso) };
    },
  };
}
