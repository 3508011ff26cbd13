import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableInput } from '@/platform/store/table';

/** Creates the table from the shared definition when it does not exist yet, and waits until it is ACTIVE. */
export async function ensureTable(doc: DynamoDBDocumentClient, tableName: string): Promise<void> {
  try {
    await doc.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await doc.send(new CreateTableCommand(createTableInput(tableName)));
  }
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { Table } = await doc.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`Table ${tableName} did not become ACTIVE`);
}

/** True when the store answers for the table (health check). */
export async function storeIsReachable(doc: DynamoDBDocumentClient, tableName: string): Promise<boolean> {
  try {
    const { Table } = await doc.send(new DescribeTableCommand({ TableName: tableName }));
    return Table?.TableStatus === 'ACTIVE';
  } catch {
    return false;
  }
}
