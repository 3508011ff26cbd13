import { Annotations, Duration, Fn, type RemovalPolicy } from 'aws-cdk-lib';
import type { HttpApi, WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { RouteDef } from '../../../src/server/http/route-types';
import { cachedApiPatterns } from '../api-behaviors';
import { pageRequestCode, pageResponseCode } from '../page-routing';
import { apiRequestCode } from '../stream-routing';
import type { SiteBuild } from '../site-build';
import { SecurityHeaders } from './security-headers';
import { SiteContent } from './site-content';

export interface SiteProps {
  stage: string;
  /** The Astro build to upload; undefined synthesises the site without content. */
  build: SiteBuild | undefined;
  api: HttpApi;
  /** The live market's WebSocket API and its stage, served at /api/stream. */
  stream: { api: WebSocketApi; stageName: string };
  /** The image route's Lambda (`/img/*`), called only by CloudFront. */
  images: IFunctionUrl;
  routes: readonly RouteDef[];
  removalPolicy: RemovalPolicy;
  /** Dev stages empty the bucket when the stack is deleted. */
  autoDeleteObjects: boolean;
}

/**
 * The site on one origin: a private bucket behind CloudFront (Origin Access Control), page routing
 * by CloudFront Functions, `/api/*` to the HTTP API (no caching; cookies forwarded only there),
 * public GET routes cached at the edge as their Cache-Control says, `/img/*` (thumbnails) to the
 * image Lambda's function URL and cached as long as it says (for good), `/api/stream` to the
 * WebSocket API (through /api/*'s function, stream-routing.ts), security headers everywhere.
 */
export class Site extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
    });
    const { policy: responseHeadersPolicy } = new SecurityHeaders(this, 'SecurityHeaders', { inlineScriptHashes: props.build?.inlineScriptHashes ?? [] });

    const pageFunction = (name: string, code: string) =>
      new EdgeFunction(this, name, { code: FunctionCode.fromInline(code), runtime: FunctionRuntime.JS_2_0, comment: `Wild Tigers ${props.stage}: ${name}` });
    const siteBehavior: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(bucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy,
      functionAssociations: [
        { eventType: FunctionEventType.VIEWER_REQUEST, function: pageFunction('PageRequest', pageRequestCode(props.build?.pages)) },
        { eventType: FunctionEventType.VIEWER_RESPONSE, function: pageFunction('PageResponse', pageResponseCode()) },
      ],
    };

    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.api.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      readTimeout: Duration.seconds(30),
    });
    // `/api/stream`, the live market's WebSocket, is this behaviour's too (the distribution's 25 behaviours are all
    // taken): its viewer-request function sends it to the WebSocket API (stream-routing.ts). Uncached, with every
    // viewer header (the upgrade's Sec-WebSocket-*, the Origin) and the session cookie, as $connect needs.
    const streamHost = Fn.select(2, Fn.split('/', props.stream.api.apiEndpoint));
    const uncachedApiBehavior: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy,
    };
    const apiBehavior: BehaviorOptions = {
      ...uncachedApiBehavior,
      functionAssociations: [
        { eventType: FunctionEventType.VIEWER_REQUEST, function: pageFunction('ApiRequest', apiRequestCode(streamHost, props.stream.stageName)) },
      ],
    };
    const cachedApiBehavior: BehaviorOptions = {
      ...uncachedApiBehavior,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: new CachePolicy(this, 'ApiPublicCache', {
        comment: 'Public API GETs: as the origin Cache-Control says, keyed on the query string, never on cookies',
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.seconds(0),
        maxTtl: Duration.days(1),
        queryStringBehavior: CacheQueryStringBehavior.all(),
        cookieBehavior: CacheCookieBehavior.none(),
        headerBehavior: CacheHeaderBehavior.none(),
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      }),
      originRequestPolicy: new OriginRequestPolicy(this, 'ApiPublicOrigin', {
        comment: 'Public API GETs: the query string, no cookies',
        queryStringBehavior: OriginRequestQueryStringBehavior.all(),
        cookieBehavior: OriginRequestCookieBehavior.none(),
        headerBehavior: OriginRequestHeaderBehavior.none(),
      }),
    };
    const imageBehavior: BehaviorOptions = {
      origin: FunctionUrlOrigin.withOriginAccessControl(props.images),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: new CachePolicy(this, 'ImageCache', {
        comment: 'Thumbnails: as long as the origin says (immutable), keyed on the path alone',
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.days(1),
        maxTtl: Duration.days(365),
        queryStringBehavior: CacheQueryStringBehavior.none(),
        cookieBehavior: CacheCookieBehavior.none(),
        headerBehavior: CacheHeaderBehavior.none(),
        // WebP is compressed already.
        enableAcceptEncodingGzip: false,
        enableAcceptEncodingBrotli: false,
      }),
      responseHeadersPolicy,
    };
    const additionalBehaviors: Record<string, BehaviorOptions> = { '/img/*': imageBehavior };
    for (const pattern of cachedApiPatterns(props.routes)) additionalBehaviors[pattern] = cachedApiBehavior;
    additionalBehaviors['/api/*'] = apiBehavior;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Wild Tigers ${props.stage}`,
      defaultRootObject: 'index.html',
      defaultBehavior: siteBehavior,
      additionalBehaviors,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
    });

    if (props.build) new SiteContent(this, 'Content', { dir: props.build.dir, bucket, distribution: this.distribution });
    else {
      Annotations.of(this).addWarningV2(
        'wild-tigers:no-site-build',
        'No site build (index.html in siteDir, dist/ by default): the site content is not deployed and the CSP allows no inline scripts. Run `npm run build` first (`npm run deploy` does).',
      );
    }
  }
}
