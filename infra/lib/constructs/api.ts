import { existsSync } from 'node:fs';
import type { RemovalPolicy } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { RouteDef } from '../../../src/server/http/route-types';
import type { SecretName } from '../../../src/server/secrets';
import { groupEntry } from '../bundling';
import { GroupFunction } from './group-function';

export interface ApiProps {
  stage: string;
  /** The route table: one Lambda per group, one HTTP API route per line. */
  routes: readonly RouteDef[];
  table: ITable;
  secrets: Record<SecretName, ISecret>;
  environment: Record<string, string>;
  throttle: { rateLimit: number; burstLimit: number };
  logRemovalPolicy: RemovalPolicy;
}

/** The HTTP API: a Lambda per route group and a route per route-table line, throttled, no CORS (same origin). */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** The Lambda of each route group. */
  readonly functions = new Map<string, LambdaFunction>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', { description: `Wild Tigers ${props.stage} API`, createDefaultStage: false });
    this.stage = new HttpStage(this, 'DefaultStage', { httpApi: this.httpApi, stageName: '$default', autoDeploy: true, throttle: props.throttle });

    const groups = Map.groupBy(props.routes, (route) => route.group);
    const missing = [...groups.keys()].filter((group) => !existsSync(groupEntry(group)));
    if (missing.length) throw new Error(`Route groups without a handler: ${missing.map((group) => `${group} (functions/${group}.ts)`).join(', ')}`);
    for (const [group, routes] of groups) {
      const { fn } = new GroupFunction(this, `Group-${group}`, {
        stage: props.stage,
        group,
        routes,
        table: props.table,
        secrets: props.secrets,
        environment: props.environment,
        logRemovalPolicy: props.logRemovalPolicy,
      });
      this.functions.set(group, fn);
      const integration = new HttpLambdaIntegration(`${group}Integration`, fn);
      for (const route of routes) this.httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
    }
  }

  /** Sets one more environment variable on every group's Lambda. */
  addEnvironment(name: string, value: string): void {
    for (const fn of this.functions.values()) fn.addEnvironment(name, value);
  }
}
