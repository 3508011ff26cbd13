import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { TABLE_DEFINITION } from '../../src/platform/store/table';
import { resourcesOf, synthStacks } from './synth';

const dev = synthStacks({ context: { stage: 'dev-alice' } });
const prod = synthStacks({ context: { stage: 'prod', network: 'mainnet', nftTokenId: '0.0.1234', marketplaceAccountId: '0.0.5678' } });

describe('data stack', () => {
  it('holds the one table of TABLE_DEFINITION: keys, GSIs, TTL, on-demand, point-in-time recovery', () => {
    const { partitionKey, sortKey, ttlAttribute, globalSecondaryIndexes } = TABLE_DEFINITION;
    const keys = (hash: string, range: string) => [
      { AttributeName: hash, KeyType: 'HASH' },
      { AttributeName: range, KeyType: 'RANGE' },
    ];
    const tables = resourcesOf(prod.data, 'AWS::DynamoDB::Table');
    expect(Object.keys(tables)).toHaveLength(1);
    prod.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: keys(partitionKey, sortKey),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: keys(index.partitionKey, index.sortKey),
        Projection: { ProjectionType: 'ALL' },
      })),
      AttributeDefinitions: Match.arrayWith([{ AttributeName: partitionKey, AttributeType: 'S' }]),
    });
  });

  it('retains and protects the data outside dev stages', () => {
    prod.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    for (const secret of Object.values(resourcesOf(prod.data, 'AWS::SecretsManager::Secret'))) expect(secret.DeletionPolicy).toBe('Retain');
    expect(prod.stacks.data.terminationProtection).toBe(true);
  });

  it('destroys the data with a dev stage', () => {
    dev.data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', Properties: Match.objectLike({ DeletionProtectionEnabled: false }) });
    for (const secret of Object.values(resourcesOf(dev.data, 'AWS::SecretsManager::Secret'))) expect(secret.DeletionPolicy).toBe('Delete');
    expect(dev.stacks.data.terminationProtection).toBe(false);
  });

  it('creates the secrets with generated values (the session key) or placeholders to replace', () => {
    const secrets = Object.values(resourcesOf(prod.data, 'AWS::SecretsManager::Secret'));
    const descriptions = secrets.map((secret) => secret.Properties.Description as string);
    for (const holds of ['session cookies', 'PAWS marketplace account', 'SentX', 'SaucerSwap']) {
      expect(descriptions.some((description) => description.includes(holds))).toBe(true);
    }
    for (const secret of secrets) expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64 });
  });

  it('names the stacks by stage and outputs the table name', () => {
    expect(prod.stacks.data.stackName).toBe('WildTigers-prod-Data');
    expect(prod.stacks.app.stackName).toBe('WildTigers-prod-App');
    prod.data.hasOutput('TableName', {});
  });
});
