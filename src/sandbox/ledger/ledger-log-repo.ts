/** The sandbox ledger log in the app's single DynamoDB table (dynalite locally). */
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, queryAll } from '@/platform/store/dynamo-operations';
import type { LedgerLog, LedgerLogEntry } from './ledger-log';

export const SANDBOX_LEDGER_PK = 'SANDBOX#LEDGER';

/** Sort key of a log entry; zero-padded so string order is numeric order. */
export function sandboxLedgerSk(seq: number): string {
  return `SEQ#${String(seq).padStart(12, '0')}`;
}

export function createDynamoLedgerLog(options: { doc: DynamoDBDocumentClient; tableName: string }): LedgerLog {
  const { doc, tableName } = options;
  return {
    async readAfter(seq) {
      const items = await queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk > :sk',
        ExpressionAttributeValues: { ':pk': SANDBOX_LEDGER_PK, ':sk': sandboxLedgerSk(seq) },
        ConsistentRead: true,
      });
      return items.map(toEntry);
    },
    append(entry) {
      return conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { pk: SANDBOX_LEDGER_PK, sk: sandboxLedgerSk(entry.seq), ...entry },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },
  };
}

function toEntry(item: Record<string, unknown>): LedgerLogEntry {
  return {
    seq: Number(item.seq),
    transactionId: String(item.transactionId),
    type: item.type as LedgerLogEntry['type'],
    bytes: String(item.bytes),
    consensusTimestamp: String(item.consensusTimestamp),
    ...(typeof item.visibleAt === 'number' ? { visibleAt: item.visibleAt } : {}),
    status: 'SUCCESS',
  };
}
