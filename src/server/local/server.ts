import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { MAX_BODY_BYTES } from '@/server/http/body';
import { API_SECURITY_HEADERS, EDGE_SECURITY_HEADERS } from '@/server/http/security-headers';
import { createEdgeCache } from './edge-cache';
import { createBoundedMemo } from '@/platform/bounded-memo';
import { log } from '@/platform/log';
import { ROUTES } from '@/server/routes';
import { createApiRouter } from './api-router';
import { localContext, toLambdaEvent } from './lambda-event';
import { NO_BODY, hasBody, readBody } from './read-body';
import { createStaticSite } from './static-site';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** Serves a non-API prefix (e.g. the sandbox network under /sandbox); answers true when it handled the request. */
export type PrefixHandler = (request: IncomingMessage, url: URL, response: ServerResponse) => Promise<boolean>;

export interface LocalServerOptions {
  /** The Astro build to serve; omit to serve the API only (npm run dev). */
  siteDir?: string;
  prefixHandlers?: PrefixHandler[];
  /** Requests wait for this before they are served (the server takes its port first, then starts the store and the sandbox). */
  ready?: Promise<unknown>;
}

/** How long an idle kept-alive connection stays open. */
const KEEP_ALIVE_MS = 75_000;

/** Bodies larger than this are refused before they reach a handler (API Gateway's own cap is far larger). */
const READ_LIMIT_BYTES = MAX_BODY_BYTES * 16;

/** The image route's key: not an API route (it answers bytes), served by functions/img.ts. */
const IMAGE_ROUTE_KEY = 'GET /img/{serial}/{width}';

/** Each group's handler once loaded, or its loading. */
const handlers = new Map<string, LambdaHandler | Promise<LambdaHandler>>();

/** A group's handler: itself once loaded (a request then waits on nothing), else its loading. */
function loadGroup(group: string): LambdaHandler | Promise<LambdaHandler> {
  const known = handlers.get(group);
  if (known) return known;
  const loading = import(new URL(`../../../functions/${group}.ts`, import.meta.url).href).then((module: { handler: LambdaHandler }) => {
    handlers.set(group, module.handler);
    return module.handler;
  });
  handlers.set(group, loading);
  return loading;
}

/** Runs a group's handler on `event` (loading the group on first use). */
async function invoke(group: string, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const loaded = loadGroup(group);
  const handler = typeof loaded === 'function' ? loaded : await loaded;
  return handler(event, localContext(group, event.requestContext.requestId));
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response
    .writeHead(status, { ...API_SECURITY_HEADERS, ...EDGE_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));
}

/**
 * Text bodies from this long up to the maximum are kept encoded: the API's cached pages (a
 * collection page is about 30 KB) come back as the same string on every request.
 */
const ENCODED_BODY_MIN_CHARS = 4096;
const ENCODED_BODY_MAX_CHARS = 256 * 1024;
/** How many encoded bodies are kept (the oldest goes first): at most 64 x 256 KB, a few MB of pages in practice. */
const ENCODED_BODIES = 64;
const encodedBodies = createBoundedMemo<Buffer>(ENCODED_BODIES);

/** The bytes of a result's body, as API Gateway sends them. */
function bodyBytes(result: APIGatewayProxyStructuredResultV2): Buffer {
  const body = result.body ?? '';
  if (result.isBase64Encoded) return Buffer.from(body, 'base64');
  if (body.length < ENCODED_BODY_MIN_CHARS || body.length > ENCODED_BODY_MAX_CHARS) return Buffer.from(body);
  return encodedBodies(body, () => Buffer.from(body));
}

/** Statuses that carry no body, and so no Content-Length (RFC 9110 §8.6). */
const bodiless = (status: number): boolean => status < 200 || status === 204 || status === 304;

function writeResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2, method: string): void {
  // CloudFront's headers policy overrides the origin's, except the API's own CSP.
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>), ...EDGE_SECURITY_HEADERS };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const status = result.statusCode ?? 200;
  const bytes = bodiless(status) ? undefined : bodyBytes(result);
  // A known length, as API Gateway sends it, rather than a chunked body.
  if (bytes) headers['content-length'] = String(bytes.length);
  response.writeHead(status, headers);
  response.end(method === 'HEAD' ? undefined : bytes);
}

/**
 * The request's URL, or why it has none: a Host header or request target that does not parse, or a
 * path with a malformed percent-encoding (which no route, sandbox route or file could decode).
 */
function requestUrl(request: IncomingMessage): URL | string {
  const base = `http://${request.headers.host ?? '127.0.0.1'}`;
  let url: URL;
  try {
    url = new URL(request.url ?? '/', base);
  } catch {
    return URL.canParse(base) ? 'Malformed request target' : 'Malformed Host header';
  }
  if (!url.pathname.includes('%')) return url;
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return 'Malformed percent-encoding in the path';
  }
  return url;
}

/** The local stand-in for CloudFront + API Gateway + Lambda: pages and /api on one origin. */
export function createLocalServer(options: LocalServerOptions): Server {
  // CloudFront's cache of thumbnails (edge-cache.ts), one per server: a browsing session's worth of cards (about 20 KB each).
  const imageCache = createEdgeCache(2_000);
  const router = createApiRouter(ROUTES);
  const serveStatic = options.siteDir ? createStaticSite(options.siteDir) : undefined;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    await options.ready;
    const method = request.method ?? 'GET';
    const url = requestUrl(request);
    if (typeof url === 'string') return sendJson(response, 400, { error: url, code: 'INVALID_REQUEST' });

    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      const match = router.match(method, url.pathname);
      if (match === 'methodMismatch') return sendJson(response, 405, { error: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' });
      if (!match) return sendJson(response, 404, { error: 'Not found', code: 'ROUTE_NOT_FOUND' });
      const body = hasBody(request) ? await readBody(request, READ_LIMIT_BYTES) : NO_BODY;
      if (!body) return sendJson(response, 413, { error: 'Request body is too large', code: 'BODY_TOO_LARGE' });
      const event = toLambdaEvent(request, url, match.key, match.pathParameters, body);
      return writeResult(response, await invoke(match.route.group, event), method);
    }

    if (url.pathname.startsWith('/img/')) {
      // The image route (functions/img.ts), as CloudFront's /img/* behaviour sends it to its Lambda.
      const event = toLambdaEvent(request, url, IMAGE_ROUTE_KEY, {}, NO_BODY);
      // A HEAD is answered from what a GET left in the cache, as CloudFront does; it leaves nothing there itself.
      return writeResult(response, await imageCache(method, url.pathname, () => invoke('img', event)), method);
    }

    for (const prefixHandler of options.prefixHandlers ?? []) if (await prefixHandler(request, url, response)) return;

    if (serveStatic && (method === 'GET' || method === 'HEAD'))
      return serveStatic(url.pathname, method, response, String(request.headers['accept-encoding'] ?? ''));
    if (serveStatic) return void response.writeHead(405, { ...EDGE_SECURITY_HEADERS, allow: 'GET, HEAD' }).end();
    sendJson(response, 404, { error: 'Not found', code: 'ROUTE_NOT_FOUND' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error('local server failure', { path: request.url, error });
      if (!response.headersSent) sendJson(response, 500, { error: 'Internal server error', code: 'INTERNAL' });
      else response.destroy();
    });
  });
  // Node closes an idle kept-alive connection after 5 s; a client (a browser, the e2e's API requests) that reuses it at
  // that moment is reset (ECONNRESET, seen in CI run k1). Kept longer than any pause between a client's requests.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
