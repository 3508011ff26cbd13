/**
 * The app's own metrics, as CloudWatch embedded-metric-format log lines: a Lambda writes one JSON
 * line and CloudWatch turns it into a metric (no SDK, no API call). The CDK stack alarms on them
 * (infra/lib/constructs/monitoring.ts).
 */

/** The CloudWatch namespace of every metric below. */
export const METRICS_NAMESPACE = 'WildTigers';

export const METRIC_NAMES = [
  /** An API answer with a 5xx status. */
  'Http5xx',
  /** The mirror node could not be read (unreachable, rate-limited after retries, malformed answer). */
  'MirrorErrors',
  /** The external HBAR market could not be reached. */
  'MarketErrors',
  /** PAWS settlements: confirmed SUCCESS, refused by the ledger, or left for reconciliation (no answer in time). */
  'SettlementSucceeded',
  'SettlementFailed',
  'SettlementUnconfirmed',
  /** Records the reconciler found in an intermediate state past their deadline, and those it settled. */
  'ReconcilerBacklog',
  'ReconcilerSettled',
  /** Offer makers whose PAWS the funding job read from the mirror node (two requests each). */
  'OfferFundsRead',
] as const;

export type MetricName = (typeof METRIC_NAMES)[number];

export interface MetricPoint {
  name: MetricName;
  value: number;
}

type Sink = (point: MetricPoint) => void;

/** One EMF line: the metric under the namespace, with the stage as its only dimension. */
export function emfLine(point: MetricPoint, stage: string, timestamp: number): string {
  return JSON.stringify({
    _aws: {
      Timestamp: timestamp,
      CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [['Stage']], Metrics: [{ Name: point.name, Unit: 'Count' }] }],
    },
    Stage: stage,
    [point.name]: point.value,
  });
}

/** The deployed stage (STAGE, which server/config.ts checks at start; `local` off AWS): the metrics' dimension. */
const lambdaSink: Sink = (point) => process.stdout.write(`${emfLine(point, process.env.STAGE ?? 'local', Date.now())}\n`);

/** In a Lambda, EMF to stdout; elsewhere (the local server, tests) nothing unless a sink is set. */
let sink: Sink | undefined = process.env.AWS_LAMBDA_FUNCTION_NAME ? lambdaSink : undefined;

/** Counts one occurrence (or `value`) of a metric. */
export function countMetric(name: MetricName, value = 1): void {
  sink?.({ name, value });
}

/** Test seam: where metrics go (undefined: nowhere). */
export function setMetricSink(next: Sink | undefined): void {
  sink = next;
}
