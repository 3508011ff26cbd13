/**
 * The live market in AWS (issue 57): the WebSocket API with its routes selected by the frame's
 * action, the connections table with its TTL, the app table's stream and the fan-out's trigger on
 * event items only, the Management API permission of both Lambdas (this stage only), and the site's
 * `/api/stream` led through CloudFront to the stage's path.
 */
import type { CfnElement, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { STREAM_ROUTES, STREAM_ROUTE_SELECTION, STREAM_SECRETS, STREAM_STAGE } from '../../infra/lib/constructs/stream-api';
import { STREAM_PATH } from '../../infra/lib/stream-routing';
import { CONNECTIONS_TABLE_DEFINITION } from '../../src/features/market-events/stream-connections-table';
import { resourcesOf, synthStacks } from './synth';

const context = { stage: 'prod', network: 'mainnet', nftTokenId: '0.0.1234', marketplaceAccountId: '0.0.5678', siteOrigin: 'https://wildtigers.example' };
const { stacks, app: template, data } = synthStacks({ context });
const stream = stacks.app.stream;

const logicalId = (stack: Stack, construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const routesId = logicalId(stacks.app, stream.routes);
const fanoutId = logicalId(stacks.app, stream.fanout);
const webSocketApiId = logicalId(stacks.app, stream.webSocketApi);
const functions = resourcesOf(template, 'AWS::Lambda::Function');

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
/** Every statement of the policies on a Lambda's execution role. */
function statementsOf(fn: typeof stream.routes): Statement[] {
  const roleId = logicalId(stacks.app, fn.role!);
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}
const actionsOf = (statement: Statement) => [statement.Action].flat();

describe('the WebSocket API', () => {
  it('selects routes by the frame’s action and has $connect, $disconnect, subscribe, unsubscribe and $default', () => {
    expect(STREAM_ROUTE_SELECTION).toBe('$request.body.action');
    const api = resourcesOf(template, 'AWS::ApiGatewayV2::Api')[webSocketApiId]!.Properties;
    expect(api).toMatchObject({ ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).filter(
      (route) => JSON.stringify(route.Properties.ApiId) === JSON.stringify({ Ref: webSocketApiId }),
    );
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect', 'subscribe', 'unsubscribe']);
    expect([...STREAM_ROUTES].sort()).toEqual(['$connect', '$default', '$disconnect', 'subscribe', 'unsubscribe']);
  });

  it('runs every route on the stream Lambda (functions/stream.ts), with the session secret only', () => {
    const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
    const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).filter(
      (route) => JSON.stringify(route.Properties.ApiId) === JSON.stringify({ Ref: webSocketApiId }),
    );
    for (const route of routes) {
      const integrationId = JSON.stringify(route.Properties.Target).match(/"Ref":"([A-Za-z0-9]+)"/)?.[1];
      expect(JSON.stringify(integrations[integrationId!]?.Properties.IntegrationUri), route.Properties.RouteKey).toContain(`"${routesId}"`);
    }
    const env = functions[routesId]!.Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(env).filter((name) => name.endsWith('_SECRET_ARN'))).toEqual(STREAM_SECRETS.map((name) => `${name}_SECRET_ARN`));
    expect(functions[routesId]!.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
  });

  it('has the stage the site leads to, auto-deployed and throttled, and outputs its URL', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: webSocketApiId },
      StageName: STREAM_STAGE,
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
    expect(JSON.stringify(template.findOutputs('StreamUrl'))).toContain(`/${STREAM_STAGE}`);
  });

  it('tells both Lambdas the connections table, the stage’s callback URL, the app table and the site’s origin', () => {
    for (const id of [routesId, fanoutId]) {
      const env = functions[id]!.Properties.Environment.Variables as Record<string, unknown>;
      expect(env).toMatchObject({ SITE_ORIGIN: 'https://wildtigers.example', NETWORK: 'mainnet', STAGE: 'prod' });
      expect(JSON.stringify(env.STREAM_CONNECTIONS_TABLE)).toContain(logicalId(stacks.app, stream.connections));
      expect(JSON.stringify(env.STREAM_CALLBACK_URL)).toContain(webSocketApiId);
      expect(JSON.stringify(env.STREAM_CALLBACK_URL)).toContain(`/${STREAM_STAGE}`);
      expect(env.TABLE_NAME).toBeDefined();
    }
  });
});

describe('the connections table', () => {
  it('is on-demand, keyed pk/sk, its items expiring on expiresAt (TTL)', () => {
    const table = resourcesOf(template, 'AWS::DynamoDB::Table')[logicalId(stacks.app, stream.connections)]!.Properties;
    expect(table).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: CONNECTIONS_TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
        { AttributeName: CONNECTIONS_TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it('is read and written by both Lambdas; the app table only read by the routes, written by the fan-out (the watch alerts)', () => {
    const connectionsId = logicalId(stacks.app, stream.connections);
    for (const fn of [stream.routes, stream.fanout]) {
      const statements = statementsOf(fn);
      const on = (needle: string) => statements.filter((statement) => JSON.stringify(statement.Resource).includes(needle)).flatMap(actionsOf);
      expect(on(connectionsId)).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query']));
      // The app table is the data stack's (its ARN an output of that stack).
      const appTable = statements.filter((statement) => JSON.stringify(statement.Resource).includes('DataTable')).flatMap(actionsOf);
      expect(appTable).toContain('dynamodb:GetItem');
      const writes = appTable.filter((action) => /Put|Update|Delete|Write/.test(action));
      if (fn === stream.routes) expect(writes).toEqual([]);
      else expect(writes).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
    }
  });
});

describe('the fan-out', () => {
  it('reads the app table’s stream of new images', () => {
    data.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
  });

  it('is triggered by INSERTs of event items only (pk begins with STREAM#), from the latest record', () => {
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping'));
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties;
    expect(mapping.FunctionName).toEqual({ Ref: fanoutId });
    expect(mapping.StartingPosition).toBe('LATEST');
    expect(JSON.stringify(mapping.EventSourceArn)).toMatch(/WildTigers-prod-Data.*DataTable\w*StreamArn/);
    const patterns = (mapping.FilterCriteria.Filters as { Pattern: string }[]).map((filter) => JSON.parse(filter.Pattern));
    expect(patterns).toEqual([{ eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: 'STREAM#' }] } } } }]);
  });

  it('is bundled from functions/stream-fanout.ts with the VAPID keys its alerts’ pushes are signed with, no other secret', () => {
    const env = functions[fanoutId]!.Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(env).filter((name) => name.endsWith('_SECRET_ARN'))).toEqual(['VAPID_KEYS_SECRET_ARN']);
    expect(functions[fanoutId]!.Properties).toMatchObject({ Handler: 'index.handler', Timeout: 60 });
  });
});

describe('the Management API', () => {
  it.each([
    ['routes', () => stream.routes],
    ['fan-out', () => stream.fanout],
  ])('the %s Lambda may post to (and learn of) this stage’s connections only: execute-api:ManageConnections', (_name, fn) => {
    const manage = statementsOf(fn()).filter((statement) => actionsOf(statement).includes('execute-api:ManageConnections'));
    expect(manage).toHaveLength(1);
    const resource = JSON.stringify(manage[0]!.Resource);
    expect(resource).toContain(webSocketApiId);
    expect(resource).toContain(`/${STREAM_STAGE}/*/@connections/*`);
  });

  it('is the Lambdas’ only execute-api permission', () => {
    for (const fn of [stream.routes, stream.fanout]) {
      const executeApi = statementsOf(fn)
        .flatMap(actionsOf)
        .filter((action) => action.startsWith('execute-api:'));
      expect(executeApi).toEqual(['execute-api:ManageConnections']);
    }
  });
});

describe('the page’s way in: the site’s /api/stream', () => {
  const distribution = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
  const behaviors = distribution.CacheBehaviors as Record<string, any>[];
  const apiBehavior = behaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
  const [association] = apiBehavior.FunctionAssociations as { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
  const code = resourcesOf(template, 'AWS::CloudFront::Function')[association!.FunctionARN['Fn::GetAtt'][0]]!.Properties.FunctionCode as {
    'Fn::Join': [string, unknown[]];
  };

  /** The function as CloudFront runs it, its `cloudfront` module faked; the API's host (a token at synth) as HOST. */
  function viewerRequest(uri: string): { uri: string; origins: unknown[] } {
    const source = code['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : 'HOST')).join('');
    const origins: unknown[] = [];
    const cf = { updateRequestOrigin: (origin: unknown) => origins.push(origin) };
    const handler = new Function('cf', `${source.replace(/^import cf from 'cloudfront';/, '')}; return handler;`)(cf);
    return { uri: handler({ request: { uri } }).uri, origins };
  }

  it('is served by the /api/* behaviour (no other behaviour matches it), which passes the upgrade uncached with its headers and cookies', () => {
    expect(STREAM_PATH).toBe('/api/stream');
    expect(apiBehavior).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader: Sec-WebSocket-*, Origin, Cookie
      ViewerProtocolPolicy: 'https-only',
    });
    expect(apiBehavior.AllowedMethods).toContain('GET');
    const matches = (pattern: string) => new RegExp(`^${pattern.replace(/\*/g, '.*')}$`).test(STREAM_PATH);
    expect(behaviors.filter((behavior) => matches(behavior.PathPattern)).map((behavior) => behavior.PathPattern)).toEqual(['/api/*']);
  });

  it('sends /api/stream to the WebSocket API’s host at the stage’s path (the API answers there only), and nothing else', () => {
    expect(association?.EventType).toBe('viewer-request');
    expect(JSON.stringify(code)).toContain(webSocketApiId);
    expect(viewerRequest(STREAM_PATH)).toEqual({ uri: `/${STREAM_STAGE}`, origins: [{ domainName: 'HOST' }] });
    expect(viewerRequest('/api/market/listings')).toEqual({ uri: '/api/market/listings', origins: [] });
    expect(viewerRequest('/api/stream/x')).toEqual({ uri: '/api/stream/x', origins: [] });
  });
});

describe('the app stack', () => {
  /** The logical ids a resource refers to (Ref, Fn::GetAtt, DependsOn). */
  function referencesOf(resource: Record<string, unknown>): string[] {
    const found: string[] = [...[(resource.DependsOn as string | string[] | undefined) ?? []].flat()];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'Ref' && typeof inner === 'string') found.push(inner);
          else if (key === 'Fn::GetAtt' && Array.isArray(inner)) found.push(String(inner[0]));
          else walk(inner);
        }
      }
    };
    walk(resource.Properties);
    return found;
  }

  it.each([
    ['with a site origin set', context],
    ['on the distribution’s own address', { stage: 'dev' }],
  ])('has no dependency cycle %s (the Lambdas read the site’s address, the site routes to the API, the API runs the Lambdas)', (_name, withContext) => {
    const resources = synthStacks({ context: withContext }).app.toJSON().Resources as Record<string, Record<string, unknown>>;
    const state = new Map<string, 'visiting' | 'done'>();
    const cycle: string[] = [];
    const visit = (id: string, path: string[]): boolean => {
      if (state.get(id) === 'done' || !resources[id]) return false;
      if (state.get(id) === 'visiting') {
        cycle.push(...path.slice(path.indexOf(id)), id);
        return true;
      }
      state.set(id, 'visiting');
      if (referencesOf(resources[id]).some((next) => visit(next, [...path, id]))) return true;
      state.set(id, 'done');
      return false;
    };
    for (const id of Object.keys(resources)) if (visit(id, [])) break;
    expect(cycle).toEqual([]);
  });
});
