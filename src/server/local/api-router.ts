import type { RouteDef } from '@/server/http/route-types';
import { routeKey } from '@/server/http/route-types';

export interface RouteMatch {
  route: RouteDef;
  key: string;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDef;
  key: string;
  /** The route path's first two segments. */
  prefix: string;
  pattern: RegExp;
  names: string[];
}

/** A path's first two segments (`api/collection`): the routes that can match it share them. */
function prefixOf(path: string): string {
  return path.split('/', 3).slice(1).join('/');
}

function compile(route: RouteDef): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)(\+)?\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1] as string);
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, key: routeKey(route), prefix: prefixOf(route.path), pattern: new RegExp(`^${source}$`), names };
}

/** A path parameter as API Gateway passes it: percent-decoded, or as sent when that fails. */
function decoded(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Matches request paths against the route table as API Gateway does. */
export function createApiRouter(routes: readonly RouteDef[]) {
  const compiled = routes.map(compile);
  // Routes whose first two segments are literal are only tried on paths that start with them; the
  // others (a parameter up front) on every path. Each list keeps the table's order.
  const anyPrefix = compiled.filter((entry) => entry.prefix.includes('{'));
  const byPrefix = new Map<string, CompiledRoute[]>();
  for (const prefix of new Set(compiled.map((entry) => entry.prefix))) {
    if (!prefix.includes('{'))
      byPrefix.set(
        prefix,
        compiled.filter((entry) => entry.prefix === prefix || anyPrefix.includes(entry)),
      );
  }
  return {
    /** The route for this method and path; `methodMismatch` when only the method is wrong. */
    match(method: string, path: string): RouteMatch | 'methodMismatch' | undefined {
      let pathMatched = false;
      for (const { route, key, pattern, names } of byPrefix.get(prefixOf(path)) ?? anyPrefix) {
        const found = pattern.exec(path);
        if (!found) continue;
        pathMatched = true;
        if (route.method !== method && !(method === 'HEAD' && route.method === 'GET')) continue;
        const pathParameters: Record<string, string> = {};
        for (let index = 0; index < names.length; index += 1) pathParameters[names[index] as string] = decoded(found[index + 1] ?? '');
        return { route, key, pathParameters };
      }
      return pathMatched ? 'methodMismatch' : undefined;
    },
  };
}
