import { readSiteBuild } from '../../infra/lib/site-build';
import { EDGE_SECURITY_HEADERS, contentSecurityPolicy } from '../../src/server/http/security-headers';
import { connectAs } from './support/sandbox-wallet';
import { expect, test } from './support/test';
import { patient } from './support/pace';

/** The CSP CloudFront would send for the build this run serves (the stack reads the build the same way). */
function productionPolicy(): string {
  const build = readSiteBuild(process.env.SITE_DIR ?? 'dist');
  if (!build) throw new Error('no site build');
  return contentSecurityPolicy(build.inlineScriptHashes);
}

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
    expect(api.headers()['strict-transport-security']).toBe(EDGE_SECURITY_HEADERS['strict-transport-security']);
    expect(api.headers()['cache-control']).toBe('no-store');
  });

  test("every page, asset and the 404 page carry the production CSP made for this build's inline scripts", async ({ request }) => {
    const policy = productionPolicy();
    for (const path of ['/', '/marketplace', '/paws-marketplace', '/collection', '/wild-tiger-profile', '/public-profiles', '/about', '/no-such-page']) {
      const answer = await request.get(path);
      expect(answer.headers()['content-security-policy'], path).toBe(policy);
      for (const [name, value] of Object.entries(EDGE_SECURITY_HEADERS)) expect(answer.headers()[name], `${path} ${name}`).toBe(value);
    }
  });

  test('the policy is in force: an inline script that is not part of the build is refused and reported', async ({ page, cspViolations }) => {
    await page.goto('/about');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBe(1);
    expect(cspViolations[0]).toMatch(/CSP violation: script-src-elem blocked inline/);
    cspViolations.length = 0; // expected here; anywhere else a violation fails the test
  });

  test('a video tiger plays its WebM under the policy', async ({ page }) => {
    await page.goto('/collection?search=%233320');
    const card = page.getByTestId('collection-grid').getByRole('article').first();
    await expect(card.getByRole('heading')).toHaveText('Wild Tiger #3320', { timeout: patient(20_000) });
    const video = card.locator('video');
    await expect(video).toHaveAttribute('src', /\/videos\/3320\.webm$/);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: patient(15_000) }).toBeGreaterThanOrEqual(2);
    await expect(card).not.toContainText('Image unavailable');
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
