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

/** The API area a pattern is in (`/api/collection/*` for `/api/collection/tiger/*`); none for an area's own path (`/api/public-profiles`). */
const areaOf = (pattern: string): string | null => {
  const parts = pattern.split('/');
  return parts.length > 3 ? `${parts.slice(0, 3).join('/')}/*` : null;
};

/**
 * The path patterns that get an edge-cached API behaviour (no cookies, keyed on the query string):
 * those of public-cache GET routes that match no other kind of route, so a session or write route
 * never loses its cookies to a cached behaviour. An area whose every route is a public GET
 * (`/api/collection/*`) takes one behaviour for all of them, which keeps the count under the quota.
 */
export function cachedApiPatterns(routes: readonly RouteDef[]): string[] {
  const onlyCacheable = (pattern: string) => {
    const matches = patternMatcher(pattern);
    return routes.filter((route) => matches.test(route.path.replace(/\{[^}]+\}/g, 'x'))).every(isEdgeCacheable);
  };
  const candidates = [...new Set(routes.filter(isEdgeCacheable).map((route) => pathPattern(route.path)))];
  const widest = (pattern: string) => {
    const area = areaOf(pattern);
    return area && onlyCacheable(area) ? area : pattern;
  };
  const patterns = [...new Set(candidates.filter(onlyCacheable).map(widest))];
  if (patterns.length > MAX_CACHED_API_PATTERNS) {
    throw new Error(`${patterns.length} cached API behaviours exceed CloudFront's default quota of 25 behaviours per distribution`);
  }
  return patterns;
}
