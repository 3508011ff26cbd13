/**
 * A holder's watches in the one table: each under the holder (their list), and a copy under its
 * watch key (the alerts' lookup: who watches this tiger, trait or tier). Single-item writes: the
 * lookup's copy is written first and removed last, and an alert checks the watch itself, so a copy
 * left by a failed write never alerts.
 */
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@/platform/store/dynamo-operations';
import { keys } from '@/platform/store/keys';
import { type Watch, watchKey } from './watch-rules';

/** A watcher of a key, as the alerts read it. */
export interface Watcher {
  accountId: string;
  watchId: string;
}

function toWatch(item: Record<string, unknown>): Watch {
  return {
    id: String(item.id),
    kind: item.kind as Watch['kind'],
    target: String(item.target),
    under: (item.under as Watch['under']) ?? null,
    createdAt: String(item.createdAt),
  };
}

export function createWatchlistRepo(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    async list(accountId: string): Promise<Watch[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.watch(accountId, '').pk },
        ConsistentRead: true,
      });
      return items.map(toWatch).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    async get(accountId: string, watchId: string): Promise<Watch | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: keys.watch(accountId, watchId), ConsistentRead: true }));
      return Item ? toWatch(Item) : undefined;
    },

    /** Keeps a watch (a repeat of its id replaces it) and files it under its key. */
    async put(accountId: string, watch: Watch): Promise<void> {
      const key = watchKey(watch.kind, watch.target);
      await doc.send(new PutCommand({ TableName: tableName, Item: { ...keys.watcher(key, accountId, watch.id), accountId, watchId: watch.id } }));
      await doc.send(new PutCommand({ TableName: tableName, Item: { ...keys.watch(accountId, watch.id), ...watch } }));
    },

    /** Removes the holder's watch (nothing when it is not theirs or gone). */
    async remove(accountId: string, watchId: string): Promise<boolean> {
      const { Attributes } = await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.watch(accountId, watchId), ReturnValues: 'ALL_OLD' }));
      if (!Attributes) return false;
      const watch = toWatch(Attributes);
      await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.watcher(watchKey(watch.kind, watch.target), accountId, watch.id) }));
      return true;
    },

    /** Who watches `key` (a tiger, trait or tier): the copies filed under it. */
    async watchersOf(key: string): Promise<Watcher[]> {
      const page = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.watcher(key, '', '').pk },
          ConsistentRead: true,
        }),
      );
      return (page.Items ?? []).map((item) => ({ accountId: String(item.accountId), watchId: String(item.watchId) }));
    },
  };
}

export type WatchlistRepo = ReturnType<typeof createWatchlistRepo>;
