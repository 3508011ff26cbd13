import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readSiteBuild } from '../../../infra/lib/site-build';
import { siteSecurityHeaders } from '@/server/http/security-headers';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/** Gzipped copies of the built text files, made once (the build does not change while serving). */
const gzipped = new Map<string, Buffer>();

async function gzippedFile(file: string): Promise<Buffer> {
  let body = gzipped.get(file);
  if (!body) {
    body = gzipSync(await readFile(file), { level: 9 });
    gzipped.set(file, body);
  }
  return body;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The built file for a URL path, as CloudFront resolves it (/about -> about.html), or undefined. */
async function resolveFile(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  const base = join(root, relative);
  if (base !== root && !base.startsWith(root + sep)) return undefined;
  const candidates = relative === '' ? [join(root, 'index.html')] : [base, `${base}.html`, join(base, 'index.html')];
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return undefined;
}

/**
 * Serves the Astro build from `root`; unknown paths get 404.html with status 404. Every answer
 * carries the headers CloudFront adds to the deployed site, the CSP made for this build's inline
 * scripts as the stack makes it (readSiteBuild), so local and e2e runs are under the production policy.
 */
export function createStaticSite(root: string) {
  const normalizedRoot = normalize(root).replace(/[/\\]+$/, '');
  const securityHeaders = siteSecurityHeaders(readSiteBuild(normalizedRoot)?.inlineScriptHashes ?? []);
  return async function serveStatic(pathname: string, method: string, response: ServerResponse, acceptEncoding = ''): Promise<void> {
    const found = await resolveFile(normalizedRoot, pathname);
    const file = found ?? join(normalizedRoot, '404.html');
    const status = found ? 200 : 404;
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    const immutable = pathname.startsWith('/_astro/');
    const headers: Record<string, string> = {
      ...securityHeaders,
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    };
    if (!(await isFile(file))) {
      response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('404 Page Not Found');
      return;
    }
    if (COMPRESSIBLE.test(type)) {
      // Text is served gzipped when the browser accepts it, as CloudFront does.
      headers.vary = 'Accept-Encoding';
      if (/\bgzip\b/.test(acceptEncoding)) {
        const body = await gzippedFile(file);
        response.writeHead(status, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
        response.end(method === 'HEAD' ? undefined : body);
        return;
      }
    }
    response.writeHead(status, { ...headers, 'content-length': (await stat(file)).size });
    if (method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(file).pipe(response);
  };
}
