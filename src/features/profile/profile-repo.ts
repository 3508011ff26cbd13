import { BatchGetCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, isConditionFailure, queryAll } from '@/platform/store/dynamo-operations';
import type { Profile } from './profile-types';
import { BY_STATUS_OR_TIME, keys, partitions } from '@/platform/store/keys';

/** A saved profile: the API's fields plus its optimistic-concurrency version. */
export interface StoredProfile extends Profile {
  joinedAt: string;
  updatedAt: string;
  version: number;
}

export type ProfileFields = Pick<StoredProfile, 'username' | 'bio' | 'twitterHandle' | 'isPublic' | 'pnlPublic' | 'avatarNftSerial'>;

/** The GSI partition holding public profiles only (a private profile has no gsi1 keys). */
export const PUBLIC_PROFILES_INDEX = partitions.publicProfiles;

const profileKey = keys.profile;
const viewKey = keys.profileView;

function toProfile(item: Record<string, unknown>): StoredProfile {
  return {
    accountId: String(item.accountId),
    username: (item.username as string | null | undefined) ?? null,
    bio: (item.bio as string | null | undefined) ?? null,
    twitterHandle: (item.twitterHandle as string | null | undefined) ?? null,
    isPublic: item.isPublic !== false,
    pnlPublic: item.pnlPublic === true,
    avatarNftSerial: (item.avatarNftSerial as number | null | undefined) ?? null,
    profileViews: Number(item.profileViews ?? 0),
    joinedAt: String(item.joinedAt),
    updatedAt: String(item.updatedAt),
    version: Number(item.version ?? 0),
  };
}

/** Profiles and their per-day view markers; every write is a single-item conditional write. */
export function createProfileRepo(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    async get(accountId: string): Promise<StoredProfile | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: profileKey(accountId), ConsistentRead: true }));
      return Item ? toProfile(Item) : undefined;
    },

    /** Saved profiles of these accounts (strongly consistent), in no particular order. */
    async getMany(accountIds: readonly string[]): Promise<StoredProfile[]> {
      const found: StoredProfile[] = [];
      for (let start = 0; start < accountIds.length; start += 100) {
        let keys: Record<string, unknown>[] | undefined = accountIds.slice(start, start + 100).map(profileKey);
        while (keys?.length) {
          const answer: BatchGetCommandOutput = await doc.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
          found.push(...(answer.Responses?.[tableName] ?? []).map(toProfile));
          keys = answer.UnprocessedKeys?.[tableName]?.Keys;
        }
      }
      return found;
    },

    /**
     * Writes a profile's fields if it is still at `expectedVersion` (undefined: only if it does not
     * exist yet); keeps the view counter and joinedAt; indexes it in the public list only while
     * public. False when another write came first.
     */
    async save(accountId: string, fields: ProfileFields, expectedVersion: number | undefined, now: string): Promise<boolean> {
      const assigned: Record<string, unknown> = { accountId, ...fields, updatedAt: now };
      const names: Record<string, string> = { '#joinedAt': 'joinedAt', '#views': 'profileViews', '#version': 'version' };
      const values: Record<string, unknown> = { ':now': now, ':zero': 0, ':one': 1 };
      const set = ['#joinedAt = if_not_exists(#joinedAt, :now)', '#views = if_not_exists(#views, :zero)', '#version = if_not_exists(#version, :zero) + :one'];
      for (const [field, value] of Object.entries(assigned)) {
        names[`#${field}`] = field;
        values[`:${field}`] = value;
        set.push(`#${field} = :${field}`);
      }
      names['#gsi1pk'] = 'gsi1pk';
      names['#gsi1sk'] = 'gsi1sk';
      let update = `SET ${set.join(', ')}`;
      if (fields.isPublic) {
        values[':index'] = PUBLIC_PROFILES_INDEX;
        update += ', #gsi1pk = :index, #gsi1sk = :accountId';
      } else update += ' REMOVE #gsi1pk, #gsi1sk';
      let condition = 'attribute_not_exists(pk)';
      if (expectedVersion !== undefined) {
        values[':version'] = expectedVersion;
        condition = '#version = :version';
      }
      return conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: profileKey(accountId),
            UpdateExpression: update,
            ConditionExpression: condition,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        ),
      );
    },

    /** Account ids of the profiles in the public index (eventually consistent: confirm with getMany). */
    async publicAccountIds(): Promise<string[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :index',
        ExpressionAttributeValues: { ':index': PUBLIC_PROFILES_INDEX },
        ProjectionExpression: 'accountId',
      });
      return items.map((item) => String(item.accountId));
    },

    /**
     * Counts one view by `viewer` on `day`: a conditional put of the day's marker; for an anonymous
     * viewer, a conditional ADD on its network's counter for the day, below `addressLimit.max`;
     * then an atomic ADD on the saved profile's counter. The new count, or undefined when the view
     * does not count (the viewer was counted that day, its network reached its limit, or the
     * profile is not saved). A failure between the steps can only leave a view uncounted.
     */
    async recordView(
      accountId: string,
      viewer: string,
      day: string,
      expiresAt: number,
      addressLimit?: { key: string; max: number },
    ): Promise<number | undefined> {
      try {
        await doc.send(
          new PutCommand({ TableName: tableName, Item: { ...viewKey(accountId, day, viewer), expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' }),
        );
        if (addressLimit) {
          await doc.send(
            new UpdateCommand({
              TableName: tableName,
              Key: viewKey(accountId, day, addressLimit.key),
              UpdateExpression: 'ADD #views :one SET #expiresAt = :expiresAt',
              ConditionExpression: 'attribute_not_exists(#views) OR #views < :max',
              ExpressionAttributeNames: { '#views': 'views', '#expiresAt': 'expiresAt' },
              ExpressionAttributeValues: { ':one': 1, ':max': addressLimit.max, ':expiresAt': expiresAt },
            }),
          );
        }
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: profileKey(accountId),
            UpdateExpression: 'ADD #views :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#views': 'profileViews' },
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return Number(Attributes?.profileViews ?? 0);
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
