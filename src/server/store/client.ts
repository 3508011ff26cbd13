import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '@/server/config';

let shared: DynamoDBDocumentClient | undefined;

/** The one DynamoDB document client of the process (real DynamoDB, or DYNAMODB_ENDPOINT when set). */
export function documentClient(): DynamoDBDocumentClient {
  if (shared) return shared;
  const { awsRegion, dynamoEndpoint } = config();
  const client = new DynamoDBClient({
    region: awsRegion,
    ...(dynamoEndpoint ? { endpoint: dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    maxAttempts: 3,
  });
  shared = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    unmarshallOptions: { wrapNumbers: false },
  });
  return shared;
}

/** The table name from config. */
export function tableName(): string {
  return config().tableName;
}
