/** The two DynamoDB patterns every store repeats: a conditional write, and a query over all its pages. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/** True when DynamoDB refused a write because its condition did not hold. */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException;
}

/** Runs a conditional write: true when it was applied, false when its condition did not hold. */
export async function conditionalWrite(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Runs a query page after page and concatenates the items; with `limit`, stops once that many are read. */
export async function queryAll(doc: DynamoDBDocumentClient, input: QueryCommandInput, limit?: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey, ...(limit ? { Limit: limit - items.length } : {}) }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && (!limit || items.length < limit));
  return items;
}
