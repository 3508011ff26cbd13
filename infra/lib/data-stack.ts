import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { SecretName } from '../../src/server/secrets';
import { AppSecrets } from './constructs/app-secrets';
import { AppTable } from './constructs/app-table';

export interface DataStackProps extends StackProps {
  stage: string;
  /** Dev stages destroy their data with the stack; the others retain it and protect the table. */
  dev: boolean;
}

/** The stateful resources, kept apart from the app: the table and the secrets. */
export class DataStack extends Stack {
  readonly table: ITable;
  readonly secrets: Record<SecretName, ISecret>;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, { terminationProtection: !props.dev, ...props });
    const removalPolicy = props.dev ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    this.table = new AppTable(this, 'Data', { removalPolicy, deletionProtection: !props.dev }).table;
    this.secrets = new AppSecrets(this, 'Secrets', { stage: props.stage, removalPolicy }).byName;

    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'The DynamoDB table' });
    for (const [name, secret] of Object.entries(this.secrets)) {
      new CfnOutput(this, `${pascalCase(name)}Arn`, { value: secret.secretArn, description: `ARN of the secret ${name}` });
    }
  }
}

/** SESSION_SECRET -> SessionSecret. */
function pascalCase(name: string): string {
  return name.toLowerCase().replace(/(^|_)([a-z])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}
