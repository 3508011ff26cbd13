import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { SecretName } from '../../../src/server/secrets';
import { type GroupFunctionProps, appFunction } from './group-function';

/**
 * How often the reconciler runs. Every minute: a buyer whose settlement answer was lost waits at
 * most a minute past the grace period for the sale, the listing is not blocked longer, and the
 * ReconcilerBacklog alarm (the Minimum over 5 minutes) gets five data points a period, so one slow
 * run does not decide it. A run is a few index queries when nothing is pending: 43,200 invocations
 * a month, well inside Lambda's free tier.
 */
export const RECONCILER_RATE = Duration.minutes(1);

/** The secrets the reconciler reads: the HBAR market's (recording a purchase at SentX); it never signs a settlement. */
export const RECONCILER_SECRETS: readonly SecretName[] = ['SENTX_API_KEY', 'SENTX_AFFILIATE_KEY'];

/** What a route group's Lambda gets, less its routes: the stage, the table, the secrets, the environment, the logs' removal. */
export type ReconcilerProps = Omit<GroupFunctionProps, 'group' | 'routes'>;

/**
 * The scheduled reconciler (functions/reconciler.ts): a Lambda bundled as the route groups are,
 * invoked by an EventBridge rule every minute, with read-write access to the table and the HBAR
 * market's secrets. Runs may overlap or repeat: every write it makes is conditional.
 */
export class Reconciler extends Construct {
  readonly fn: LambdaFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: ReconcilerProps) {
    super(scope, id);
    this.fn = appFunction(this, {
      description: `Wild Tigers ${props.stage} reconciler (scheduled)`,
      name: 'reconciler',
      // functions/reconciler.ts keeps its work within RECONCILER_BUDGET_MS (50 s) of this.
      timeout: Duration.seconds(60),
      environment: { ...props.environment, TABLE_NAME: props.table.tableName },
      secrets: RECONCILER_SECRETS.map((name) => [name, props.secrets[name]] as const),
      logRemovalPolicy: props.logRemovalPolicy,
    });
    props.table.grantReadWriteData(this.fn);
    for (const name of RECONCILER_SECRETS) props.secrets[name].grantRead(this.fn);

    // A failed run is not retried: the next one comes within the minute and does the same work.
    this.rule = new Rule(this, 'Schedule', {
      description: `Wild Tigers ${props.stage}: runs the reconciler`,
      schedule: Schedule.rate(RECONCILER_RATE),
      targets: [new LambdaTarget(this.fn, { retryAttempts: 0 })],
    });
  }

  /** Sets one more environment variable on the reconciler. */
  addEnvironment(name: string, value: string): void {
    this.fn.addEnvironment(name, value);
  }
}
