import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { groupBuildOptions } from '../../infra/lib/bundling';
import { RECONCILER_SECRETS } from '../../infra/lib/constructs/reconciler';
import { resourcesOf, synthStacks } from './synth';

const base = { stage: 'prod', network: 'mainnet', nftTokenId: '0.0.1234', marketplaceAccountId: '0.0.5678', siteOrigin: 'https://wildtigers.example' };

describe('the scheduled reconciler', () => {
  const { app: template, stacks } = synthStacks({ context: base });
  const reconcilerId = stacks.app.getLogicalId(stacks.app.reconciler.fn.node.defaultChild as never);
  const fn = resourcesOf(template, 'AWS::Lambda::Function')[reconcilerId];

  it('runs every minute: an EventBridge rule targets the reconciler Lambda, which the rule may invoke', () => {
    const rules = Object.values(resourcesOf(template, 'AWS::Events::Rule'));
    expect(rules).toHaveLength(1);
    expect(rules[0]?.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    expect(rules[0]?.Properties.Targets).toEqual([
      expect.objectContaining({ Arn: { 'Fn::GetAtt': [reconcilerId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } }),
    ]);
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [reconcilerId, 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
  });

  it('is bundled from functions/reconciler.ts, with the table, the stage and only the HBAR market secrets', () => {
    expect(fn?.Properties).toMatchObject({ Handler: 'index.handler', Runtime: 'nodejs22.x', Timeout: 60 });
    const env = fn?.Properties.Environment.Variables as Record<string, unknown>;
    expect(env).toMatchObject({ NETWORK: 'mainnet', STAGE: 'prod', SITE_ORIGIN: 'https://wildtigers.example' });
    expect(env).toHaveProperty('TABLE_NAME');
    expect(Object.keys(env).filter((name) => name.endsWith('_SECRET_ARN'))).toEqual(RECONCILER_SECRETS.map((name) => `${name}_SECRET_ARN`));
  });

  it('is watched by the Lambda alarms and the dashboard', () => {
    const errors = resourcesOf(template, 'AWS::CloudWatch::Alarm');
    const lambdaErrors = Object.values(errors).find((alarm) => alarm.Properties.AlarmName === 'WildTigers-prod-LambdaErrors');
    expect(JSON.stringify(lambdaErrors?.Properties.Metrics)).toContain(reconcilerId);
  });
});

describe('the reconciler bundle', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'wt-reconciler-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('bundles as the route groups do, without sandbox code, within the ledger-SDK budget', async () => {
    const outfile = join(outDir, 'index.mjs');
    const { metafile } = await build(groupBuildOptions('reconciler', outfile));
    expect(Object.keys(metafile?.inputs ?? {}).filter((path) => path.startsWith('src/sandbox/'))).toEqual([]);
    // It records HBAR purchases through the SentX adapter as the market group does (its prepared-transaction check and
    // the affiliate's signed sign-in carry the ledger SDK), so it has the 2 MB budget of the ledger-SDK groups.
    expect(statSync(outfile).size).toBeLessThanOrEqual(2048 * 1024);
  });
});
