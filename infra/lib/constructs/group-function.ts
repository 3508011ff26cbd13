import { resolve } from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, ParamsAndSecretsLayerVersion, ParamsAndSecretsVersions, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { RouteDef } from '../../../src/server/http/route-types';
import type { SecretName } from '../../../src/server/secrets';
import { LAMBDA_BUNDLE, REPO_ROOT, groupEntry } from '../bundling';
import { secretsOf, tableAccessOf } from '../group-needs';

/** LAMBDA_BUNDLE in NodejsFunction's terms; bundled by the local esbuild, never in Docker. */
const BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: LAMBDA_BUNDLE.target,
  mainFields: [...LAMBDA_BUNDLE.mainFields],
  banner: LAMBDA_BUNDLE.banner,
  minify: LAMBDA_BUNDLE.minify,
  keepNames: LAMBDA_BUNDLE.keepNames,
  sourceMap: LAMBDA_BUNDLE.sourcemap,
  externalModules: [...LAMBDA_BUNDLE.external],
  define: { ...LAMBDA_BUNDLE.define },
  bundleAwsSDK: true,
  forceDockerBundling: false,
};

export interface GroupFunctionProps {
  stage: string;
  group: string;
  /** The routes this Lambda serves (all of one group). */
  routes: readonly RouteDef[];
  table: ITable;
  secrets: Record<SecretName, ISecret>;
  /** Settings every handler reads from its environment (src/server/config.ts). */
  environment: Record<string, string>;
  logRemovalPolicy: RemovalPolicy;
}

/**
 * The Lambda of one route group (functions/<group>.ts) with its log group, and only the access it
 * needs: table read-only for GET-only groups, and the secrets listed for it in group-needs.ts.
 */
export class GroupFunction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: GroupFunctionProps) {
    super(scope, id);
    const secretNames = secretsOf(props.group);
    const secretArns = Object.fromEntries(secretNames.map((name) => [`${name}_SECRET_ARN`, props.secrets[name].secretArn]));

    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: props.logRemovalPolicy });
    this.fn = new NodejsFunction(this, 'Handler', {
      description: `Wild Tigers ${props.stage} API, route group ${props.group}`,
      entry: groupEntry(props.group),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: resolve(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(15),
      environment: { ...props.environment, TABLE_NAME: props.table.tableName, ...secretArns },
      logGroup,
      bundling: BUNDLING,
      // Secrets are read through the AWS Parameters and Secrets extension (src/server/secrets.ts), not an SDK client.
      ...(secretNames.length ? { paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103) } : {}),
    });

    if (tableAccessOf(props.routes) === 'read') props.table.grantReadData(this.fn);
    else props.table.grantReadWriteData(this.fn);
    for (const name of secretNames) props.secrets[name].grantRead(this.fn);
  }
}
