import type { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type ITable, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../../../src/platform/store/table';

export interface AppTableProps {
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
}

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

/**
 * The one DynamoDB table, built from TABLE_DEFINITION: on-demand, point-in-time recovery, TTL, and a
 * stream of new images that carries the market's events to the live market's fan-out (stream-api.ts).
 */
export class AppTable extends Construct {
  readonly table: ITable;

  constructor(scope: Construct, id: string, props: AppTableProps) {
    super(scope, id);
    const { partitionKey, sortKey, ttlAttribute, globalSecondaryIndexes } = TABLE_DEFINITION;
    const table = new Table(this, 'Table', {
      partitionKey: stringKey(partitionKey),
      sortKey: stringKey(sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: ttlAttribute,
      stream: StreamViewType.NEW_IMAGE,
      deletionProtection: props.deletionProtection,
      removalPolicy: props.removalPolicy,
    });
    for (const index of globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({ indexName: index.indexName, partitionKey: stringKey(index.partitionKey), sortKey: stringKey(index.sortKey) });
    }
    this.table = table;
  }
}
