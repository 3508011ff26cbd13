/**
 * The sandbox mirror node's rate limit, as the public mainnet mirror has one (about 50 requests
 * per second per client): a token bucket per client address, refilled `perSecond` tokens a second
 * and holding at most one second's worth. An empty bucket answers how long until the next token.
 */

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Takes one request of `client` (its address) out of its bucket. */
  take(client: string): RateDecision;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before idle (full) ones are forgotten. */
const MAX_CLIENTS = 10_000;

/** A limiter of `perSecond` requests per client; 0 lets everything through. */
export function createRateLimiter(perSecond: number, now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, Bucket>();

  function refill(bucket: Bucket, at: number): void {
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
    bucket.at = at;
  }

  function forgetIdle(at: number): void {
    for (const [client, bucket] of buckets) {
      refill(bucket, at);
      if (bucket.tokens >= perSecond) buckets.delete(client);
    }
  }

  return {
    take(client) {
      if (perSecond <= 0) return { allowed: true };
      const at = now();
      if (buckets.size >= MAX_CLIENTS && !buckets.has(client)) forgetIdle(at);
      const bucket = buckets.get(client) ?? { tokens: perSecond, at };
      buckets.set(client, bucket);
      refill(bucket, at);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond)) };
    },
  };
}
