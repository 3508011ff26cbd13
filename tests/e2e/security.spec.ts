import { expect, test } from '@playwright/test';
import { connectAs } from './support/sandbox-wallet';

test.describe('security headers and cookie flags', () => {
  test('pages and API answers carry the security headers; text is served compressed', async ({ request }) => {
    const page = await request.get('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers()['x-content-type-options']).toBe('nosniff');
    expect(page.headers()['x-frame-options']).toBe('DENY');
    expect(page.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers()['content-encoding']).toBe('gzip');
    const api = await request.get('/api/health');
    expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
    expect(api.headers()['cache-control']).toBe('no-store');
  });

  test('the session cookie is HttpOnly, SameSite=Lax and unreadable from scripts', async ({ page, context }) => {
    await page.goto('/');
    await connectAs(page, 'Carol');
    const session = (await context.cookies()).find((cookie) => cookie.name === 'wt_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.expires).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    expect(await page.evaluate(() => document.cookie)).not.toContain('wt_session');
  });
});
