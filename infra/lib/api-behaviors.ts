import type { RouteDef } from '../../src/server/http/route-types';

/** CloudFront's default quota is 25 cache behaviours: the site's default behaviour, /api/*, /img/* and these. */
export const MAX_CACHED_API_PATTERNS = 22;

/** The CloudFront path pattern of a route path: every {param} becomes `*`. */
export function pathPattern(path: string): string {
  return path.replace(/\{[^}]+\}/g, '*');
}

function patternMatcher(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}

const isEdgeCacheable = (route: RouteDef) => route.method === 'GET' && route.cache.kind === 'public';

/**
 * The path patterns that get an edge-cached API behaviour (no cookies, keyed on the query string):
 * those of public-cache GET routes that match no other kind of route, so a session or write route
 * never loses its cookies to a cached behaviour.
 */
export function cachedApiPatterns(routes: readonly RouteDef[]): string[] {
  const candidates = [...new Set(routes.filter(isEdgeCacheable).map((route) => pathPattern(route.path)))];
  const patterns = candidates.filter((pattern) => {
    const matches = patternMatcher(pattern);
    return routes.filter((route) => matches.test(route.path.replace(/\{[^}]+\}/g, 'x'))).every(isEdgeCacheable);
  });
  if (patterns.length > MAX_CACHED_API_PATTERNS) {
    throw new Error(`${patterns.length} cached API behaviours exceed CloudFront's default quota of 25 behaviours per distribution`);
  }
  return patterns;
}
