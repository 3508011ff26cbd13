import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THUMBNAIL_CACHE_CONTROL, THUMBNAIL_WIDTHS } from '../../src/features/tiger/thumbnail-rules';
import { VIDEO_SERIALS } from '../../src/features/tiger/supply';
import { startTestServer, type TestServer } from '../support/local-server';

let server: TestServer;
const get = (path: string, method = 'GET') => fetch(`${server.origin}${path}`, { method });

beforeAll(async () => {
  server = await startTestServer();
}, 90_000);
afterAll(async () => {
  await server?.dispose();
});

describe('GET /img/{serial}/{width}', () => {
  it('answers the sandbox art as a square WebP of each width, cached for good', async () => {
    for (const width of THUMBNAIL_WIDTHS) {
      const response = await get(`/img/12/${width}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe(THUMBNAIL_CACHE_CONTROL);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width });
    }
  });

  it('is answered again from the CDN cache, as CloudFront answers it (X-Cache), with the same bytes', async () => {
    const first = await get('/img/21/320');
    const again = await get('/img/21/320');
    expect([first.headers.get('x-cache'), again.headers.get('x-cache')]).toEqual(['Miss from cloudfront', 'Hit from cloudfront']);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    expect(again.headers.get('cache-control')).toBe(THUMBNAIL_CACHE_CONTROL);
  });

  it('keeps a phone page of 44 cards within 1 MB at the card width', async () => {
    let bytes = 0;
    for (let serial = 1; serial <= 44; serial++) bytes += (await (await get(`/img/${serial}/320`)).arrayBuffer()).byteLength;
    expect(bytes).toBeLessThan(1024 * 1024);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await get('/img/3/160', 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it.each([
    ['/img/0/320', 'serial'],
    ['/img/3334/320', 'serial'],
    ['/img/abc/320', 'serial'],
    ['/img/012/320', 'serial'],
    ['/img/1e3/320', 'serial'],
    ['/img/12/300', 'width'],
    ['/img/12/', 'width'],
    ['/img/12/320/extra', '/img/{serial}/{width}'],
    ['/img/%20/320', 'serial'],
  ])('refuses %s with 400 INVALID_IMAGE_REQUEST, not cached', async (path, says) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { error: string; code: string };
    expect(body.code).toBe('INVALID_IMAGE_REQUEST');
    expect(body.error).toContain(says);
  });

  it('answers 404 IMAGE_NOT_FOUND for a video tiger (the card plays the original)', async () => {
    const response = await get(`/img/${VIDEO_SERIALS.from}/320`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('IMAGE_NOT_FOUND');
  });

  it('refuses other methods with 405', async () => {
    const response = await get('/img/12/320', 'POST');
    expect(response.status).toBe(405);
    expect(((await response.json()) as { code: string }).code).toBe('METHOD_NOT_ALLOWED');
  });
});
