import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pageRequestCode, pageResponseCode } from '../../infra/lib/page-routing';

type Handler = (event: Record<string, unknown>) => Record<string, any>;

/** Loads CloudFront Function code as CloudFront runs it: a script defining `handler`. */
function load(code: string): Handler {
  const scope: { handler?: Handler } = {};
  runInNewContext(code, scope);
  return scope.handler!;
}

const PAGES = ['/404.html', '/about.html', '/index.html', '/paws-marketplace.html'];
const routeOf = (pages: string[] | undefined) => (uri: string) => load(pageRequestCode(pages))({ request: { uri, querystring: {}, headers: {} } }).uri;

describe('page routing (viewer request)', () => {
  const route = routeOf(PAGES);

  it.each([
    ['/', '/index.html'],
    ['/about', '/about.html'],
    ['/about/', '/about.html'],
    ['/about.html', '/about.html'],
    ['/paws-marketplace', '/paws-marketplace.html'],
    ['/404', '/404.html'],
  ])('maps %s to the page %s', (uri, page) => expect(route(uri)).toBe(page));

  it.each(['/nope', '/nope/', '/about/team', '/old-page.html'])('maps the unknown page %s to /404.html', (uri) => expect(route(uri)).toBe('/404.html'));

  it.each(['/favicon.svg', '/_astro/index.Bx1.js', '/robots.txt', '/sitemap.xml'])('passes the file %s through', (uri) => expect(route(uri)).toBe(uri));

  it('maps extensionless paths to .html when the pages are unknown (no build at synth)', () => {
    const blind = routeOf(undefined);
    expect(blind('/anything')).toBe('/anything.html');
    expect(blind('/')).toBe('/index.html');
    expect(blind('/logo.png')).toBe('/logo.png');
  });
});

describe('404 status (viewer response)', () => {
  const respond = load(pageResponseCode());

  it('answers the marked 404 page with status 404 and drops the marker', () => {
    const response = respond({ response: { statusCode: 200, statusDescription: 'OK', headers: { 'x-amz-meta-not-found': { value: 'true' } } } });
    expect(response).toMatchObject({ statusCode: 404, statusDescription: 'Not Found', headers: {} });
  });

  it('leaves other answers alone', () => {
    expect(respond({ response: { statusCode: 200, headers: { 'content-type': { value: 'text/html' } } } }).statusCode).toBe(200);
  });
});
