import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { HSTS_MAX_AGE_SECONDS, contentSecurityPolicy } from '../../../src/server/http/security-headers';

export interface SecurityHeadersProps {
  inlineScriptHashes: readonly string[];
}

/**
 * The response headers policy of every behaviour, from the definition the local server also sends
 * (src/server/http/security-headers.ts): CSP, HSTS (2 years, preload), nosniff, no framing,
 * strict-origin-when-cross-origin. The API keeps its own stricter CSP (the policy does not override it).
 */
export class SecurityHeaders extends Construct {
  readonly policy: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SecurityHeadersProps) {
    super(scope, id);
    this.policy = new ResponseHeadersPolicy(this, 'Policy', {
      comment: 'Wild Tigers security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.inlineScriptHashes), override: false },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });
  }
}
