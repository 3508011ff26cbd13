/**
 * How the site's origin reaches the live market's WebSocket API: `wss://<site>/api/stream`, the
 * path the local server serves the stream at (src/server/local/stream-server.ts), so the page needs
 * no other address, its CSP's connect-src 'self' covers it and the browser sends the session cookie.
 * The distribution's 25 cache behaviours are all taken (the default, /img/*, /api/* and the cached API
 * patterns, api-behaviors.ts), so `/api/stream` rides on /api/* (uncached, every viewer header and
 * cookie forwarded, as the upgrade needs), whose viewer-request CloudFront Function sends it to the
 * WebSocket API (origin modification) at its stage's path: a WebSocket API answers there only (a
 * longer path is refused with 403). Any other API request passes untouched.
 */

/** The stream's path on the site (the local server's STREAM_PATH). */
export const STREAM_PATH = '/api/stream';

/**
 * The viewer-request CloudFront Function (cloudfront-js-2.0) of /api/*: a request for the stream goes
 * to `streamHost` (the WebSocket API's host; a token at synth) at `/{stageName}`, the other origin
 * settings kept from the HTTP API's origin (HTTPS only).
 */
export function apiRequestCode(streamHost: string, stageName: string): string {
  return [
    "import cf from 'cloudfront';",
    'function handler(event) {',
    '  var request = event.request;',
    `  if (request.uri === ${JSON.stringify(STREAM_PATH)}) {`,
    `    cf.updateRequestOrigin({ domainName: '${streamHost}' });`,
    `    request.uri = ${JSON.stringify(`/${stageName}`)};`,
    '  }',
    '  return request;',
    '}',
  ].join('\n');
}
