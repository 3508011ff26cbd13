import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '@/platform/store/dynamo-operations';
import { keys } from '@/platform/store/keys';

export interface StoredChallenge {
  nonce: string;
  accountId: string;
  message: string;
  expiresAt: number;
}

export interface StoredSession {
  sessionId: string;
  accountId: string;
  expiresAt: number;
}

const challengeKey = keys.challenge;
const sessionKey = keys.session;

/** Sign-in challenges and sessions in the single table; both expire through the TTL attribute. */
export function createAuthRepo(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    async putChallenge(challenge: StoredChallenge): Promise<void> {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...challengeKey(challenge.nonce), ...challenge, expiresAt: Math.ceil(challenge.expiresAt / 1000), expiresAtMs: challenge.expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    /** Deletes the challenge if it is exactly this one and unexpired; false when it was not (single use). */
    async consumeChallenge(challenge: Omit<StoredChallenge, 'expiresAt'>, now: number): Promise<boolean> {
      return conditionalWrite(() =>
        doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: challengeKey(challenge.nonce),
            ConditionExpression: 'attribute_exists(pk) AND accountId = :account AND message = :message AND expiresAtMs > :now',
            ExpressionAttributeValues: { ':account': challenge.accountId, ':message': challenge.message, ':now': now },
          }),
        ),
      );
    },

    async putSession(session: StoredSession): Promise<void> {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...sessionKey(session.sessionId), ...session, expiresAt: Math.ceil(session.expiresAt / 1000), expiresAtMs: session.expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    /** The live session, or undefined when it was logged out or has expired. */
    async getSession(sessionId: string, now: number): Promise<StoredSession | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: sessionKey(sessionId), ConsistentRead: true }));
      if (!Item || Number(Item.expiresAtMs) <= now) return undefined;
      return { sessionId, accountId: String(Item.accountId), expiresAt: Number(Item.expiresAtMs) };
    },

    async deleteSession(sessionId: string): Promise<void> {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: sessionKey(sessionId) }));
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
