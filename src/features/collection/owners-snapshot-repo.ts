/**
 * The collection's bulk owner map shared by every collection Lambda through the table: an instance
 * that starts cold reads the latest copy (one item) instead of ~34 mirror node pages, and whoever
 * loads the map from the ledger writes it back. Owner lookups stay fresh 5 minutes (spec 001 §9):
 * the reader only keeps a copy younger than that, and an older copy never replaces a newer one.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '@/platform/store/dynamo-operations';
import { keys } from '@/platform/store/keys';

/** Every attribute a snapshot item has (no index keys, so it never appears in another group's queries). */
export const SNAPSHOT_ATTRIBUTES = ['pk', 'sk', 'owners', 'loadedAt', 'expiresAt'] as const;
/** Kept well under DynamoDB's 400 KB item limit; a bigger map is simply not shared. */
const MAX_ENCODED_BYTES = 300_000;
/** Items expire a day after they were loaded (readers ignore them long before). */
const EXPIRY_SECONDS = 24 * 60 * 60;
const ACCOUNT = /^0\.0\.\d{1,12}$/;

const ownersKey = keys.ownersSnapshot;

/** `serial=accountNum` pairs for shard 0, realm 0 (every mainnet account): ~40 KB for 3,333 tigers. */
export function encodeOwners(owners: ReadonlyMap<number, string>): string | null {
  const pairs: string[] = [];
  for (const [serial, account] of owners) {
    if (!ACCOUNT.test(account)) return null;
    pairs.push(`${serial}=${account.slice(4)}`);
  }
  return pairs.join(',');
}

/** The inverse of encodeOwners; null when the text is not a well-formed encoding. */
export function decodeOwners(text: string): Map<number, string> | null {
  const owners = new Map<number, string>();
  if (!text) return owners;
  for (const pair of text.split(',')) {
    const match = /^(\d{1,9})=(\d{1,12})$/.exec(pair);
    if (!match) return null;
    owners.set(Number(match[1]), `0.0.${match[2]}`);
  }
  return owners;
}

export interface OwnersSnapshot {
  owners: Map<number, string>;
  loadedAt: number;
}

export function createOwnersSnapshotRepo(doc: DynamoDBDocumentClient, tableName: string, tokenId: string) {
  return {
    async read(): Promise<OwnersSnapshot | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: ownersKey(tokenId) }));
      if (typeof Item?.owners !== 'string' || typeof Item.loadedAt !== 'number') return undefined;
      const owners = decodeOwners(Item.owners);
      return owners ? { owners, loadedAt: Item.loadedAt } : undefined;
    },

    /** Stores the map unless a copy loaded later is already there. */
    async write(owners: ReadonlyMap<number, string>, loadedAt: number): Promise<void> {
      const encoded = encodeOwners(owners);
      if (encoded === null || encoded.length > MAX_ENCODED_BYTES) return;
      await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...ownersKey(tokenId), owners: encoded, loadedAt, expiresAt: Math.ceil(loadedAt / 1000) + EXPIRY_SECONDS } satisfies Record<
              (typeof SNAPSHOT_ATTRIBUTES)[number],
              unknown
            >,
            ConditionExpression: 'attribute_not_exists(pk) OR loadedAt < :loadedAt',
            ExpressionAttributeValues: { ':loadedAt': loadedAt },
          }),
        ),
      );
    },
  };
}
