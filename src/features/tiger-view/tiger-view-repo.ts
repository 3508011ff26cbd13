import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TigerPawsSale } from './tiger-view-rules';

/**
 * PAWS sales of the marketplace read per page of the sales index while looking for one tiger's:
 * the recent history is enough for "last sales", and a request never reads the whole table.
 */
export const SALES_SCANNED_MAX = 2_000;
const PAGE = 500;

/**
 * One tiger's PAWS sales from the table: listings bought (PAWSSALE items, gsi1 by date, filtered
 * to the serial within the newest SALES_SCANNED_MAX sales) and offers accepted (PAWSACTIVITY items,
 * gsi2 per tiger). Read-only.
 */
export function createTigerViewRepo(doc: DynamoDBDocumentClient, tableName: string) {
  async function listingSales(tokenId: string, serial: number, limit: number): Promise<TigerPawsSale[]> {
    const found: TigerPawsSale[] = [];
    let scanned = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :sales',
          FilterExpression: '#token = :token AND #serial = :serial',
          ExpressionAttributeNames: { '#token': 'tokenId', '#serial': 'serialNumber' },
          ExpressionAttributeValues: { ':sales': 'PAWSSALE', ':token': tokenId, ':serial': serial },
          ScanIndexForward: false,
          Limit: Math.min(PAGE, SALES_SCANNED_MAX - scanned),
          ExclusiveStartKey,
        }),
      );
      scanned += page.ScannedCount ?? PAGE;
      for (const item of page.Items ?? []) {
        found.push({
          kind: 'listing',
          pawsPrice: String(item.pawsPrice),
          soldAt: String(item.soldAt),
          sellerId: String(item.sellerId),
          buyerId: String(item.buyerId),
          transactionId: String(item.transactionId),
        });
      }
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey && found.length < limit && scanned < SALES_SCANNED_MAX);
    return found.slice(0, limit);
  }

  async function offerSales(tokenId: string, serial: number, limit: number): Promise<TigerPawsSale[]> {
    const page = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :tiger',
        FilterExpression: '#kind = :accepted',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':tiger': `PAWSACTIVITY#${tokenId}#${serial}`, ':accepted': 'offer-accepted' },
        ScanIndexForward: false,
        Limit: PAGE,
      }),
    );
    return (page.Items ?? []).slice(0, limit).map((item) => ({
      kind: 'offer' as const,
      pawsPrice: String(item.pawsAmount),
      soldAt: String(item.at),
      sellerId: String(item.sellerId),
      buyerId: String(item.buyerId),
      transactionId: String(item.transactionId),
    }));
  }

  return {
    /** The tiger's last `limit` PAWS sales of both kinds, newest first. */
    async sales(tokenId: string, serial: number, limit: number): Promise<TigerPawsSale[]> {
      const [bought, accepted] = await Promise.all([listingSales(tokenId, serial, limit), offerSales(tokenId, serial, limit)]);
      return [...bought, ...accepted].sort((a, b) => b.soldAt.localeCompare(a.soldAt)).slice(0, limit);
    },
  };
}

export type TigerViewRepo = ReturnType<typeof createTigerViewRepo>;
