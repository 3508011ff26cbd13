/**
 * The CDN's cache in front of the image route, as the local server stands in for CloudFront's
 * `/img/*` behaviour: a GET answered 200 with a public `max-age` (or `s-maxage`) is answered again
 * from the cache until that age passes, without running the image Lambda; any other answer (an
 * error, `no-store`, `private`) is not kept. Each answer says which it was in CloudFront's own
 * `x-cache` header ('Hit from cloudfront' / 'Miss from cloudfront'). Bounded: the oldest entry
 * goes first. Sources: CloudFront's documentation, "Manage how long content stays in the cache
 * (expiration)" (the origin's Cache-Control max-age and s-maxage) and "CloudFront response headers" (X-Cache).
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

type Result = APIGatewayProxyStructuredResultV2;

/** How long a result may be kept, from its Cache-Control; 0 when it may not be kept at all. */
export function sharedMaxAgeMs(cacheControl: string | undefined): number {
  const directives = (cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (!directives.includes('public') || directives.some((part) => part === 'no-store' || part === 'private' || part === 'no-cache')) return 0;
  const age = (name: string) => {
    const found = directives.find((part) => part.startsWith(`${name}=`));
    const seconds = found ? Number(found.slice(name.length + 1)) : Number.NaN;
    return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
  };
  return age('s-maxage') ?? age('max-age') ?? 0;
}

/** A cache of `size` results by request path, answering through `origin` on a miss. */
export function createEdgeCache(size: number, now: () => number = Date.now) {
  const entries = new Map<string, { result: Result; until: number }>();
  return async function cached(method: string, key: string, origin: () => Promise<Result>): Promise<Result> {
    // Only reads are cached; any other method goes to the origin (which refuses it).
    if (method !== 'GET' && method !== 'HEAD') return origin();
    const kept = entries.get(key);
    if (kept && kept.until > now()) return withXCache(kept.result, 'Hit');
    entries.delete(key);
    const result = await origin();
    const headers = (result.headers ?? {}) as Record<string, string | undefined>;
    const keepMs = method === 'GET' && (result.statusCode ?? 200) === 200 ? sharedMaxAgeMs(headers['cache-control']) : 0;
    if (keepMs > 0) {
      entries.set(key, { result, until: now() + keepMs });
      if (entries.size > size) entries.delete(entries.keys().next().value as string);
    }
    return withXCache(result, 'Miss');
  };
}

const withXCache = (result: Result, state: 'Hit' | 'Miss'): Result => ({ ...result, headers: { ...result.headers, 'x-cache': `${state} from cloudfront` } });
