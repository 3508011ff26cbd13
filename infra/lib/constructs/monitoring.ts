import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  SingleValueWidget,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, type MetricName } from '../../../src/platform/metrics';

export interface MonitoringProps {
  stage: string;
  httpApi: HttpApi;
  /** Every Lambda of the app (route groups and the reconciler), by name. */
  functions: ReadonlyMap<string, IFunction>;
  /** The live market's Lambdas: the WebSocket API's routes and the fan-out on the table's stream. */
  stream: { routes: IFunction; fanout: IFunction };
  table: ITable;
  /** Where alarm notifications are e-mailed (`-c alarmEmail=...`); the topic exists either way. */
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/** What each alarm watches, for the README's operations notes and the infra tests. */
export const ALARMS = {
  Api5xxRate: 'More than 5% of API requests answered 5xx over 5 minutes (at least 20 requests)',
  LambdaErrors: 'A Lambda of the app failed (uncaught error, time-out or crash) in 2 of the last 3 five-minute periods',
  LambdaThrottles: 'Lambda invocations were throttled (concurrency limit reached)',
  SettlementFailures: 'A PAWS settlement was refused by the ledger or left unconfirmed',
  MirrorErrors: 'The mirror node failed API requests (unreachable, rate-limited or malformed answers) for 10 minutes',
  ReconcilerBacklog: 'Records left in an intermediate state past their deadline for 30 minutes: the reconciler cannot settle them',
  DynamoDbThrottles: 'The table throttled reads or writes',
  StreamLambdaErrors: 'A Lambda of the live market (its WebSocket routes or the fan-out) failed or was throttled in 2 of the last 3 five-minute periods',
  StreamFanoutLag: 'The live market fan-out is more than a minute behind the table stream for 10 minutes: pages get events late',
} as const;

/**
 * Alarms on what can hurt a holder (API errors, failed settlements, a mirror node that is down,
 * work the reconciler cannot finish, throttling), an SNS topic they notify (with an optional e-mail
 * subscription), and one dashboard of the same figures.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Record<keyof typeof ALARMS, Alarm>;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `Wild Tigers ${props.stage} alarms` });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const appMetric = (name: MetricName, statistic = 'Sum') =>
      new Metric({ namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: { Stage: props.stage }, statistic, period: FIVE_MINUTES });
    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES });
    const functions = [...props.functions.values()];
    // Each sum names its metrics with its own prefix: a graph may show several sums.
    const sumOf = (label: string, metrics: IMetric[]) => {
      const prefix = label.toLowerCase().replace(/[^a-z]/g, '');
      return new MathExpression({
        expression: metrics.map((_, index) => `${prefix}${index}`).join(' + ') || '0',
        usingMetrics: Object.fromEntries(metrics.map((metric, index) => [`${prefix}${index}`, metric])),
        label,
        period: FIVE_MINUTES,
      });
    };
    const lambdaErrors = sumOf(
      'Lambda errors',
      functions.map((fn) => fn.metricErrors({ period: FIVE_MINUTES })),
    );
    const lambdaThrottles = sumOf(
      'Lambda throttles',
      functions.map((fn) => fn.metricThrottles({ period: FIVE_MINUTES })),
    );
    const tableThrottles = sumOf('Table throttle events', [
      props.table.metric('ReadThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES }),
      props.table.metric('WriteThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES }),
    ]);
    const errorRate = new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      label: 'API 5xx %',
      period: FIVE_MINUTES,
    });
    const { routes, fanout } = props.stream;
    // Their own sum: an alarm's math holds at most 10 metrics, and the app's Lambdas fill LambdaErrors'.
    const streamFailures = sumOf('Live market Lambda errors and throttles', [
      routes.metricErrors({ period: FIVE_MINUTES }),
      fanout.metricErrors({ period: FIVE_MINUTES }),
      routes.metricThrottles({ period: FIVE_MINUTES }),
      fanout.metricThrottles({ period: FIVE_MINUTES }),
    ]);
    const fanoutLag = new Metric({
      namespace: 'AWS/Lambda',
      metricName: 'IteratorAge',
      dimensionsMap: { FunctionName: fanout.functionName },
      statistic: 'Maximum',
      period: FIVE_MINUTES,
    });
    const settlementFailures = sumOf('Settlements failed or unconfirmed', [appMetric('SettlementFailed'), appMetric('SettlementUnconfirmed')]);

    const alarm = (name: keyof typeof ALARMS, metric: IMetric, threshold: number, periods = 1, datapoints = periods) => {
      const created = new Alarm(this, name, {
        alarmName: `WildTigers-${props.stage}-${name}`,
        alarmDescription: ALARMS[name],
        metric,
        threshold,
        evaluationPeriods: periods,
        datapointsToAlarm: datapoints,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(new SnsAction(this.topic));
      created.addOkAction(new SnsAction(this.topic));
      return created;
    };
    this.alarms = {
      Api5xxRate: alarm('Api5xxRate', errorRate, 5),
      LambdaErrors: alarm('LambdaErrors', lambdaErrors, 1, 3, 2),
      LambdaThrottles: alarm('LambdaThrottles', lambdaThrottles, 1),
      SettlementFailures: alarm('SettlementFailures', settlementFailures, 1),
      MirrorErrors: alarm('MirrorErrors', appMetric('MirrorErrors'), 5, 2),
      ReconcilerBacklog: alarm('ReconcilerBacklog', appMetric('ReconcilerBacklog', 'Minimum'), 1, 6),
      DynamoDbThrottles: alarm('DynamoDbThrottles', tableThrottles, 1),
      StreamLambdaErrors: alarm('StreamLambdaErrors', streamFailures, 1, 3, 2),
      StreamFanoutLag: alarm('StreamFanoutLag', fanoutLag, 60_000, 2),
    };

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `WildTigers-${props.stage}` });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Wild Tigers ${props.stage}\nAlarms notify the SNS topic; what each means and what to do: README, *Operations*.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests and 5xx', left: [requests, serverErrors], right: [errorRate], width: 12 }),
      new GraphWidget({ title: 'Lambda errors and throttles', left: [lambdaErrors, lambdaThrottles], width: 12 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'PAWS settlements',
        left: [appMetric('SettlementSucceeded'), appMetric('SettlementFailed'), appMetric('SettlementUnconfirmed')],
        width: 12,
      }),
      new GraphWidget({
        title: 'Reconciler',
        left: [appMetric('ReconcilerBacklog', 'Maximum'), appMetric('ReconcilerSettled'), appMetric('OfferFundsRead')],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Upstream errors', left: [appMetric('MirrorErrors'), appMetric('MarketErrors')], width: 12 }),
      new GraphWidget({ title: 'DynamoDB throttles', left: [tableThrottles], width: 6 }),
      new SingleValueWidget({
        title: 'Lambda duration p99 (ms)',
        metrics: functions.map((fn) => fn.metricDuration({ statistic: 'p99', period: FIVE_MINUTES })),
        width: 6,
      }),
    );
  }
}
