import type { CachePolicy, RouteDef } from './http/route-types';

const noCache: CachePolicy = { kind: 'none' };

/**
 * The API's single route table: the CDK stack (one Lambda per group, one HTTP API route per
 * line), the local server and the API tests all read it. Adding a route is one line here plus
 * its implementation in functions/<group>.ts.
 */
export const ROUTES = [
  { method: 'GET', path: '/api/health', group: 'health', auth: 'public', cache: noCache },
] as const satisfies readonly RouteDef[];

export type RouteGroup = (typeof ROUTES)[number]['group'];

/** The route groups, each one Lambda. */
export function routeGroups(): RouteGroup[] {
  return [...new Set(ROUTES.map((route) => route.group))];
}
