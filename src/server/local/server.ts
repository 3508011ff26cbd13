import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { MAX_BODY_BYTES } from '../http/body';
import { API_SECURITY_HEADERS, EDGE_SECURITY_HEADERS } from '../http/security-headers';
import { log } from '../log';
import { ROUTES } from '../routes';
import { createApiRouter } from './api-router';
import { localContext, toLambdaEvent } from './lambda-event';
import { readBody } from './read-body';
import { createStaticSite } from './static-site';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** Serves a non-API prefix (e.g. the sandbox network under /sandbox); answers true when it handled the request. */
export type PrefixHandler = (request: IncomingMessage, url: URL, response: ServerResponse) => Promise<boolean>;

export interface LocalServerOptions {
  /** The Astro build to serve; omit to serve the API only (npm run dev). */
  siteDir?: string;
  prefixHandlers?: PrefixHandler[];
}

/** Bodies larger than this are refused before they reach a handler (API Gateway's own cap is far larger). */
const READ_LIMIT_BYTES = MAX_BODY_BYTES * 16;

/** The image route's key: not an API route (it answers bytes), served by functions/img.ts. */
const IMAGE_ROUTE_KEY = 'GET /img/{serial}/{width}';

const handlers = new Map<string, Promise<LambdaHandler>>();

function loadGroup(group: string): Promise<LambdaHandler> {
  let loaded = handlers.get(group);
  if (!loaded) {
    loaded = import(new URL(`../../../functions/${group}.ts`, import.meta.url).href).then((module: { handler: LambdaHandler }) => module.handler);
    handlers.set(group, loaded);
  }
  return loaded;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response
    .writeHead(status, { ...API_SECURITY_HEADERS, ...EDGE_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));
}

function writeResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2, method: string): void {
  // CloudFront's headers policy overrides the origin's, except the API's own CSP.
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>), ...EDGE_SECURITY_HEADERS };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  response.writeHead(result.statusCode ?? 200, headers);
  const body = result.body ?? '';
  response.end(method === 'HEAD' ? undefined : result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
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
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return 'Malformed percent-encoding in the path';
  }
  return url;
}

/** The local stand-in for CloudFront + API Gateway + Lambda: pages and /api on one origin. */
export function createLocalServer(options: LocalServerOptions): Server {
  const router = createApiRouter(ROUTES);
  const serveStatic = options.siteDir ? createStaticSite(options.siteDir) : undefined;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = requestUrl(request);
    if (typeof url === 'string') return sendJson(response, 400, { error: url, code: 'INVALID_REQUEST' });

    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      const match = router.match(method, url.pathname);
      if (match === 'methodMismatch') return sendJson(response, 405, { error: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' });
      if (!match) return sendJson(response, 404, { error: 'Not found', code: 'ROUTE_NOT_FOUND' });
      const body = await readBody(request, READ_LIMIT_BYTES);
      if (!body) return sendJson(response, 413, { error: 'Request body is too large', code: 'BODY_TOO_LARGE' });
      const event = toLambdaEvent(request, url, match.key, match.pathParameters, body);
      const handler = await loadGroup(match.route.group);
      return writeResult(response, await handler(event, localContext(match.route.group)), method);
    }

    if (url.pathname.startsWith('/img/')) {
      // The image route (functions/img.ts), as CloudFront's /img/* behaviour sends it to its Lambda.
      const event = toLambdaEvent(request, url, IMAGE_ROUTE_KEY, {}, Buffer.alloc(0));
      const handler = await loadGroup('img');
      return writeResult(response, await handler(event, localContext('img')), method);
    }

    for (const prefixHandler of options.prefixHandlers ?? []) if (await prefixHandler(request, url, response)) return;

    if (serveStatic && (method === 'GET' || method === 'HEAD'))
      return serveStatic(url.pathname, method, response, String(request.headers['accept-encoding'] ?? ''));
    if (serveStatic) return void response.writeHead(405, { ...EDGE_SECURITY_HEADERS, allow: 'GET, HEAD' }).end();
    sendJson(response, 404, { error: 'Not found', code: 'ROUTE_NOT_FOUND' });
  }

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error('local server failure', { path: request.url, error });
      if (!response.headersSent) sendJson(response, 500, { error: 'Internal server error', code: 'INTERNAL' });
      else response.destroy();
    });
  });
}
