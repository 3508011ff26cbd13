import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { inlineScriptHashes } from '../../src/server/http/security-headers';

/** The CSP hash sources of a document's inline scripts (defined with the CSP, which the local server sends too). */
export { inlineScriptHashes };

/** What the stack needs to know about an Astro build (build.format 'file'). */
export interface SiteBuild {
  dir: string;
  /** Object keys of the HTML pages, e.g. /index.html, /about.html. */
  pages: string[];
  /** CSP sources ('sha256-...') of the inline scripts the pages carry (Astro's island runtime and hoisted scripts). */
  inlineScriptHashes: string[];
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Reads the site build in `dir`, or undefined when there is none (no index.html). */
export function readSiteBuild(dir: string): SiteBuild | undefined {
  if (!existsSync(join(dir, 'index.html'))) return undefined;
  const files = htmlFiles(dir).sort();
  const pages = files.map((file) => `/${relative(dir, file).split(sep).join('/')}`);
  const hashes = new Set(files.flatMap((file) => inlineScriptHashes(readFileSync(file, 'utf8'))));
  return { dir, pages, inlineScriptHashes: [...hashes].sort() };
}
