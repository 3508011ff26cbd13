import { type BatchGetCommandOutput, type DynamoDBDocumentClient, PutCommand, BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '@/platform/store/dynamo-operations';
import { keys } from '@/platform/store/keys';

/** What an offer maker's PAWS were when last read from the ledger: their balance and the marketplace's allowance (smallest units). */
export interface StoredFunds {
  buyerId: string;
  available: bigint;
  allowance: bigint;
  /** When it was read (ms since the epoch). */
  checkedAt: number;
}

const fundsKey = keys.offerFunds;
/** BatchGetItem's limit of keys per request. */
const BATCH_KEYS = 100;

function toFunds(item: Record<string, unknown>): StoredFunds {
  return {
    buyerId: String(item.buyerId),
    available: BigInt(String(item.available)),
    allowance: BigInt(String(item.allowance)),
    checkedAt: Number(item.checkedAt),
  };
}

/**
 * Offer makers' PAWS as last read from the ledger, one item per maker: written by the funding job,
 * by making an offer and by accepting one (each from its own read), and read by page views, which
 * then make no ledger read per maker. A read never overwrites a later one.
 */
export function createOfferFundsRepo(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    /** The stored funds of these makers (those never read are absent), by maker. */
    async getMany(buyerIds: readonly string[]): Promise<Map<string, StoredFunds>> {
      const found = new Map<string, StoredFunds>();
      const unique = [...new Set(buyerIds)];
      for (let start = 0; start < unique.length; start += BATCH_KEYS) {
        let keys: Record<string, unknown>[] | undefined = unique.slice(start, start + BATCH_KEYS).map(fundsKey);
        while (keys?.length) {
          const answer: BatchGetCommandOutput = await doc.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }));
          for (const item of answer.Responses?.[tableName] ?? []) found.set(String(item.buyerId), toFunds(item));
          keys = answer.UnprocessedKeys?.[tableName]?.Keys;
        }
      }
      return found;
    },

    /** Stores a read of a maker's funds unless a later read is stored already; false then. */
    async put(funds: StoredFunds): Promise<boolean> {
      return conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...fundsKey(funds.buyerId),
              buyerId: funds.buyerId,
              available: funds.available.toString(),
              allowance: funds.allowance.toString(),
              checkedAt: funds.checkedAt,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR #checkedAt <= :checkedAt',
            ExpressionAttributeNames: { '#checkedAt': 'checkedAt' },
            ExpressionAttributeValues: { ':checkedAt': funds.checkedAt },
          }),
        ),
      );
    },
  };
}

export type OfferFundsRepo = ReturnType<typeof createOfferFundsRepo>;
