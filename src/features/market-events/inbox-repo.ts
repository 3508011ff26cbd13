/**
 * A holder's inbox in the one table (issue 57, item 4): a notification per event of their own
 * stream that is news to them (inbox-rules.ts), filed under the account by that stream's sequence
 * (so newest first, and a repeat of an event writes nothing), kept INBOX_RETENTION_MS, read or unread.
 */
import { type DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '@/platform/store/dynamo-operations';
import { keys } from '@/platform/store/keys';
import { INBOX_PAGE, type Notification, noticeFor } from './inbox-rules';
import { type MarketEvent, seqText } from './market-event';

/** How long a notification is kept. */
export const INBOX_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** The inbox over one table; `now` is the clock its retention counts by. */
export function createInboxRepo(doc: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now) {
  const live = (item: Record<string, unknown>) => typeof item.expiresAt !== 'number' || item.expiresAt * 1000 > now();

  return {
    /** Files the notice `accountId` gets for an event of their own stream; nothing when it is no news to them, or already filed. */
    async record(accountId: string, event: MarketEvent): Promise<void> {
      const notice = noticeFor(event, accountId);
      if (!notice) return;
      await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.inboxItem(accountId, seqText(event.seq)),
              ...notice,
              type: event.type,
              at: event.at,
              serial: event.data.serial ?? null,
              read: false,
              expiresAt: Math.floor((now() + INBOX_RETENTION_MS) / 1000),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },

    /** The holder's newest notifications and how many of them are unread. */
    async list(accountId: string): Promise<{ notifications: Notification[]; unread: number }> {
      const page = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.inboxItem(accountId, '').pk },
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: INBOX_PAGE,
        }),
      );
      const notifications = (page.Items ?? []).filter(live).map((item) => ({
        id: String(item.sk),
        type: item.type as Notification['type'],
        title: String(item.title),
        description: String(item.description),
        at: String(item.at),
        serial: typeof item.serial === 'number' ? item.serial : null,
        read: item.read === true,
      }));
      return { notifications, unread: notifications.filter((notification) => !notification.read).length };
    },

    /** Marks the named notifications read (those of this holder only: the key is theirs). */
    async markRead(accountId: string, ids: readonly string[]): Promise<void> {
      await Promise.all(
        ids.map((id) =>
          conditionalWrite(() =>
            doc.send(
              new UpdateCommand({
                TableName: tableName,
                Key: keys.inboxItem(accountId, id),
                UpdateExpression: 'SET #read = :read',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeNames: { '#read': 'read' },
                ExpressionAttributeValues: { ':read': true },
              }),
            ),
          ),
        ),
      );
    },
  };
}

export type InboxRepo = ReturnType<typeof createInboxRepo>;
