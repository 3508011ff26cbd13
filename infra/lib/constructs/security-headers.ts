import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';

/** Where Hedera WalletConnect (Reown) talks to, and the public mirror node the browser may read. */
const WALLET_CONNECT_SOURCES = [
  'wss://relay.walletconnect.com',
  'wss://relay.walletconnect.org',
  'https://*.walletconnect.com',
  'https://*.walletconnect.org',
  'https://*.reown.com',
  'https://api.web3modal.org',
  'https://pulse.walletconnect.org',
];
const MIRROR_NODE_SOURCES = ['https://*.mirrornode.hedera.com'];
const WALLET_CONNECT_FRAMES = ['https://verify.walletconnect.com', 'https://verify.walletconnect.org'];

/** CloudFront's limit on the Content-Security-Policy value of a response headers policy. */
const MAX_CSP_LENGTH = 1783;

/**
 * The site's Content-Security-Policy: own scripts plus the build's inline scripts (by hash), inline
 * styles, images from anywhere over https (IPFS gateways), WalletConnect, and no framing.
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'connect-src': ["'self'", ...WALLET_CONNECT_SOURCES, ...MIRROR_NODE_SOURCES],
    'frame-src': WALLET_CONNECT_FRAMES,
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  const policy = Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
  if (policy.length > MAX_CSP_LENGTH) throw new Error(`The CSP is ${policy.length} characters, over CloudFront's ${MAX_CSP_LENGTH}`);
  return policy;
}

export interface SecurityHeadersProps {
  inlineScriptHashes: readonly string[];
}

/**
 * The response headers policy of every behaviour: CSP, HSTS (2 years, preload), nosniff, no framing,
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
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });
  }
}
