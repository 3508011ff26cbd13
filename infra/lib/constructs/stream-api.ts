import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, type ITable, Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, type Function as LambdaFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { CONNECTIONS_TABLE_DEFINITION } from '../../../src/features/market-events/stream-connections-table';
import { EVENT_KEY_PREFIX } from '../../../src/features/market-events/stream-table-record';
import type { SecretName } from '../../../src/server/secrets';
import { appFunction } from './group-function';

/** The WebSocket API's stage: its URL is wss://{api}.execute-api.{region}.amazonaws.com/stream (the site's /api/stream leads there). */
export const STREAM_STAGE = 'stream';
/** The routes, selected by the frame's `action` (stream-protocol.ts); anything else is `$default`'s, answered with an error frame. */
export const STREAM_ROUTE_SELECTION = '$request.body.action';
export const STREAM_ROUTES = ['$connect', '$disconnect', '$default', 'subscribe', 'unsubscribe'] as const;
/** The routes' Lambda reads the session cookie at `$connect`; the fan-out signs the watch alerts' pushes. */
export const STREAM_SECRETS: readonly SecretName[] = ['SESSION_SECRET'];
export const FANOUT_SECRETS: readonly SecretName[] = ['VAPID_KEYS'];

export interface StreamApiProps {
  stage: string;
  /** The app table, with its stream (NEW_IMAGE): the event log, the sessions, and the fan-out's trigger. */
  table: ITable;
  secrets: Record<SecretName, ISecret>;
  environment: Record<string, string>;
  throttle: { rateLimit: number; burstLimit: number };
  logRemovalPolicy: RemovalPolicy;
}

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

/**
 * The live market in AWS (issue 57): an API Gateway WebSocket API whose routes ($connect,
 * $disconnect, subscribe, unsubscribe, $default) run functions/stream.ts; the connections table
 * (its items expire with the connection: TTL); and the fan-out (functions/stream-fanout.ts),
 * triggered by the app table's stream, filtered to the INSERTs of event items. Both Lambdas post
 * frames through the stage's Management API (execute-api:ManageConnections on this stage only).
 */
export class StreamApi extends Construct {
  readonly webSocketApi: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly connections: Table;
  /** The routes' Lambda. */
  readonly routes: LambdaFunction;
  readonly fanout: LambdaFunction;

  constructor(scope: Construct, id: string, props: StreamApiProps) {
    super(scope, id);
    const { partitionKey, sortKey, ttlAttribute } = CONNECTIONS_TABLE_DEFINITION;
    // Connections last two hours at most: nothing to keep when the stack goes.
    this.connections = new Table(this, 'Connections', {
      partitionKey: stringKey(partitionKey),
      sortKey: stringKey(sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: ttlAttribute,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const environment = { ...props.environment, TABLE_NAME: props.table.tableName, STREAM_CONNECTIONS_TABLE: this.connections.tableName };

    this.routes = appFunction(new Construct(this, 'Routes'), {
      description: `Wild Tigers ${props.stage} live market: WebSocket API routes`,
      name: 'stream',
      // A resume replays at most MAX_REPLAY_EVENTS frames, one post each.
      timeout: Duration.seconds(30),
      environment,
      secrets: STREAM_SECRETS.map((name) => [name, props.secrets[name]] as const),
      logRemovalPolicy: props.logRemovalPolicy,
    });
    props.table.grantReadData(this.routes);
    this.connections.grantReadWriteData(this.routes);
    for (const name of STREAM_SECRETS) props.secrets[name].grantRead(this.routes);

    const integration = new WebSocketLambdaIntegration('StreamRoutes', this.routes);
    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
      description: `Wild Tigers ${props.stage} live market stream`,
      routeSelectionExpression: STREAM_ROUTE_SELECTION,
      connectRouteOptions: { integration },
      disconnectRouteOptions: { integration },
      defaultRouteOptions: { integration },
    });
    for (const route of STREAM_ROUTES.filter((key) => !key.startsWith('$'))) this.webSocketApi.addRoute(route, { integration });
    this.stage = new WebSocketStage(this, 'Stage', { webSocketApi: this.webSocketApi, stageName: STREAM_STAGE, autoDeploy: true, throttle: props.throttle });
    this.routes.addEnvironment('STREAM_CALLBACK_URL', this.stage.callbackUrl);
    this.stage.grantManagementApiAccess(this.routes);

    this.fanout = appFunction(new Construct(this, 'Fanout'), {
      description: `Wild Tigers ${props.stage} live market: fan-out of the table's events`,
      name: 'stream-fanout',
      timeout: Duration.seconds(60),
      environment: { ...environment, STREAM_CALLBACK_URL: this.stage.callbackUrl },
      // The watch alerts it writes are pushed to the watchers' browsers, signed with the VAPID keys.
      secrets: FANOUT_SECRETS.map((name) => [name, props.secrets[name]] as const),
      logRemovalPolicy: props.logRemovalPolicy,
    });
    // It matches each event against the watches and writes the alerts (events of the watchers' streams, their inbox rows).
    props.table.grantReadWriteData(this.fanout);
    for (const name of FANOUT_SECRETS) props.secrets[name].grantRead(this.fanout);
    this.connections.grantReadWriteData(this.fanout);
    this.stage.grantManagementApiAccess(this.fanout);
    // One shard's batches run one after another, so a stream's events are sent in order. A failed batch is
    // retried (what was sent is not sent again); past that, a subscriber's next event reads the gap from the log.
    this.fanout.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        retryAttempts: 3,
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { Keys: { pk: { S: FilterRule.beginsWith(EVENT_KEY_PREFIX) } } },
          }),
        ],
      }),
    );
  }

  /** Sets one more environment variable on both Lambdas. */
  addEnvironment(name: string, value: string): void {
    this.routes.addEnvironment(name, value);
    this.fanout.addEnvironment(name, value);
  }
}
