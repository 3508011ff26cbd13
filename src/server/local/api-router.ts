import type { RouteDef } from '../http/route-types';
import { routeKey } from '../http/route-types';

export interface RouteMatch {
  route: RouteDef;
  key: string;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
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
  return { route, pattern: new RegExp(`^${source}$`), names };
}

/** Matches request paths against the route table as API Gateway does. */
export function createApiRouter(routes: readonly RouteDef[]) {
  const compiled = routes.map(compile);
  return {
    /** The route for this method and path; `methodMismatch` when only the method is wrong. */
    match(method: string, path: string): RouteMatch | 'methodMismatch' | undefined {
      let pathMatched = false;
      for (const { route, pattern, names } of compiled) {
        const found = pattern.exec(path);
        if (!found) continue;
        pathMatched = true;
        if (route.method !== method && !(method === 'HEAD' && route.method === 'GET')) continue;
        const pathParameters: Record<string, string> = {};
        names.forEach((name, index) => {
          const raw = found[index + 1] ?? '';
          try {
            pathParameters[name] = decodeURIComponent(raw);
          } catch {
            pathParameters[name] = raw;
          }
        });
        return { route, key: routeKey(route), pathParameters };
      }
      return pathMatched ? 'methodMismatch' : undefined;
    },
  };
}
