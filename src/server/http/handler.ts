import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { log } from '../log';
import { ROUTES } from '../routes';
import { parseJsonBody } from './body';
import type { SessionClaims } from '../../features/auth/session-token';
import { sessions } from '../context';
import { MethodNotAllowedError, NotFoundError, UnauthorizedError } from './errors';
import { toHttpError } from './error-mapping';
import { respond, toResult } from './respond';
import { type RouteDef, cacheControl, routeKey } from './route-types';
import { API_SECURITY_HEADERS } from './security-headers';
import { validate } from './validate';

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<B, P, Q> {
  body: B;
  params: P;
  query: Q;
  event: APIGatewayProxyEventV2;
  requestId: string;
  /** The signed-in session: always set on 'session' routes (others get 401 first), when present on 'optional' ones, never on 'public' ones. */
  session: SessionClaims | undefined;
}

export interface RouteImpl {
  schemas: { body?: Schema; params?: Schema; query?: Schema };
  run(input: RouteInput<unknown, unknown, unknown>): Promise<unknown>;
}

/** Declares one route's input schemas (zod) and the service call that answers it. */
export function defineRoute<B extends Schema | undefined = undefined, P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined>(
  schemas: { body?: B; params?: P; query?: Q },
  run: (input: RouteInput<Out<B>, Out<P>, Out<Q>>) => Promise<unknown>,
): RouteImpl {
  return { schemas, run: run as RouteImpl['run'] };
}

interface Internal extends Record<string, unknown> {
  route?: RouteDef;
  startedAt: number;
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

function errorResult(error: unknown, requestId: string): APIGatewayProxyStructuredResultV2 {
  const known = toHttpError(error);
  if (known) return toResult(respond(known.status, { error: known.message, ...known.details }));
  log.error('unhandled error', { requestId, error });
  return toResult(respond(500, { error: 'Internal server error' }));
}

/**
 * The Lambda handler of one route group: finds the route by API Gateway's routeKey, parses and
 * validates the input, runs the route, and maps typed errors to JSON `{"error": "..."}`.
 */
export function routeGroup(group: string, impls: Record<string, RouteImpl>, table: readonly RouteDef[] = ROUTES): Handler {
  const routes = new Map<string, RouteDef>(table.filter((r) => r.group === group).map((r) => [routeKey(r), r]));
  for (const key of routes.keys()) if (!impls[key]) throw new Error(`Route ${key} of group ${group} has no implementation`);
  for (const key of Object.keys(impls)) if (!routes.has(key)) throw new Error(`Route ${key} is not in the route table`);

  const base = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const route = routes.get(event.routeKey);
    if (!route) throw event.routeKey?.startsWith('ANY') ? new MethodNotAllowedError() : new NotFoundError();
    const impl = impls[event.routeKey] as RouteImpl;
    const { schemas } = impl;
    const session = route.auth === 'public' ? undefined : await sessions().fromCookies(event.cookies);
    if (route.auth === 'session' && !session) throw new UnauthorizedError();
    // Every body is held to the JSON, size and syntax rules, even on routes that read none.
    const json = parseJsonBody(event);
    const body = schemas.body ? validate(schemas.body, json, 'body') : undefined;
    const params = schemas.params ? validate(schemas.params, event.pathParameters ?? {}, 'path') : undefined;
    const query = schemas.query ? validate(schemas.query, event.queryStringParameters ?? {}, 'query') : undefined;
    const result = toResult(await impl.run({ body, params, query, event, requestId: event.requestContext.requestId, session }));
    const success = result.statusCode !== undefined && result.statusCode < 300;
    result.headers = { ...result.headers, 'cache-control': success ? cacheControl(route.cache) : 'no-store' };
    return result;
  };

  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context, Internal>(base).use({
    name: 'errors-headers-logs',
    before: (request) => {
      request.internal.startedAt = Date.now();
    },
    after: (request) => finish(request.event, request.response, request.internal.startedAt),
    onError: (request) => {
      request.response = errorResult(request.error, request.event.requestContext?.requestId ?? 'unknown');
      finish(request.event, request.response, request.internal.startedAt);
    },
  }) as unknown as Handler;
}

function finish(event: APIGatewayProxyEventV2, response: APIGatewayProxyStructuredResultV2 | null | undefined, startedAt: number): void {
  if (!response) return;
  response.headers = { ...API_SECURITY_HEADERS, 'cache-control': 'no-store', ...response.headers };
  log.info('request', {
    requestId: event.requestContext?.requestId,
    method: event.requestContext?.http?.method,
    path: event.rawPath,
    status: response.statusCode,
    durationMs: Date.now() - startedAt,
  });
}
