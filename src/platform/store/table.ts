/**
 * The one DynamoDB table (single-table design), declared once: the CDK data stack and the
 * local bootstrap both build it from this definition.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Items with this attribute (epoch seconds) expire; code treats expired items as absent. */
  ttlAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    /** Secondary access patterns (e.g. listings by status, profiles by visibility). */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Per-account access patterns (e.g. a seller's listings, an owner's NFTs). */
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type IndexName = (typeof TABLE_DEFINITION.globalSecondaryIndexes)[number]['indexName'];

/** The CreateTable input for this definition (on-demand billing). */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, globalSecondaryIndexes } = TABLE_DEFINITION;
  const keyNames = [partitionKey, sortKey, ...globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
