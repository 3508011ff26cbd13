/**
 * What JavaScript a built page loads before any click, read from the static build (dist/):
 * every inline or external script (except JSON-LD), every module preload, every `astro-island`'s
 * component-url, renderer-url and before-hydration-url, followed transitively through the static
 * `import` and `export … from` statements of the built chunks. Dynamic `import()` is not followed: that code
 * loads on demand (first toast, first menu open, wallet connect).
 *
 * Module graphs are read with the TypeScript parser (top-level import/export declarations only),
 * so strings or comments that look like imports never count.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

/** Strings found in the minified wallet / ledger SDK code (verified against the build by the budget test). */
export const SDK_MARKERS = [
  // @hashgraph/hedera-wallet-connect
  'DAppConnector',
  'hedera_signAndExecuteTransaction',
  // @walletconnect/* (sign client relay, modal)
  'relay.walletconnect',
  'wcm-modal',
  // @hiero-ledger/sdk and its protobufs
  'TransferTransaction',
  'AccountAllowanceApproveTransaction',
  'proto.SignatureMap',
] as const;

export interface InitialJs {
  page: string;
  /** Built chunk paths below dist/ (e.g. '_astro/client.abc.js'), in discovery order. */
  chunks: string[];
  /** Inline scripts' texts (island runtime, hoisted page scripts). */
  inlineScripts: string[];
  /** Sum of each chunk's and each inline script's gzip size (level 9), in bytes. */
  gzipBytes: number;
  /** The same files without compression, in bytes. */
  rawBytes: number;
  /** Per file: [name, gzip bytes]. */
  files: [string, number][];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const ISLAND = /<astro-island\b([^>]*)>/gi;
const LINK = /<link\b([^>]*)>/gi;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The module specifiers of a chunk's top-level static imports and re-exports. */
export function staticImports(code: string): string[] {
  const source = ts.createSourceFile('chunk.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** A URL path as the page sees it (absolute or relative to `from`), as a path below dist/. */
function toDistPath(specifier: string, from: string): string | undefined {
  if (/^[a-z]+:/i.test(specifier) || specifier.startsWith('//')) return undefined; // other origins: none expected
  const resolved = specifier.startsWith('/') ? specifier : posix.join(posix.dirname(`/${from}`), specifier);
  return posix.normalize(resolved).replace(/^\/+/, '').split(/[?#]/)[0];
}

/** The scripts a page names in its HTML: external and module entries (paths below the site root) and inline scripts. */
export function pageScripts(html: string, page: string): { entries: string[]; inlineScripts: string[] } {
  const entries: string[] = [];
  const inlineScripts: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    const type = (attribute(attributes, 'type') ?? '').toLowerCase();
    if (type !== '' && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    const src = attribute(attributes, 'src');
    if (src) {
      const path = toDistPath(decodeEntities(src), page);
      if (path) entries.push(path);
    } else if (body.trim()) {
      inlineScripts.push(body);
      if (type === 'module')
        for (const specifier of staticImports(body)) {
          const path = toDistPath(specifier, page);
          if (path) entries.push(path);
        }
    }
  }
  for (const [, attributes = ''] of html.matchAll(LINK)) {
    const href = attribute(attributes, 'href');
    const path = (attribute(attributes, 'rel') ?? '').toLowerCase() === 'modulepreload' && href ? toDistPath(decodeEntities(href), page) : undefined;
    if (path) entries.push(path);
  }
  for (const [, attributes = ''] of html.matchAll(ISLAND)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const value = attribute(attributes, name);
      const path = value ? toDistPath(decodeEntities(value), page) : undefined;
      if (path) entries.push(path);
    }
  }
  return { entries, inlineScripts };
}

/** Every chunk reachable from `entries` through static imports, in discovery order, with its code (`read` loads one chunk). */
export async function staticChunks(entries: readonly string[], read: (chunk: string) => string | Promise<string>): Promise<Map<string, string>> {
  const chunks = new Map<string, string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const chunk = queue.shift() as string;
    if (chunks.has(chunk)) continue;
    const code = await read(chunk);
    chunks.set(chunk, code);
    for (const specifier of staticImports(code)) {
      const path = toDistPath(specifier, chunk);
      if (path && !chunks.has(path)) queue.push(path);
    }
  }
  return chunks;
}

/** The initial JavaScript of one built HTML page (path relative to distDir, e.g. 'index.html'). */
export async function initialJs(distDir: string, page: string): Promise<InitialJs> {
  const { entries, inlineScripts } = pageScripts(readFileSync(join(distDir, page), 'utf8'), page);
  const chunks = [...(await staticChunks(entries, (chunk) => readFileSync(join(distDir, chunk), 'utf8'))).keys()];

  const files: [string, number][] = [];
  let gzipBytes = 0;
  let rawBytes = 0;
  const add = (name: string, content: Buffer) => {
    const size = gzipSync(content, { level: 9 }).length;
    files.push([name, size]);
    gzipBytes += size;
    rawBytes += content.length;
  };
  for (const chunk of chunks) add(chunk, readFileSync(join(distDir, chunk)));
  for (const [index, script] of inlineScripts.entries()) add(`(inline script ${index + 1})`, Buffer.from(script));
  return { page, chunks, inlineScripts, gzipBytes, rawBytes, files };
}

/** Every built HTML page below distDir (relative paths). */
export function htmlPages(distDir: string): string[] {
  return (readdirSync(distDir, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.html'))
    .map((name) => name.split('\\').join('/'))
    .sort();
}

/** Every built JavaScript chunk below distDir (relative paths). */
export function jsChunks(distDir: string): string[] {
  return (readdirSync(distDir, { recursive: true }) as string[])
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => name.split('\\').join('/'))
    .sort();
}
