import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** What the stack needs to know about an Astro build (build.format 'file'). */
export interface SiteBuild {
  dir: string;
  /** Object keys of the HTML pages, e.g. /index.html, /about.html. */
  pages: string[];
  /** CSP sources ('sha256-...') of the inline scripts the pages carry (Astro's island runtime and hoisted scripts). */
  inlineScriptHashes: string[];
}

const SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
const EXECUTABLE_TYPES = new Set(['module', 'text/javascript', 'application/javascript', 'importmap']);

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The CSP hash sources of the executable inline scripts in one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = TYPE.exec(attributes)?.[1]?.toLowerCase();
    if (type && !EXECUTABLE_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Reads the site build in `dir`, or undefined when there is none (no index.html). */
export function readSiteBuild(dir: string): SiteBuild | undefined {
  if (!existsSync(join(dir, 'index.html'))) return undefined;
  const files = htmlFiles(dir).sort();
  const pages = files.map((file) => `/${relative(dir, file).split(sep).join('/')}`);
  const hashes = new Set(files.flatMap((file) => inlineScriptHashes(readFileSync(file, 'utf8'))));
  return { dir, pages, inlineScriptHashes: [...hashes].sort() };
}
