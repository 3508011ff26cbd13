import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { SessionClaims } from '@/features/auth/session-token';
import { DomainError } from '@/lib/domain-error';
import { sessions } from '@/server/adapters';
import { log, withLogContext } from '@/platform/log';
import { countMetric } from '@/platform/metrics';
import { REQUEST_BUDGET_MS, withRequestBudget } from '@/platform/request-budget';
import { ROUTES } from '@/server/routes';
import { parseJsonBody } from './body';
import { INTERNAL_FAILURE, toHttpFailure } from './error-mapping';
import { reportsFailure, respond, toResult } from './respond';
import { type AuthLevel, type RouteDef, cacheControl, routeKey } from './route-types';
import { API_SECURITY_HEADERS } from './security-headers';
import { createUrlInputs, validate } from './validate';

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The session a route sees, by its auth level: always one on 'session' routes, maybe one on 'optional' ones, none on 'public' ones. */
export type SessionFor<A extends AuthLevel> = A extends 'session' ? SessionClaims : A extends 'optional' ? SessionClaims | undefined : undefined;

export interface RouteInput<B, P, Q, A extends AuthLevel> {
  body: B;
  /** Shared by every request with the same URL, and frozen (validate.ts, createUrlInputs). */
  params: P;
  /** Shared by every request with the same URL, and frozen (validate.ts, createUrlInputs). */
  query: Q;
  event: APIGatewayProxyEventV2;
  requestId: string;
  session: SessionFor<A>;
}

export interface RouteImpl<A extends AuthLevel = AuthLevel> {
  auth: A;
  schemas: { body?: Schema; params?: Schema; query?: Schema };
  run(input: RouteInput<unknown, unknown, unknown, A>): Promise<unknown>;
}

/** Declares one route: its auth level (as in the route table), its input schemas (zod) and the service call that answers it. */
export function defineRoute<
  A extends AuthLevel,
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(
  auth: A,
  schemas: { body?: B; params?: P; query?: Q },
  run: (input: RouteInput<Out<B>, Readonly<Out<P>>, Readonly<Out<Q>>, A>) => Promise<unknown>,
): RouteImpl<A> {
  return { auth, schemas, run: run as RouteImpl<A>['run'] };
}

type Route = (typeof ROUTES)[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** Every route of a group in the route table, each implemented at the table's auth level. */
export type GroupImpls<G extends Route['group']> = { [R in Extract<Route, { group: G }> as KeyOf<R>]: RouteImpl<R['auth']> };

interface Internal extends Record<string, unknown> {
  startedAt: number;
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

function errorResult(error: unknown): APIGatewayProxyStructuredResultV2 {
  const failure = toHttpFailure(error);
  const code = failure?.body.code;
  if (code === 'LEDGER_UNAVAILABLE' || code === 'LEDGER_BAD_RESPONSE') countMetric('MirrorErrors');
  if (code === 'MARKET_UNAVAILABLE') countMetric('MarketErrors');
  if (!failure) log.error('unhandled error', { error });
  else if (failure.status >= 500) log.warn('upstream failure', { code: failure.body.code, error });
  const { status, body } = failure ?? INTERNAL_FAILURE;
  return toResult(respond(status, body));
}

/** The Lambda handler of one route group of the route table. */
export function routeGroup<G extends Route['group']>(group: G, impls: GroupImpls<G>): Handler {
  return routeGroupOf(ROUTES, group, impls as Record<string, RouteImpl>);
}

/**
 * The Lambda handler of one route group of `table`: finds the route by API Gateway's routeKey,
 * reads the session its auth level asks for, parses and validates the input, runs the route, and
 * maps domain errors to JSON `{"error": "...", "code": "..."}`.
 */
export function routeGroupOf(table: readonly RouteDef[], group: string, impls: Record<string, RouteImpl>): Handler {
  const routes = new Map<string, RouteDef>(table.filter((r) => r.group === group).map((r) => [routeKey(r), r]));
  for (const [key, route] of routes) {
    const impl = impls[key];
    if (!impl) throw new Error(`Route ${key} of group ${group} has no implementation`);
    if (impl.auth !== route.auth) throw new Error(`Route ${key} is implemented as '${impl.auth}' but the route table says '${route.auth}'`);
  }
  for (const key of Object.keys(impls)) if (!routes.has(key)) throw new Error(`Route ${key} is not in the route table`);
  const urlInputs = createUrlInputs();
  const cacheHeaders = new Map([...routes].map(([key, route]) => [key, cacheControl(route.cache)]));

  const base = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const route = routes.get(event.routeKey);
    if (!route) {
      throw event.routeKey?.startsWith('ANY') ? new DomainError('METHOD_NOT_ALLOWED', 'Method not allowed') : new DomainError('ROUTE_NOT_FOUND', 'Not found');
    }
    const impl = impls[event.routeKey] as RouteImpl;
    const { schemas } = impl;
    const session = route.auth === 'public' ? undefined : await sessions().fromCookies(event.cookies);
    if (route.auth === 'session' && !session) throw new DomainError('NOT_SIGNED_IN', 'Sign in with your wallet first');
    // Every body is held to the JSON, size and syntax rules, even on routes that read none.
    const json = parseJsonBody(event);
    const body = schemas.body ? validate(schemas.body, json, 'body') : undefined;
    const { params, query } = urlInputs(event, schemas);
    // Every upstream call the route makes shares one budget under the Lambda's time-out.
    const value = await withRequestBudget(REQUEST_BUDGET_MS, () =>
      impl.run({ body, params, query, event, requestId: event.requestContext.requestId, session }),
    );
    const result = toResult(value);
    // Only a success is cached: a failure, or a 200 whose body says `success: false`, is no-store.
    const success = result.statusCode !== undefined && result.statusCode < 300 && !reportsFailure(value);
    result.headers['cache-control'] = success ? (cacheHeaders.get(event.routeKey) ?? 'no-store') : 'no-store';
    return result;
  };

  // No early time-out of middy's own (a timer and a race per request): upstream ledger and market
  // calls share the request budget above and answer 503/504 before the Lambda's time-out; anything
  // else that hangs meets the Lambda's own time-out (and its errors alarm).
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context, Internal>(base, { timeoutEarlyInMillis: 0 }).use({
    name: 'errors-headers-logs',
    before: (request) => {
      request.internal.startedAt = Date.now();
    },
    after: (request) => finish(request.event, request.response, request.internal.startedAt),
    onError: (request) => {
      request.response = errorResult(request.error);
      finish(request.event, request.response, request.internal.startedAt);
    },
  }) as unknown as Handler;
  // Every line the request logs, in the route or any service under it, names the request and the route.
  return (event, context) =>
    withLogContext({ requestId: event.requestContext?.requestId ?? 'unknown', route: event.routeKey ?? event.rawPath }, () => handler(event, context));
}

function finish(event: APIGatewayProxyEventV2, response: APIGatewayProxyStructuredResultV2 | null | undefined, startedAt: number): void {
  if (!response) return;
  if ((response.statusCode ?? 200) >= 500) countMetric('Http5xx');
  response.headers = { ...API_SECURITY_HEADERS, 'cache-control': 'no-store', ...response.headers };
  log.info('request', {
    method: event.requestContext?.http?.method,
    path: event.rawPath,
    status: response.statusCode,
    durationMs: Date.now() - startedAt,
  });
}
