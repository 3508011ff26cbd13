import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaBuildOptions } from '../../infra/lib/bundling';
import { IMAGE_ENTRY, IMAGE_NATIVE_MODULES, IMAGE_PLATFORM, nativeModuleVersions } from '../../infra/lib/image-bundling';
import { THUMBNAIL_CACHE_CONTROL } from '../../src/features/tiger/thumbnail-rules';
import { resourcesOf, synthStacks } from './synth';

const context = { stage: 'prod', network: 'mainnet', nftTokenId: '0.0.1234', marketplaceAccountId: '0.0.5678', siteOrigin: 'https://wildtigers.example' };
const { stacks, app: template } = synthStacks({ context });
const imageFunctionId = stacks.app.getLogicalId(stacks.app.images.fn.node.defaultChild as CfnElement);
const distribution = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
const behaviors = distribution.CacheBehaviors as Record<string, any>[];
const imageBehavior = behaviors.find((behavior) => behavior.PathPattern === '/img/*');

describe('image route in AWS', () => {
  it('is its own Lambda on the platform sharp is installed for, with the app settings and no table or secret', () => {
    const fn = resourcesOf(template, 'AWS::Lambda::Function')[imageFunctionId]!.Properties;
    expect(fn.Architectures).toEqual([IMAGE_PLATFORM.cpu]);
    expect(fn.Runtime).toBe('nodejs22.x');
    expect(fn.MemorySize).toBeGreaterThanOrEqual(1024);
    expect(fn.Environment.Variables).toMatchObject({ NETWORK: 'mainnet', NFT_TOKEN_ID: '0.0.1234', SITE_ORIGIN: 'https://wildtigers.example' });
    expect(fn.Environment.Variables.TABLE_NAME).toBeUndefined();
  });

  it('is reached only through CloudFront: an IAM-authenticated function URL signed by Origin Access Control', () => {
    const urls = Object.values(resourcesOf(template, 'AWS::Lambda::Url'));
    expect(urls).toHaveLength(1);
    expect(urls[0]!.Properties).toMatchObject({ AuthType: 'AWS_IAM', TargetFunctionArn: { 'Fn::GetAtt': [imageFunctionId, 'Arn'] } });
    const origin = (distribution.Origins as Record<string, any>[]).find((candidate) => candidate.Id === imageBehavior?.TargetOriginId);
    expect(origin?.OriginAccessControlId).toBeDefined();
    const controls = Object.values(resourcesOf(template, 'AWS::CloudFront::OriginAccessControl')).map(
      (control) => control.Properties.OriginAccessControlConfig,
    );
    expect(controls).toContainEqual(expect.objectContaining({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always' }));
    // CloudFront, and only this distribution, may invoke it (the URL call and the invocation behind it).
    const urlId = Object.keys(resourcesOf(template, 'AWS::Lambda::Url'))[0]!;
    const permissions = Object.values(resourcesOf(template, 'AWS::Lambda::Permission'))
      .map((permission) => permission.Properties)
      .filter((permission) => JSON.stringify(permission.FunctionName).includes(urlId));
    expect(permissions.map((permission) => permission.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const permission of permissions) {
      expect(permission.Principal).toBe('cloudfront.amazonaws.com');
      expect(JSON.stringify(permission.SourceArn)).toContain(':distribution/');
    }
  });

  it('has the /img/* behaviour: GET and HEAD, cached as the origin says (a year, immutable), keyed on the path only', () => {
    expect(imageBehavior).toBeDefined();
    expect(imageBehavior!.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(imageBehavior!.ResponseHeadersPolicyId).toBeDefined();
    const cache = resourcesOf(template, 'AWS::CloudFront::CachePolicy')[imageBehavior!.CachePolicyId.Ref]!.Properties.CachePolicyConfig;
    expect(cache.MaxTTL).toBeGreaterThanOrEqual(Number(/max-age=(\d+)/.exec(THUMBNAIL_CACHE_CONTROL)?.[1]));
    expect(cache.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      CookiesConfig: { CookieBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
    });
  });
});

describe('image Lambda bundle', () => {
  it('leaves sharp external (installed beside it, pinned) and carries no sandbox code', async () => {
    expect(nativeModuleVersions().sharp).toMatch(/^\d+\.\d+\.\d+$/);
    const dir = mkdtempSync(join(tmpdir(), 'wt-img-bundle-'));
    try {
      const result = await build({ ...lambdaBuildOptions(IMAGE_ENTRY, join(dir, 'index.mjs')), external: [...IMAGE_NATIVE_MODULES] });
      const inputs = Object.keys(result.metafile?.inputs ?? {});
      expect(inputs.some((input) => input.includes('node_modules/sharp/'))).toBe(false);
      expect(inputs.some((input) => input.includes('src/sandbox/'))).toBe(false);
      expect(readFileSync(join(dir, 'index.mjs'), 'utf8')).toMatch(/import\("sharp"\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
