/**
 * Page budgets, read from the static build in dist/ (run `npm run build` first; `npm test` does).
 *
 * - The landing page's initial JavaScript (everything it loads before any click: scripts, island
 *   components and renderers, and their static imports, transitively) is at most 90 KB gzipped.
 * - Every page's first frame waits until its content is parsed: a render-blocking `rel=expect` link
 *   names an element after the main content (else the nav paints alone and the content's layout
 *   follows as one long task).
 * - No page's initial JavaScript contains the dialog primitive (src/components/ui/Dialog.tsx): every
 *   dialog loads when it first opens (src/features/toast/lazy-dialog.tsx).
 * - No stylesheet has a container query: a container lays out its subtree twice (its size, then
 *   its content's style), which doubled the layout of the market's first cards.
 * - No page's initial JavaScript contains wallet-connect or ledger SDK code: that code loads only
 *   when the user connects (dynamic import). The markers below are strings of those libraries'
 *   minified output; the test also asserts that the lazy chunks do contain them, so it can fail.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlPages, initialJs, jsChunks, SDK_MARKERS, staticImports } from '../../support/initial-js';

const distDir = process.env.BUDGET_DIST_DIR ?? resolve(import.meta.dirname, '../../../dist');
const LANDING_BUDGET_BYTES = 90 * 1024;
/** A class string of the dialog primitive's overlay, which its minified chunk keeps as it is. */
const DIALOG_MARKER = 'bg-black/75 backdrop-blur-sm';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Where `markers` occur in what any page loads before a click (its initial chunks and inline
 * scripts), and which markers no lazily loaded chunk contains (a marker that is nowhere proves nothing).
 */
async function markersBeforeClick(markers: readonly string[]): Promise<{ offenders: string[]; missing: string[] }> {
  const initial = new Set<string>();
  const offenders: string[] = [];
  for (const page of htmlPages(distDir)) {
    const { chunks, inlineScripts } = await initialJs(distDir, page);
    for (const chunk of chunks) initial.add(chunk);
    const texts = [
      ...chunks.map((chunk) => [chunk, readFileSync(join(distDir, chunk), 'utf8')] as const),
      ...inlineScripts.map((text, index) => [`inline ${index + 1}`, text] as const),
    ];
    for (const [name, text] of texts) {
      for (const marker of markers) if (text.includes(marker)) offenders.push(`${page}: ${name} contains ${marker}`);
    }
  }
  const lazy = jsChunks(distDir)
    .filter((chunk) => !initial.has(chunk))
    .map((chunk) => readFileSync(join(distDir, chunk), 'utf8'));
  return { offenders, missing: markers.filter((marker) => !lazy.some((text) => text.includes(marker))) };
}

describe('page budgets (dist/)', () => {
  it('has a site build to measure', () => {
    expect(existsSync(join(distDir, 'index.html')), `no build in ${distDir}: run \`npm run build\` first`).toBe(true);
  });

  it('reads static imports only, not dynamic import()', () => {
    const code = 'import{a as b}from"./a.js";import"./b.js";export{c}from"./c.js";const d=()=>import("./d.js");`import"./e.js"`;';
    expect(staticImports(code)).toEqual(['./a.js', './b.js', './c.js']);
  });

  it('keeps the landing page initial JavaScript within 90 KB gzipped', async () => {
    const landing = await initialJs(distDir, 'index.html');
    const breakdown = landing.files
      .toSorted((a, b) => b[1] - a[1])
      .map(([name, size]) => `  ${kb(size).padStart(8)}  ${name}`)
      .join('\n');
    console.log(
      `landing page initial JavaScript: ${kb(landing.gzipBytes)} gzipped (${kb(landing.rawBytes)} raw), budget ${kb(LANDING_BUDGET_BYTES)}\n${breakdown}`,
    );
    expect(landing.chunks.length).toBeGreaterThan(0);
    expect(landing.gzipBytes).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
  });

  it("holds every page's first frame until the content after <main> is parsed", () => {
    const offenders: string[] = [];
    for (const page of htmlPages(distDir)) {
      const html = readFileSync(join(distDir, page), 'utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      const link = /<link\b[^>]*\brel="expect"[^>]*>/.exec(head)?.[0] ?? '';
      const target = /\bhref="#([\w-]+)"/.exec(link)?.[1];
      const blocking = /\bblocking="render"/.test(link);
      const targetAt = target ? html.indexOf(`id="${target}"`) : -1;
      const mainEnd = html.lastIndexOf('</main>');
      if (!blocking || targetAt < 0 || mainEnd < 0 || targetAt < mainEnd) offenders.push(`${page}: ${link || 'no rel=expect link'}`);
    }
    expect(offenders).toEqual([]);
  });

  it('ships no container query in any stylesheet', () => {
    const stylesheets = readdirSync(join(distDir, '_astro')).filter((file) => file.endsWith('.css'));
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(stylesheets.filter((file) => readFileSync(join(distDir, '_astro', file), 'utf8').includes('@container'))).toEqual([]);
  });

  it('ships no dialog code in any page before a dialog opens', async () => {
    expect(readFileSync(resolve(import.meta.dirname, '../../../src/components/ui/Dialog.tsx'), 'utf8')).toContain(DIALOG_MARKER);
    const { offenders, missing } = await markersBeforeClick([DIALOG_MARKER]);
    expect(offenders).toEqual([]);
    expect(missing, 'the dialog marker is in no lazy chunk: update DIALOG_MARKER').toEqual([]);
  });

  it('ships no wallet-connect or ledger SDK code in any page before a click', async () => {
    expect(htmlPages(distDir)).toContain('index.html');
    const { offenders, missing } = await markersBeforeClick(SDK_MARKERS);
    expect(offenders).toEqual([]);
    expect(missing, 'markers not found in any lazy chunk: update SDK_MARKERS').toEqual([]);
  });
});
