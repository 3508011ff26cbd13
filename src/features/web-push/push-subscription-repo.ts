/**
 * A holder's Web Push subscriptions (one per browser that agreed), in the one table under the
 * holder, keyed by a hash of the push service's endpoint: a browser subscribing again replaces its
 * own; a push service's 404 or 410 removes it.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@/platform/store/dynamo-operations';
import { keys } from '@/platform/store/keys';

/** A PushSubscription as the browser's `toJSON()` gives it (W3C Push API). */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Subscriptions one holder keeps at most (their browsers). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

const endpointKey = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

export function createPushSubscriptionRepo(doc: DynamoDBDocumentClient, tableName: string) {
  async function list(accountId: string): Promise<PushSubscriptionJson[]> {
    const items = await queryAll(doc, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.pushSubscription(accountId, '').pk },
    });
    return items.map((item) => ({ endpoint: String(item.endpoint), keys: item.keys as PushSubscriptionJson['keys'] }));
  }
  return {
    list,
    /** Keeps the browser's subscription; answers false when the holder already has MAX_PUSH_SUBSCRIPTIONS others. */
    async put(accountId: string, subscription: PushSubscriptionJson, at: string): Promise<boolean> {
      const kept = await list(accountId);
      if (!kept.some((other) => other.endpoint === subscription.endpoint) && kept.length >= MAX_PUSH_SUBSCRIPTIONS) return false;
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.pushSubscription(accountId, endpointKey(subscription.endpoint)), ...subscription, createdAt: at },
        }),
      );
      return true;
    },
    async remove(accountId: string, endpoint: string): Promise<void> {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.pushSubscription(accountId, endpointKey(endpoint)) }));
    },
  };
}

export type PushSubscriptionRepo = ReturnType<typeof createPushSubscriptionRepo>;
