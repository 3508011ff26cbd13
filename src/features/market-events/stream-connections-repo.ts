/**
 * The WebSocket API's connections table (stream-connections-table.ts): one item per connection
 * (who it is, the streams it follows, its frame count) and one per subscription, filed under its
 * stream so that an event's fan-out reads that stream's subscribers only. A subscription holds a
 * cursor, the last sequence its connection was sent, and a lease: whoever sends it frames (the
 * fan-out, or a subscribe's replay) holds the lease while it sends and moves the cursor as it
 * lets go, so each sequence goes to a connection once and in order. Single-item writes only;
 * items expire with the connection (API Gateway ends a connection at 2 hours), and code treats an
 * expired item as absent.
 */
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, isConditionFailure, queryAll } from '@/platform/store/dynamo-operations';
import { FRAME_WINDOW_MS } from './stream-protocol';

/** How long a connection's items live: API Gateway's 2-hour limit on a connection, and a margin. */
export const CONNECTION_TTL_MS = 2 * 60 * 60_000 + 5 * 60_000;
/** How long a lease holds when its holder never lets go (a Lambda that died): a replay of the most events a resume sends fits in it. */
export const LEASE_MS = 60_000;

/** A connection as stored: its account (null: no session at $connect), the streams it follows. */
export interface StoredConnection {
  connectionId: string;
  accountId: string | null;
  streams: string[];
  /** Epoch seconds. */
  expiresAt: number;
}

/** One connection's subscription to one stream, and the last sequence it was sent. */
export interface StoredSubscription {
  stream: string;
  connectionId: string;
  sentSeq: number;
}

const connectionKey = (connectionId: string) => ({ pk: `CONNECTION#${connectionId}`, sk: 'CONNECTION' });
const subscribersPartition = (stream: string) => `SUBSCRIBERS#${stream}`;
const subscriptionKey = (stream: string, connectionId: string) => ({ pk: subscribersPartition(stream), sk: `CONNECTION#${connectionId}` });

/** The connections table's repo; `now` is the clock expiry and leases count by. */
export function createStreamConnectionsRepo(doc: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now) {
  const nowSeconds = () => Math.floor(now() / 1000);
  const live = (item: Record<string, unknown> | undefined) => item !== undefined && Number(item.expiresAt) > nowSeconds();

  return {
    /** Records a connection opened ($connect), with the account its session cookie named. */
    async connect(connectionId: string, accountId: string | null): Promise<void> {
      const expiresAt = Math.floor((now() + CONNECTION_TTL_MS) / 1000);
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...connectionKey(connectionId), connectionId, accountId, connectedAt: new Date(now()).toISOString(), expiresAt },
        }),
      );
    },

    /** The connection, or undefined when it is gone or expired. */
    async connection(connectionId: string): Promise<StoredConnection | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: connectionKey(connectionId), ConsistentRead: true }));
      if (!Item || !live(Item)) return undefined;
      const streams = Item.streams instanceof Set ? [...(Item.streams as Set<string>)] : [];
      return { connectionId, accountId: typeof Item.accountId === 'string' ? Item.accountId : null, streams, expiresAt: Number(Item.expiresAt) };
    },

    /** Counts one frame from the connection in the current window (FRAME_WINDOW_MS); answers the window's count. */
    async countFrame(connectionId: string): Promise<number> {
      const window = Math.floor(now() / FRAME_WINDOW_MS);
      const key = connectionKey(connectionId);
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key,
            UpdateExpression: 'ADD #frames :one',
            ConditionExpression: '#window = :window',
            ExpressionAttributeNames: { '#frames': 'frames', '#window': 'frameWindow' },
            ExpressionAttributeValues: { ':one': 1, ':window': window },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return Number(Attributes?.frames ?? 1);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      // A new window (or a connection that is gone: then nothing is written).
      await conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key,
            UpdateExpression: 'SET #frames = :one, #window = :window',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#frames': 'frames', '#window': 'frameWindow' },
            ExpressionAttributeValues: { ':one': 1, ':window': window },
          }),
        ),
      );
      return 1;
    },

    /** Adds streams to those the connection follows (before their subscriptions are written, so that a prune finds them all); false when it is gone. */
    follow(connectionId: string, streams: string[]): Promise<boolean> {
      if (!streams.length) return Promise.resolve(true);
      return conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: connectionKey(connectionId),
            UpdateExpression: 'ADD #streams :streams',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#streams': 'streams' },
            ExpressionAttributeValues: { ':streams': new Set(streams) },
          }),
        ),
      );
    },

    /** Removes streams from those the connection follows. */
    async unfollow(connectionId: string, streams: string[]): Promise<void> {
      if (!streams.length) return;
      await conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: connectionKey(connectionId),
            UpdateExpression: 'DELETE #streams :streams',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#streams': 'streams' },
            ExpressionAttributeValues: { ':streams': new Set(streams) },
          }),
        ),
      );
    },

    /** Deletes the connection's item; answers the streams it followed (none when it was gone already). */
    async forget(connectionId: string): Promise<string[]> {
      const { Attributes } = await doc.send(new DeleteCommand({ TableName: tableName, Key: connectionKey(connectionId), ReturnValues: 'ALL_OLD' }));
      return Attributes?.streams instanceof Set ? [...(Attributes.streams as Set<string>)] : [];
    },

    /**
     * Writes a new subscription, leased by `leaseId` (its cursor at 0 until the holder lets go);
     * false when the connection already has a live one to the stream.
     */
    subscribe(stream: string, connectionId: string, leaseId: string, expiresAt: number): Promise<boolean> {
      return conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...subscriptionKey(stream, connectionId), stream, connectionId, sentSeq: 0, leaseId, leaseUntil: now() + LEASE_MS, expiresAt },
            ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
            ExpressionAttributeValues: { ':now': nowSeconds() },
          }),
        ),
      );
    },

    /** Deletes one subscription. */
    async unsubscribe(stream: string, connectionId: string): Promise<void> {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: subscriptionKey(stream, connectionId) }));
    },

    /** The stream's live subscriptions (a consistent read: one written a moment ago is among them). */
    async subscribers(stream: string): Promise<StoredSubscription[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': subscribersPartition(stream) },
        ConsistentRead: true,
      });
      return items.filter(live).map((item) => ({ stream, connectionId: String(item.connectionId), sentSeq: Number(item.sentSeq ?? 0) }));
    },

    /** Takes the subscription's lease; answers its cursor, or undefined when another holds it or the subscription is gone. */
    async lease(stream: string, connectionId: string, leaseId: string): Promise<number | undefined> {
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: subscriptionKey(stream, connectionId),
            UpdateExpression: 'SET leaseId = :lease, leaseUntil = :until',
            ConditionExpression: 'attribute_exists(pk) AND expiresAt > :nowSeconds AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now)',
            ExpressionAttributeValues: { ':lease': leaseId, ':until': now() + LEASE_MS, ':now': now(), ':nowSeconds': nowSeconds() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Number(Attributes?.sentSeq ?? 0);
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /** Lets go of the lease, the cursor moved to `sentSeq`; false when the lease was no longer this holder's. */
    release(stream: string, connectionId: string, leaseId: string, sentSeq: number): Promise<boolean> {
      return conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: subscriptionKey(stream, connectionId),
            UpdateExpression: 'SET sentSeq = :sent REMOVE leaseId, leaseUntil',
            ConditionExpression: 'leaseId = :lease',
            ExpressionAttributeValues: { ':lease': leaseId, ':sent': sentSeq },
          }),
        ),
      );
    },
  };
}

export type StreamConnectionsRepo = ReturnType<typeof createStreamConnectionsRepo>;
