import { describe, expect, it, vi } from 'vitest';
import { createEdgeCache, sharedMaxAgeMs } from '@/server/local/edge-cache';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const answer = (statusCode: number, cacheControl: string) => ({
  statusCode,
  headers: { 'cache-control': cacheControl, 'content-type': 'image/webp' },
  body: 'AAAA',
  isBase64Encoded: true,
});

describe('the CDN cache in front of the image route (as CloudFront keeps /img/*)', () => {
  it('keeps only what the origin marks public, for its s-maxage or max-age', () => {
    expect(sharedMaxAgeMs(IMMUTABLE)).toBe(31_536_000_000);
    expect(sharedMaxAgeMs('public, max-age=0, s-maxage=15')).toBe(15_000);
    expect(sharedMaxAgeMs('no-store')).toBe(0);
    expect(sharedMaxAgeMs('public, no-store')).toBe(0);
    expect(sharedMaxAgeMs('private, max-age=60')).toBe(0);
    expect(sharedMaxAgeMs(undefined)).toBe(0);
  });

  it('answers a kept thumbnail without running the Lambda, saying Hit; a HEAD reads it but keeps nothing', async () => {
    const cache = createEdgeCache(10);
    const origin = vi.fn(async () => answer(200, IMMUTABLE));
    expect((await cache('HEAD', '/img/12/320', origin)).headers?.['x-cache']).toBe('Miss from cloudfront');
    expect((await cache('GET', '/img/12/320', origin)).headers?.['x-cache']).toBe('Miss from cloudfront');
    const hit = await cache('GET', '/img/12/320', origin);
    expect(hit).toMatchObject({ statusCode: 200, body: 'AAAA', headers: { 'x-cache': 'Hit from cloudfront', 'cache-control': IMMUTABLE } });
    expect((await cache('HEAD', '/img/12/320', origin)).headers?.['x-cache']).toBe('Hit from cloudfront');
    expect(origin).toHaveBeenCalledTimes(2);
    // Another method is never answered from the cache.
    await cache('POST', '/img/12/320', origin);
    expect(origin).toHaveBeenCalledTimes(3);
  });

  it('never keeps a failure or a no-store answer: the next request asks the origin again', async () => {
    const cache = createEdgeCache(10);
    const origin = vi.fn().mockResolvedValueOnce(answer(503, 'no-store')).mockResolvedValue(answer(200, IMMUTABLE));
    expect((await cache('GET', '/img/7/320', origin)).statusCode).toBe(503);
    expect((await cache('GET', '/img/7/320', origin)).statusCode).toBe(200);
    expect(origin).toHaveBeenCalledTimes(2);
  });

  it('lets an entry go once its age has passed, and the oldest once it is full', async () => {
    let now = 0;
    const cache = createEdgeCache(2, () => now);
    const origin = vi.fn(async () => answer(200, 'public, max-age=60'));
    await cache('GET', '/img/1/320', origin);
    now = 61_000;
    expect((await cache('GET', '/img/1/320', origin)).headers?.['x-cache']).toBe('Miss from cloudfront');
    await cache('GET', '/img/2/320', origin);
    await cache('GET', '/img/3/320', origin);
    expect((await cache('GET', '/img/1/320', origin)).headers?.['x-cache']).toBe('Miss from cloudfront');
    expect(origin).toHaveBeenCalledTimes(5);
  });
});
