import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ApiUnreachableError, createFetcherStore, getJson, getJsonOrNullOn401, QUERY_DEFAULTS, retryWhileUnavailable } from '@/lib/api';
import { installFakeFetch } from './fake-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('retryWhileUnavailable', () => {
  const retry = (error: unknown, retryCount: number) => retryWhileUnavailable({ error, key: '/api/public-profiles?search=', retryCount });

  it('asks again 2, 4 and 8 s after a 503, a 429 or no answer, then leaves the read failed', () => {
    const unavailable = new ApiError(503, 'Service Unavailable', '{"error":"The owner map could not be read","code":"LEDGER_UNAVAILABLE"}');
    expect([1, 2, 3, 4].map((count) => retry(unavailable, count))).toEqual([2_000, 4_000, 8_000, null]);
    expect(retry(new ApiError(429, 'Too Many Requests', ''), 1)).toBe(2_000);
    expect(retry(new ApiUnreachableError(new TypeError('Failed to fetch')), 1)).toBe(2_000);
  });

  it('never asks again after a 4xx answer or an error of the page itself', () => {
    expect(retry(new ApiError(400, 'Bad Request', '{"error":"Invalid query","code":"INVALID_QUERY"}'), 1)).toBeNull();
    expect(retry(new ApiError(404, 'Not Found', ''), 1)).toBeNull();
    expect(retry(new TypeError('x is undefined'), 1)).toBeNull();
  });
});

describe('query fetchers', () => {
  it('GETs the key parts joined, with credentials, and parses JSON', async () => {
    const { calls } = installFakeFetch({ body: '{"ownerCount":812}' });
    await expect(getJson('/api/market/whales/', '0.0.1')).resolves.toEqual({ ownerCount: 812 });
    expect(calls[0]?.url).toBe('/api/market/whales/0.0.1');
    expect(calls[0]?.init.method ?? 'GET').toBe('GET');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('treats a 401 as an error by default', async () => {
    installFakeFetch({ status: 401, statusText: 'Unauthorized', body: '' });
    const error = await getJson('/api/profile/0.0.5').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: Unauthorized');
  });

  it('turns a 401 into null in the opt-in mode, but still throws other errors', async () => {
    installFakeFetch({ status: 401, body: '{"error":"no session"}' }, { status: 500, statusText: 'Internal Server Error' });
    await expect(getJsonOrNullOn401('/api/profile/0.0.5')).resolves.toBeNull();
    await expect(getJsonOrNullOn401('/api/profile/0.0.5')).rejects.toThrow('500: Internal Server Error');
  });
});

describe('query context defaults', () => {
  it('never refetches on its own and never retries', () => {
    expect(QUERY_DEFAULTS).toEqual({
      dedupeTime: Infinity,
      revalidateInterval: 0,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      onErrorRetry: false,
    });
  });

  it('loads a key once and serves later subscribers from the cache', async () => {
    const { calls } = installFakeFetch({ body: '{"price":1}' });
    const first = createFetcherStore<{ price: number }>(['/api/test/cached-', 'a']);
    await expect(first.fetch()).resolves.toEqual({ data: { price: 1 } });
    const second = createFetcherStore<{ price: number }>(['/api/test/cached-', 'a']);
    await expect(second.fetch()).resolves.toEqual({ data: { price: 1 } });
    expect(calls).toHaveLength(1);
  });

  it('keeps a failed query failed (no retry) and reports the error', async () => {
    vi.useFakeTimers();
    try {
      const { calls } = installFakeFetch({ status: 401, statusText: 'Unauthorized' });
      const store = createFetcherStore(['/api/test/fails']);
      const result = await store.fetch();
      expect(result).toMatchObject({ error: expect.any(ApiError) });
      await vi.advanceTimersByTimeAsync(120_000);
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a query can opt into null on 401', async () => {
    installFakeFetch({ status: 401, statusText: 'Unauthorized' });
    const store = createFetcherStore(['/api/test/optional'], { fetcher: getJsonOrNullOn401 });
    await expect(store.fetch()).resolves.toEqual({ data: null });
  });
});
