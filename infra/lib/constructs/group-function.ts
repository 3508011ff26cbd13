import { execFileSync } from 'node:child_process';
import { AssetHashType, Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Code, Function as LambdaFunction, ParamsAndSecretsLayerVersion, ParamsAndSecretsVersions, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { RouteDef } from '../../../src/server/http/route-types';
import type { SecretName } from '../../../src/server/secrets';
import { REPO_ROOT } from '../bundling';
import { secretsOf, sharedWriteOf, tableAccessOf } from '../group-needs';

const RUNTIME = Runtime.NODEJS_22_X;

/**
 * The group's handler (or a scheduled job's, functions/<name>.ts) bundled by the local esbuild
 * (infra/lib/bundling.ts) into index.mjs; the asset is hashed by that output, so an unchanged bundle
 * is not uploaded again. Docker is never used.
 */
export function groupCode(group: string): Code {
  const bundleGroup = (outputDir: string) => ['--import', 'tsx', 'infra/bin/bundle-group.ts', group, outputDir];
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: RUNTIME.bundlingImage,
      // Never run (local bundling always succeeds), but CDK keys its asset cache on these options, not on `local`:
      // naming the group here gives each group its own asset.
      command: ['node', ...bundleGroup('/asset-output')],
      local: {
        tryBundle(outputDir) {
          execFileSync(process.execPath, bundleGroup(outputDir), { cwd: REPO_ROOT, stdio: 'inherit' });
          return true;
        },
      },
    },
  });
}

export interface AppFunctionProps {
  description: string;
  /** Its handler: functions/<name>.ts. */
  name: string;
  timeout: Duration;
  environment: Record<string, string>;
  /** The secrets it reads: each gets `<NAME>_SECRET_ARN` (the caller grants the read). */
  secrets: readonly (readonly [SecretName, ISecret])[];
  logRemovalPolicy: RemovalPolicy;
}

/**
 * A Lambda of the app as every handler's is made (`Handler` and its log group `Logs`, kept a month,
 * in `scope`): functions/<name>.ts bundled by groupCode, Node 22 on arm64, 512 MB, and the
 * Parameters and Secrets extension when it reads a secret.
 */
export function appFunction(scope: Construct, props: AppFunctionProps): LambdaFunction {
  const secretArns = Object.fromEntries(props.secrets.map(([name, secret]) => [`${name}_SECRET_ARN`, secret.secretArn]));
  const logGroup = new LogGroup(scope, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: props.logRemovalPolicy });
  return new LambdaFunction(scope, 'Handler', {
    description: props.description,
    code: groupCode(props.name),
    handler: 'index.handler',
    runtime: RUNTIME,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: props.timeout,
    environment: { ...props.environment, ...secretArns },
    logGroup,
    // Secrets are read through the AWS Parameters and Secrets extension (src/server/secrets.ts), not an SDK client.
    ...(props.secrets.length ? { paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103) } : {}),
  });
}

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
 * needs: table read-only for GET-only groups (plus puts of its shared cache's items, by key prefix
 * and attributes), and the secrets listed for it in group-needs.ts.
 */
export class GroupFunction extends Construct {
  readonly fn: LambdaFunction;

  constructor(scope: Construct, id: string, props: GroupFunctionProps) {
    super(scope, id);
    const secretNames = secretsOf(props.group);
    this.fn = appFunction(this, {
      description: `Wild Tigers ${props.stage} API, route group ${props.group}`,
      name: props.group,
      timeout: Duration.seconds(15),
      environment: { ...props.environment, TABLE_NAME: props.table.tableName },
      secrets: secretNames.map((name) => [name, props.secrets[name]] as const),
      logRemovalPolicy: props.logRemovalPolicy,
    });

    if (tableAccessOf(props.routes) === 'read') {
      props.table.grantReadData(this.fn);
      const shared = sharedWriteOf(props.group);
      if (shared) {
        this.fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['dynamodb:PutItem'],
            resources: [props.table.tableArn],
            conditions: {
              'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${shared.keyPrefix}*`] },
              'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...shared.attributes] },
              StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
            },
          }),
        );
      }
    } else props.table.grantReadWriteData(this.fn);
    for (const name of secretNames) props.secrets[name].grantRead(this.fn);
  }
}
