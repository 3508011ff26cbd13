import { describe, expect, it } from 'vitest';
import { ALARMS } from '../../infra/lib/constructs/monitoring';
import { METRIC_NAMES } from '../../src/platform/metrics';
import { routeGroups } from '../../src/server/routes';
import { resourcesOf, synthStacks } from './synth';

const base = { stage: 'prod', network: 'mainnet', nftTokenId: '0.0.1234', marketplaceAccountId: '0.0.5678', siteOrigin: 'https://wildtigers.example' };

describe('alarms, their topic and the dashboard', () => {
  const { app: template, stacks } = synthStacks({ context: { ...base, alarmEmail: 'ops@wildtigers.example' } });
  const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
  const alarmNamed = (name: string) => alarms.find((alarm) => alarm.Properties.AlarmName === `WildTigers-prod-${name}`);
  const topicId = stacks.app.getLogicalId(stacks.app.monitoring.topic.node.defaultChild as never);

  it.each(Object.keys(ALARMS))('has the %s alarm, notifying the topic on alarm and on recovery', (name) => {
    const alarm = alarmNamed(name);
    expect(alarm, name).toBeDefined();
    expect(alarm?.Properties.AlarmDescription).toBe(ALARMS[name as keyof typeof ALARMS]);
    expect(alarm?.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    expect(alarm?.Properties.OKActions).toEqual([{ Ref: topicId }]);
    expect(alarm?.Properties.TreatMissingData).toBe('notBreaching');
  });

  it('has no other alarm', () => {
    expect(alarms).toHaveLength(Object.keys(ALARMS).length);
  });

  it('alarms on the app metrics the handlers emit, under the stage dimension', () => {
    const settlement = JSON.stringify(alarmNamed('SettlementFailures')?.Properties.Metrics);
    expect(settlement).toContain('"MetricName":"SettlementFailed"');
    expect(settlement).toContain('"MetricName":"SettlementUnconfirmed"');
    expect(settlement).toContain('"Namespace":"WildTigers"');
    expect(settlement).toContain('{"Name":"Stage","Value":"prod"}');
    expect(alarmNamed('ReconcilerBacklog')?.Properties).toMatchObject({ MetricName: 'ReconcilerBacklog', Namespace: 'WildTigers', EvaluationPeriods: 6 });
    expect(alarmNamed('MirrorErrors')?.Properties).toMatchObject({ MetricName: 'MirrorErrors', Namespace: 'WildTigers' });
    for (const name of ['SettlementFailed', 'SettlementUnconfirmed', 'ReconcilerBacklog', 'MirrorErrors'] as const) expect(METRIC_NAMES).toContain(name);
  });

  it('sums errors and throttles over every Lambda of the app', () => {
    const errors = JSON.stringify(alarmNamed('LambdaErrors')?.Properties.Metrics);
    const throttles = JSON.stringify(alarmNamed('LambdaThrottles')?.Properties.Metrics);
    for (const group of routeGroups()) {
      const id = stacks.app.getLogicalId(stacks.app.api.functions.get(group)?.node.defaultChild as never);
      expect(errors).toContain(id);
      expect(throttles).toContain(id);
    }
  });

  it('watches the live market’s Lambdas in an alarm of their own, and the fan-out’s lag behind the table stream', () => {
    const stream = JSON.stringify(alarmNamed('StreamLambdaErrors')?.Properties.Metrics);
    for (const fn of [stacks.app.stream.routes, stacks.app.stream.fanout]) expect(stream).toContain(stacks.app.getLogicalId(fn.node.defaultChild as never));
    expect(stream.match(/"MetricName":"Errors"/g)).toHaveLength(2);
    expect(stream.match(/"MetricName":"Throttles"/g)).toHaveLength(2);
    const lag = alarmNamed('StreamFanoutLag')?.Properties;
    expect(lag).toMatchObject({ MetricName: 'IteratorAge', Namespace: 'AWS/Lambda', Statistic: 'Maximum', Threshold: 60_000, EvaluationPeriods: 2 });
    expect(JSON.stringify(lag?.Dimensions)).toContain(stacks.app.getLogicalId(stacks.app.stream.fanout.node.defaultChild as never));
  });

  it('watches the 5xx rate of the HTTP API and the throttling of the table', () => {
    expect(JSON.stringify(alarmNamed('Api5xxRate')?.Properties.Metrics)).toMatch(
      /"MetricName":"5xx".*"MetricName":"Count"|"MetricName":"Count".*"MetricName":"5xx"/,
    );
    const table = JSON.stringify(alarmNamed('DynamoDbThrottles')?.Properties.Metrics);
    expect(table).toContain('ReadThrottleEvents');
    expect(table).toContain('WriteThrottleEvents');
  });

  it('e-mails the topic when asked to, and has one dashboard', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@wildtigers.example', TopicArn: { Ref: topicId } });
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    template.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'WildTigers-prod' });
  });

  it('without an alarm e-mail the topic has no subscription', () => {
    synthStacks({ context: base }).app.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('tells each Lambda its stage (the metrics dimension)', () => {
    for (const fn of Object.values(resourcesOf(template, 'AWS::Lambda::Function')).filter((f) => f.Properties.Environment?.Variables?.NETWORK)) {
      expect(fn.Properties.Environment.Variables.STAGE).toBe('prod');
    }
  });
});
