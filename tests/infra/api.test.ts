import type { CfnElement, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { secretsOf, sharedWriteOf, tableAccessOf } from '../../infra/lib/group-needs';
import { routeKey } from '../../src/server/http/route-types';
import { ROUTES, routeGroups } from '../../src/server/routes';
import { resourcesOf, synthStacks } from './synth';

const context = { stage: 'prod', network: 'mainnet', nftTokenId: '0.0.1234', marketplaceAccountId: '0.0.5678', siteOrigin: 'https://wildtigers.example' };
const { stacks, app: template } = synthStacks({ context });
const functions = resourcesOf(template, 'AWS::Lambda::Function');
const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy'));

/** The logical id of a construct's CloudFormation resource in its stack. */
const logicalId = (stack: Stack, construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const functionIdOf = (group: string) => logicalId(stacks.app, stacks.app.api.functions.get(group)!);

type Statement = { Action: string | string[]; Resource: unknown; Effect: string; Condition?: Record<string, Record<string, unknown>> };

/** Every policy statement attached to the execution role of a group's Lambda. */
function statementsOf(group: string): Statement[] {
  const roleId = logicalId(stacks.app, stacks.app.api.functions.get(group)!.role!);
  return policies
    .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}
const actionsOf = (statement: Statement) => [statement.Action].flat();
const resourcesOfStatement = (statement: Statement) => [statement.Resource].flat().map((resource) => JSON.stringify(resource));

const TABLE_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

describe('API: one Lambda per route group, one route per route-table line', () => {
  it('has a Lambda for every route group and no other API Lambda', () => {
    expect([...stacks.app.api.functions.keys()].sort()).toEqual(routeGroups().sort());
    for (const group of routeGroups()) expect(functions[functionIdOf(group)]).toBeDefined();
  });

  it.each(ROUTES.map((route) => [routeKey(route), route.group] as const))('routes %s to the %s Lambda', (key, group) => {
    const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).filter((route) => route.Properties.RouteKey === key);
    expect(routes).toHaveLength(1);
    const integrationId = JSON.stringify(routes[0]!.Properties.Target).match(/"Ref":"([A-Za-z0-9]+)"/)?.[1];
    const integration = resourcesOf(template, 'AWS::ApiGatewayV2::Integration')[integrationId!];
    expect(JSON.stringify(integration?.Properties.IntegrationUri)).toContain(`"${functionIdOf(group)}"`);
  });

  it('has exactly the routes of the table', () => {
    // The stack's other API, the live market's WebSocket API, has its own routes (stream-api.test.ts).
    const httpApiId = logicalId(stacks.app, stacks.app.api.httpApi);
    const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route'));
    expect(routes.filter((route) => JSON.stringify(route.Properties.ApiId) === JSON.stringify({ Ref: httpApiId }))).toHaveLength(ROUTES.length);
  });

  it('refuses a route group without its handler file', () => {
    const route = { method: 'GET', path: '/api/nothing', group: 'nothing', auth: 'public', cache: { kind: 'none' } } as const;
    expect(() => synthStacks({ routes: [...ROUTES, route] })).toThrow(/Route groups without a handler: .*nothing \(functions\/nothing\.ts\)/);
  });

  it('runs every handler on Node 22, arm64, as bundled ESM, with the settings in its environment', () => {
    for (const group of routeGroups()) {
      const { Properties: fn } = functions[functionIdOf(group)]!;
      expect(fn).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', MemorySize: 512, Timeout: 15 });
      const env = fn.Environment.Variables as Record<string, unknown>;
      expect(env).toMatchObject({
        NETWORK: 'mainnet',
        NFT_TOKEN_ID: '0.0.1234',
        MARKETPLACE_ACCOUNT_ID: '0.0.5678',
        SITE_ORIGIN: 'https://wildtigers.example',
        LOG_LEVEL: 'info',
        APP_VERSION: expect.any(String),
        TABLE_NAME: expect.anything(),
      });
      const logGroupId = JSON.stringify(fn.LoggingConfig.LogGroup).match(/"Ref":"([A-Za-z0-9]+)"/)?.[1];
      expect(resourcesOf(template, 'AWS::Logs::LogGroup')[logGroupId!]?.Properties.RetentionInDays).toBe(30);
    }
  });

  it('throttles the default stage and leaves CORS off (same origin)', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
    const [api] = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Api'));
    expect(api?.Properties.CorsConfiguration).toBeUndefined();
    template.hasOutput('ApiUrl', {});
  });
});

describe('API: each Lambda reaches only what it needs', () => {
  it.each(routeGroups())('%s: table read-only when all its routes are GETs, read-write otherwise', (group) => {
    const writesIn = (statements: Statement[]) => statements.flatMap(actionsOf).filter((action) => TABLE_WRITES.includes(action) || action === 'dynamodb:*');
    const statements = statementsOf(group);
    const keyScoped = statements.filter((statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']);
    const reads = statements.flatMap(actionsOf).filter((action) => action === 'dynamodb:GetItem');
    expect(reads.length).toBeGreaterThan(0);
    if (tableAccessOf(ROUTES.filter((route) => route.group === group)) === 'read') {
      expect(writesIn(statements.filter((statement) => !keyScoped.includes(statement)))).toEqual([]);
      const shared = sharedWriteOf(group);
      // The table itself (the first resource the read grant names), not its indexes.
      const tableArn = resourcesOfStatement(statements.find((statement) => actionsOf(statement).includes('dynamodb:GetItem'))!)[0];
      expect(
        keyScoped.map((statement) => ({ actions: actionsOf(statement), resources: resourcesOfStatement(statement), condition: statement.Condition })),
      ).toEqual(
        shared
          ? [
              {
                actions: ['dynamodb:PutItem'],
                resources: [tableArn],
                condition: {
                  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${shared.keyPrefix}*`] },
                  'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...shared.attributes] },
                  StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
                },
              },
            ]
          : [],
      );
    } else expect(writesIn(statements).sort()).toEqual([...TABLE_WRITES].sort());
  });

  it('lets the read-only collection Lambda put only its shared owner snapshot: SNAPSHOT# keys, no index attributes', () => {
    expect(tableAccessOf(ROUTES.filter((route) => route.group === 'collection'))).toBe('read');
    expect(sharedWriteOf('collection')).toEqual({ keyPrefix: 'SNAPSHOT#', attributes: ['pk', 'sk', 'owners', 'loadedAt', 'expiresAt'] });
  });

  it.each(routeGroups())('%s: reads exactly the secrets listed for it, and gets their ARNs', (group) => {
    const env = functions[functionIdOf(group)]!.Properties.Environment.Variables as Record<string, unknown>;
    const arnVariables = Object.keys(env).filter((name) => name.endsWith('_SECRET_ARN'));
    expect(arnVariables.sort()).toEqual(
      secretsOf(group)
        .map((name) => `${name}_SECRET_ARN`)
        .sort(),
    );

    const readable = statementsOf(group)
      .filter((statement) => statement.Effect === 'Allow' && actionsOf(statement).some((action) => action.startsWith('secretsmanager:')))
      .flatMap(resourcesOfStatement);
    expect(new Set(readable)).toEqual(new Set(arnVariables.map((name) => JSON.stringify(env[name]))));
    for (const name of secretsOf(group)) {
      expect(JSON.stringify(env[`${name}_SECRET_ARN`])).toContain(logicalId(stacks.data, stacks.data.secrets[name]));
    }
  });

  it('gives the health check no secret at all', () => {
    expect(secretsOf('health')).toEqual([]);
    expect(
      statementsOf('health')
        .flatMap(actionsOf)
        .filter((action) => action.startsWith('secretsmanager:')),
    ).toEqual([]);
  });
});
