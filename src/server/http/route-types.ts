/** Who may call a route: anyone; anyone, with the caller's session read when present; or only a signed-in session. */
export type AuthLevel = 'public' | 'optional' | 'session';

/** How a successful answer may be cached by browsers and the CDN. */
export type CachePolicy = { kind: 'none' } | { kind: 'public'; maxAgeSeconds: number; sMaxAgeSeconds?: number; staleWhileRevalidateSeconds?: number };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway style pattern, e.g. /api/profile/{accountId}. */
  path: `/api/${string}`;
  /** The Lambda (functions/<group>.ts) that serves the route. */
  group: string;
  auth: AuthLevel;
  cache: CachePolicy;
}

/** API Gateway's route key for a route, e.g. "GET /api/health". */
export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** The Cache-Control header value for a policy. */
export function cacheControl(policy: CachePolicy): string {
  if (policy.kind === 'none') return 'no-store';
  const parts = ['public', `max-age=${policy.maxAgeSeconds}`];
  if (policy.sMaxAgeSeconds !== undefined) parts.push(`s-maxage=${policy.sMaxAgeSeconds}`);
  if (policy.staleWhileRevalidateSeconds !== undefined) parts.push(`stale-while-revalidate=${policy.staleWhileRevalidateSeconds}`);
  return parts.join(', ');
}
