import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cachedApiPatterns } from '../../infra/lib/api-behaviors';
import { ROUTES } from '../../src/server/routes';
import { fixtureSite, resourcesOf, synthStacks } from './synth';

/** CloudFront's managed policies. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const site = fixtureSite();
const { app: template } = synthStacks({ context: { stage: 'dev', siteDir: site.dir } });
const withoutBuild = synthStacks({ context: { stage: 'dev', siteDir: `${site.dir}/missing` } });

type Behavior = Record<string, any>;
const distribution = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
const defaultBehavior: Behavior = distribution.DefaultCacheBehavior;
const behaviors: Behavior[] = distribution.CacheBehaviors;
const apiBehavior = behaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
const cachedBehaviors = behaviors.filter((behavior) => behavior !== apiBehavior);
const customCachePolicies = resourcesOf(template, 'AWS::CloudFront::CachePolicy');
const customOriginPolicies = resourcesOf(template, 'AWS::CloudFront::OriginRequestPolicy');
const policyConfig = (id: unknown, policies: typeof customCachePolicies) => policies[(id as { Ref: string }).Ref]!.Properties;

const cspOf = (stack: typeof template) =>
  Object.values(resourcesOf(stack, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig
    .ContentSecurityPolicy.ContentSecurityPolicy as string;

describe('site bucket', () => {
  it('is private: all public access blocked, TLS enforced, no website hosting', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    for (const bucket of Object.values(resourcesOf(template, 'AWS::S3::Bucket'))) expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
  });

  it('grants nothing to everyone: a statement with principal * is a Deny with a condition', () => {
    const statements = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy')).flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as Behavior[],
    );
    const toEveryone = statements.filter((statement) => ['"*"', '{"AWS":"*"}'].includes(JSON.stringify(statement.Principal)));
    expect(toEveryone.length).toBeGreaterThan(0);
    for (const statement of toEveryone) expect(statement).toMatchObject({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } });
    expect(
      statements.some((statement) => statement.Principal?.Service === 'cloudfront.amazonaws.com' && statement.Condition?.StringEquals?.['AWS:SourceArn']),
    ).toBe(true);
  });
});

describe('CloudFront', () => {
  it('serves the bucket through Origin Access Control with index.html as the root object', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    expect(distribution.DefaultRootObject).toBe('index.html');
    const s3Origin = (distribution.Origins as Behavior[]).find((origin) => origin.Id === defaultBehavior.TargetOriginId);
    expect(s3Origin?.OriginAccessControlId).toBeDefined();
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });

  it('forwards no cookies on the site behaviour', () => {
    expect(defaultBehavior.CachePolicyId).toBe(CACHING_OPTIMIZED);
    expect(defaultBehavior.OriginRequestPolicyId).toBeUndefined();
    expect(defaultBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('routes /api/* to the HTTP API uncached, with cookies and all methods', () => {
    expect(apiBehavior).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
    });
    expect(apiBehavior.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    const apiOrigin = (distribution.Origins as Behavior[]).find((origin) => origin.Id === apiBehavior.TargetOriginId);
    expect(JSON.stringify(apiOrigin?.DomainName)).toContain('ApiEndpoint');
    expect(apiOrigin?.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('caches public GET routes at the edge, before /api/*, keyed on the query string and never on cookies', () => {
    expect(cachedBehaviors.map((behavior) => behavior.PathPattern)).toEqual(cachedApiPatterns(ROUTES));
    expect(behaviors.at(-1)).toBe(apiBehavior);
    for (const behavior of cachedBehaviors) {
      expect(behavior.AllowedMethods).toEqual(['GET', 'HEAD']);
      const cache = policyConfig(behavior.CachePolicyId, customCachePolicies).CachePolicyConfig;
      expect(cache).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
      expect(cache.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
        CookiesConfig: { CookieBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      });
      const origin = policyConfig(behavior.OriginRequestPolicyId, customOriginPolicies).OriginRequestPolicyConfig;
      expect(origin.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    }
  });

  it('puts the security headers on every behaviour: CSP with frame-ancestors none, HSTS, nosniff, DENY, referrer policy', () => {
    const [policyId] = Object.keys(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy'));
    for (const behavior of [defaultBehavior, ...behaviors]) expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        },
      },
    });
    const csp = cspOf(template);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self' wss://relay.walletconnect.com");
    expect(csp).toContain('frame-src https://verify.walletconnect.com https://verify.walletconnect.org;');
  });

  it("allows the build's inline scripts by hash, and no inline script without a build", () => {
    const hash = createHash('sha256').update(site.inlineScript).digest('base64');
    expect(cspOf(template)).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(cspOf(withoutBuild.app)).toContain("script-src 'self';");
  });

  it('maps pages and the 404 status with CloudFront Functions on the site behaviour', () => {
    const events = (defaultBehavior.FunctionAssociations as Behavior[]).map((association) => association.EventType).sort();
    expect(events).toEqual(['viewer-request', 'viewer-response']);
    const functions = Object.values(resourcesOf(template, 'AWS::CloudFront::Function'));
    expect(functions.some((fn) => (fn.Properties.FunctionCode as string).includes('"/about.html":1'))).toBe(true);
    for (const behavior of behaviors) expect(behavior.FunctionAssociations).toBeUndefined();
  });

  it('outputs the site URL', () => {
    const [distributionId] = Object.keys(resourcesOf(template, 'AWS::CloudFront::Distribution'));
    template.hasOutput('SiteUrl', { Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] } });
  });
});

describe('site content', () => {
  it('uploads the build (assets, 404 page with its status marker, pages) and invalidates the distribution', () => {
    const deployments = Object.values(resourcesOf(template, 'Custom::CDKBucketDeployment')).map((deployment) => deployment.Properties);
    expect(deployments).toHaveLength(3);
    expect(deployments.find((deployment) => deployment.Include?.includes('404.html'))?.UserMetadata).toEqual({ 'not-found': 'true' });
    expect(deployments.find((deployment) => deployment.Include?.includes('_astro/*'))?.SystemMetadata['cache-control']).toContain('immutable');
    expect(deployments.find((deployment) => deployment.DistributionPaths)?.DistributionPaths).toEqual(['/*']);
  });

  it('skips the upload with a warning when there is no build', () => {
    withoutBuild.app.resourceCountIs('Custom::CDKBucketDeployment', 0);
    const warnings = withoutBuild.stacks.app.node.findAll().flatMap((construct) => construct.node.metadata.filter((entry) => entry.type === 'aws:cdk:warning'));
    expect(JSON.stringify(warnings)).toContain('No site build');
  });
});
