import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '@/server/store/bootstrap';

/** An in-memory DynamoDB-compatible server (dynalite) for store tests. */
export interface MemoryStore {
  doc: DynamoDBDocumentClient;
  /** Where the server listens (http://127.0.0.1:port). */
  endpoint: string;
  /** Creates a fresh table with the app's definition and returns its name. */
  newTable(): Promise<string>;
  stop(): Promise<void>;
}

/** Starts dynalite on a free local port. */
export async function startMemoryStore(): Promise<MemoryStore> {
  const dynalite = createRequire(import.meta.url)('dynalite') as (options: object) => {
    listen(port: number, callback: () => void): void;
    address(): AddressInfo;
    close(callback: () => void): void;
  };
  const server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${server.address().port}`,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  let tables = 0;
  return {
    doc,
    endpoint: `http://127.0.0.1:${server.address().port}`,
    async newTable() {
      const tableName = `test-table-${++tables}`;
      await ensureTable(doc, tableName);
      return tableName;
    },
    async stop() {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
