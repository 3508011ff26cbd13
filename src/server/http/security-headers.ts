/**
 * The security headers, defined once: CloudFront's response headers policy
 * (infra/lib/constructs/security-headers.ts) and the local server (src/server/local) both read
 * them, so every local and e2e run is under the production policy.
 */
import { createHash } from 'node:crypto';
import { IPFS_GATEWAYS } from '@/features/tiger/ipfs';

/** Headers every API answer carries: JSON is never sniffed, framed or given a referrer. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
};

/** HSTS: two years, subdomains, preload. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * What CloudFront adds to every answer, pages and API alike (overriding the origin's): HSTS,
 * nosniff, no framing, the referrer policy. The CSP comes on top where the origin set none.
 */
export const EDGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Gateways that answer a path request (`/ipfs/<cid>`) with a redirect to their subdomain gateway (`<cid>.ipfs.<host>`). */
const SUBDOMAIN_REDIRECTING_GATEWAYS = ['dweb.link', 'nftstorage.link', 'w3s.link', '4everland.io'];

/**
 * The IPFS gateways NFT images and videos load from, and that the media component probes with HEAD
 * (spec 001 §7): each gateway's host, and the subdomains of those that redirect to them.
 */
function ipfsGatewaySources(): string[] {
  return [...new Set(IPFS_GATEWAYS.map((gateway) => new URL(gateway).host))].flatMap((host) =>
    SUBDOMAIN_REDIRECTING_GATEWAYS.includes(host) ? [`https://${host}`, `https://*.${host}`] : [`https://${host}`],
  );
}

/**
 * What the Hedera WalletConnect DAppConnector (hedera-wallet-connect 2.1, WalletConnect core 2.25,
 * modal 2.7) reaches from the page: the relay (the connector passes relay.walletconnect.com; .org is
 * the core's default), the Verify API (its public key, and its attestation iframe in FRAMES), the
 * telemetry the core sends by default (pulse), the modal's wallet listings and icons (explorer-api),
 * and the mirror node the SDK's WebClient refreshes its address book from. The app's wallet requests
 * go through the relay, so the browser never queries consensus nodes over gRPC-web itself.
 */
const WALLETCONNECT_CONNECT = [
  'wss://relay.walletconnect.com',
  'wss://relay.walletconnect.org',
  'https://verify.walletconnect.com',
  'https://verify.walletconnect.org',
  'https://pulse.walletconnect.org',
  'https://explorer-api.walletconnect.com',
  'https://mainnet-public.mirrornode.hedera.com',
];
const WALLETCONNECT_FRAMES = ['https://verify.walletconnect.com', 'https://verify.walletconnect.org'];
/** Wallet icons: the WalletConnect modal's (explorer-api), and extension wallets' that come as data: URIs. */
const WALLET_ICONS = ['data:', 'https://explorer-api.walletconnect.com'];

/** CloudFront's limit on the Content-Security-Policy value of a response headers policy. */
const MAX_CSP_LENGTH = 1783;

/**
 * The site's Content-Security-Policy: own scripts plus the build's inline scripts (by hash) and
 * WebAssembly compilation (not eval); inline
 * styles (Astro's and the WalletConnect modal's); images from the IPFS gateways and wallet icons;
 * NFT videos from the gateways; connections to the API, the gateways (the video HEAD probe) and
 * WalletConnect; the Verify iframe only; no framing, no plugins.
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  const gateways = ipfsGatewaySources();
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval': the SDK's long.js compiles a tiny WebAssembly module for 64-bit maths (no JS eval).
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", ...gateways, ...WALLET_ICONS],
    'media-src': ["'self'", ...gateways],
    'connect-src': ["'self'", ...WALLETCONNECT_CONNECT, ...gateways],
    'frame-src': WALLETCONNECT_FRAMES,
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

const SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
const EXECUTABLE_TYPES = new Set(['module', 'text/javascript', 'application/javascript', 'importmap']);

/** The CSP hash sources ('sha256-…') of the executable inline scripts in one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = TYPE.exec(attributes)?.[1]?.toLowerCase();
    if (type && !EXECUTABLE_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The headers a page of the site gets at the edge: CloudFront's, with the CSP for the build's inline scripts. */
export function siteSecurityHeaders(inlineScriptHashes: readonly string[]): Record<string, string> {
  return { ...EDGE_SECURITY_HEADERS, 'content-security-policy': contentSecurityPolicy(inlineScriptHashes) };
}
