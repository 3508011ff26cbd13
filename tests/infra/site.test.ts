import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { IPFS_GATEWAYS } from '../../src/features/tiger/ipfs';
import { EDGE_SECURITY_HEADERS, contentSecurityPolicy } from '../../src/server/http/security-headers';
import { createStaticSite } from '../../src/server/local/static-site';
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
const imageBehavior = behaviors.find((behavior) => behavior.PathPattern === '/img/*')!;
const cachedBehaviors = behaviors.filter((behavior) => behavior !== apiBehavior && behavior !== imageBehavior);
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
    // One for the bucket, one for the image Lambda's function URL (tests/infra/image-route.test.ts).
    const controls = Object.values(resourcesOf(template, 'AWS::CloudFront::OriginAccessControl'));
    expect(controls.map((control) => control.Properties.OriginAccessControlConfig.OriginAccessControlOriginType).sort()).toEqual(['lambda', 's3']);
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
    expect(cspOf(template)).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}';`);
    expect(cspOf(withoutBuild.app)).toContain("script-src 'self' 'wasm-unsafe-eval';");
  });

  it('is the policy the local server sends for the same build, with the same edge headers', async () => {
    const serve = createStaticSite(site.dir);
    const server = createServer((request, response) => void serve(request.url ?? '/', 'GET', response));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    try {
      for (const path of ['/', '/about', '/_astro/app.js', '/no-such-page']) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(response.headers.get('content-security-policy'), path).toBe(cspOf(template));
        for (const [name, value] of Object.entries(EDGE_SECURITY_HEADERS)) expect(response.headers.get(name), `${path} ${name}`).toBe(value);
      }
    } finally {
      server.close();
    }
    expect(EDGE_SECURITY_HEADERS['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
  });

  it('maps pages and the 404 status with CloudFront Functions on the site behaviour', () => {
    const events = (defaultBehavior.FunctionAssociations as Behavior[]).map((association) => association.EventType).sort();
    expect(events).toEqual(['viewer-request', 'viewer-response']);
    const functions = Object.values(resourcesOf(template, 'AWS::CloudFront::Function'));
    expect(functions.some((fn) => JSON.stringify(fn.Properties.FunctionCode).includes('\\"/about.html\\":1'))).toBe(true);
    // /api/* has one of its own, which sends /api/stream to the WebSocket API (stream-api.test.ts).
    for (const behavior of behaviors.filter((candidate) => candidate !== apiBehavior)) expect(behavior.FunctionAssociations).toBeUndefined();
    expect((apiBehavior.FunctionAssociations as Behavior[]).map((association) => association.EventType)).toEqual(['viewer-request']);
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

describe('the Content-Security-Policy allows what the product loads, and nothing more', () => {
  const directives = new Map(
    contentSecurityPolicy(["'sha256-abc='"])
      .split('; ')
      .map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources] as const;
      }),
  );
  const gateways = [
    'https://ipfs.io',
    'https://gateway.pinata.cloud',
    'https://dweb.link',
    'https://*.dweb.link',
    'https://nftstorage.link',
    'https://*.nftstorage.link',
    'https://w3s.link',
    'https://*.w3s.link',
    'https://4everland.io',
    'https://*.4everland.io',
    'https://ipfs.filebase.io',
  ];

  it('has exactly these directives', () => {
    expect([...directives.keys()]).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'media-src',
      'connect-src',
      'frame-src',
      'frame-ancestors',
      'base-uri',
      'form-action',
      'object-src',
    ]);
  });

  it("runs only the site's scripts and the build's inline scripts by hash, and WebAssembly: no eval, no other inline script", () => {
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", "'sha256-abc='"]);
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('loads NFT images and videos from every IPFS gateway of the chain (and the subdomains of those that redirect there)', () => {
    for (const gateway of IPFS_GATEWAYS) expect(gateways).toContain(new URL(gateway).origin);
    expect(directives.get('media-src')).toEqual(["'self'", ...gateways]);
    expect(directives.get('img-src')).toEqual(["'self'", ...gateways, 'data:', 'https://explorer-api.walletconnect.com']);
  });

  it('connects to the API, the gateways (the video HEAD probe) and what WalletConnect needs; frames only its Verify iframe', () => {
    expect(directives.get('connect-src')).toEqual([
      "'self'",
      'wss://relay.walletconnect.com',
      'wss://relay.walletconnect.org',
      'https://verify.walletconnect.com',
      'https://verify.walletconnect.org',
      'https://pulse.walletconnect.org',
      'https://explorer-api.walletconnect.com',
      'https://mainnet-public.mirrornode.hedera.com',
      ...gateways,
    ]);
    expect(directives.get('frame-src')).toEqual(['https://verify.walletconnect.com', 'https://verify.walletconnect.org']);
  });

  it('allows no scheme or host wildcard beyond those subdomains', () => {
    const every = [...directives.values()].flat();
    for (const source of ['https:', 'http:', '*', "'unsafe-eval'", 'blob:', 'https://*.walletconnect.com', 'https://*.reown.com'])
      expect(every).not.toContain(source);
  });

  it("fits CloudFront's 1783 characters with room for the build's inline scripts", () => {
    const hash = `'sha256-${'A'.repeat(43)}='`;
    expect(contentSecurityPolicy(Array.from({ length: 8 }, () => hash)).length).toBeLessThanOrEqual(1783);
    expect(() => contentSecurityPolicy(Array.from({ length: 12 }, () => hash))).toThrow(/over CloudFront's 1783/);
  });
});
