import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { RouteDef } from '../../src/server/http/route-types';
import type { SecretName } from '../../src/server/secrets';
import { Api } from './constructs/api';
import { ImageFunction } from './constructs/image-function';
import { Monitoring } from './constructs/monitoring';
import { Reconciler } from './constructs/reconciler';
import { Site } from './constructs/site';
import { StreamApi } from './constructs/stream-api';
import type { Settings } from './settings';
import { readSiteBuild } from './site-build';
import { requireRarityDataset } from '../../src/server/rarity-dataset';

export interface AppStackProps extends StackProps {
  settings: Settings;
  routes: readonly RouteDef[];
  table: ITable;
  secrets: Record<SecretName, ISecret>;
}

/** The stateless app: the API (Lambdas + HTTP API) and the site (bucket + CloudFront) on one origin. */
export class AppStack extends Stack {
  readonly api: Api;
  readonly images: ImageFunction;
  readonly site: Site;
  readonly monitoring: Monitoring;
  readonly reconciler: Reconciler;
  readonly stream: StreamApi;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const removalPolicy = settings.dev ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;

    this.api = new Api(this, 'Api', {
      stage: settings.stage,
      routes: props.routes,
      table: props.table,
      secrets: props.secrets,
      environment: lambdaEnvironment(settings),
      throttle: settings.apiThrottle,
      logRemovalPolicy: removalPolicy,
    });
    this.images = new ImageFunction(this, 'Images', { stage: settings.stage, environment: lambdaEnvironment(settings), logRemovalPolicy: removalPolicy });
    this.reconciler = new Reconciler(this, 'Reconciler', {
      stage: settings.stage,
      table: props.table,
      secrets: props.secrets,
      environment: lambdaEnvironment(settings),
      logRemovalPolicy: removalPolicy,
    });
    this.stream = new StreamApi(this, 'Stream', {
      stage: settings.stage,
      table: props.table,
      secrets: props.secrets,
      environment: lambdaEnvironment(settings),
      throttle: settings.apiThrottle,
      logRemovalPolicy: removalPolicy,
    });
    const build = readSiteBuild(settings.siteDir);
    // A mainnet site is deployed with the collection's rarity dataset or not at all.
    if (build && settings.network === 'mainnet') requireRarityDataset(build.dir);
    this.site = new Site(this, 'Site', {
      stage: settings.stage,
      build,
      api: this.api.httpApi,
      stream: { api: this.stream.webSocketApi, stageName: this.stream.stage.stageName },
      images: this.images.url,
      routes: props.routes,
      removalPolicy,
      autoDeleteObjects: settings.dev,
    });
    const siteUrl = `https://${this.site.distribution.distributionDomainName}`;
    this.api.addEnvironment('SITE_ORIGIN', settings.siteOrigin ?? siteUrl);
    this.reconciler.addEnvironment('SITE_ORIGIN', settings.siteOrigin ?? siteUrl);
    // $connect refuses a page of any other origin.
    this.stream.addEnvironment('SITE_ORIGIN', settings.siteOrigin ?? siteUrl);
    // The distribution's own address would be a cycle (distribution -> function URL -> function); thumbnails need no rarity.
    if (settings.siteOrigin) this.images.fn.addEnvironment('SITE_ORIGIN', settings.siteOrigin);

    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: settings.stage,
      httpApi: this.api.httpApi,
      functions: new Map([...this.api.functions, ['reconciler', this.reconciler.fn] as const]),
      stream: { routes: this.stream.routes, fanout: this.stream.fanout },
      table: props.table,
      ...(settings.alarmEmail ? { alarmEmail: settings.alarmEmail } : {}),
    });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The site (CloudFront)' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.stage.url, description: 'The HTTP API (also served under /api on the site)' });
    // The page reaches the stream at wss://<site>/api/stream (CloudFront, stream-routing.ts); this is the API's own address.
    new CfnOutput(this, 'StreamUrl', { value: this.stream.stage.url, description: 'The live market WebSocket API (also served at /api/stream on the site)' });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn, description: 'SNS topic the alarms notify' });
    new CfnOutput(this, 'DashboardName', { value: this.monitoring.dashboard.dashboardName, description: 'CloudWatch dashboard' });
  }
}

/** The settings each handler reads from its environment (src/server/config.ts), only those given. */
function lambdaEnvironment(settings: Settings): Record<string, string> {
  const optional = {
    NFT_TOKEN_ID: settings.nftTokenId,
    PAWS_TOKEN_ID: settings.pawsTokenId,
    MARKETPLACE_ACCOUNT_ID: settings.marketplaceAccountId,
    MIRROR_NODE_URL: settings.mirrorNodeUrl,
    SENTX_AFFILIATE_ACCOUNT_ID: settings.sentxAffiliateAccountId,
  };
  const given = Object.entries(optional).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return { NETWORK: settings.network, STAGE: settings.stage, LOG_LEVEL: settings.logLevel, APP_VERSION: settings.appVersion, ...Object.fromEntries(given) };
}
