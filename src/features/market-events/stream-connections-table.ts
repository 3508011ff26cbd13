/**
 * The WebSocket API's connections table (AWS only; the local server keeps its connections in
 * memory), declared once: the CDK construct and the tests build it from this definition. A table of
 * its own, apart from the app's: its items live for hours at most, and its writes (a cursor per
 * subscriber per event) stay off the app table's stream, which carries only the market's events.
 */
export const CONNECTIONS_TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Items with this attribute (epoch seconds) expire; code treats expired items as absent. */
  ttlAttribute: 'expiresAt',
} as const;

/** The CreateTable input for this definition (on-demand billing). */
export function createConnectionsTableInput(tableName: string) {
  const { partitionKey, sortKey } = CONNECTIONS_TABLE_DEFINITION;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [partitionKey, sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
  };
}
