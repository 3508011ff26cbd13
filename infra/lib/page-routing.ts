/** S3 user metadata set on the 404 page; the viewer-response function answers objects carrying it with status 404. */
export const NOT_FOUND_METADATA = { 'not-found': 'true' } as const;
const NOT_FOUND_HEADER = 'x-amz-meta-not-found';

/** CloudFront Functions' code size limit. */
const MAX_FUNCTION_BYTES = 10 * 1024;

/**
 * Viewer-request code of the site behaviour (Astro build.format 'file'): `/` and extensionless
 * paths map to their `.html` object (/about and /about/ -> /about.html). When the build's pages
 * are known, an unknown page maps to /404.html; other files pass through. Missing pages are
 * handled here rather than by distribution-wide error responses, which would also replace the
 * API's JSON 403/404 answers with the HTML page.
 */
export function pageRequestCode(pages: readonly string[] | undefined): string {
  const known = pages ? JSON.stringify(Object.fromEntries(pages.map((page) => [page, 1]))) : 'null';
  const code = `var PAGES = ${known};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  var name = path.slice(path.lastIndexOf('/') + 1);
  var page = name.indexOf('.') === -1 ? (path === '/' ? '/index' : path) + '.html' : path;
  if (page.slice(-5) !== '.html') return request;
  request.uri = !PAGES || PAGES[page] ? page : '/404.html';
  return request;
}
`;
  if (Buffer.byteLength(code) > MAX_FUNCTION_BYTES) throw new Error(`The page routing function exceeds CloudFront's 10 KB limit (${pages?.length} pages)`);
  return code;
}

/** Viewer-response code of the site behaviour: the 404 page (marked by its metadata) is answered with status 404. */
export function pageResponseCode(): string {
  return `function handler(event) {
  var response = event.response;
  if (response.headers['${NOT_FOUND_HEADER}']) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
    delete response.headers['${NOT_FOUND_HEADER}'];
  }
  return response;
}
`;
}
