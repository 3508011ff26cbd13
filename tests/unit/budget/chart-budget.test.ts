/**
 * The market chart's library (uPlot) loads only where the chart shows, on demand: it is in no page's
 * initial JavaScript (read from the static build, as the landing budget is), and a lazy chunk holds it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlPages, initialJs, jsChunks } from '../../support/initial-js';

const distDir = process.env.BUDGET_DIST_DIR ?? resolve(import.meta.dirname, '../../../dist');
/** A string of uPlot's minified build (its root class name, in any quotes). */
const UPLOT_MARKER = /[`'"]uplot[`'"]/;

describe('market chart library (dist/)', () => {
  it('keeps uPlot out of every page’s initial JavaScript and loads it lazily', async () => {
    const initial = new Set<string>();
    for (const page of htmlPages(distDir)) for (const chunk of (await initialJs(distDir, page)).chunks) initial.add(chunk);
    const withChart = jsChunks(distDir).filter((chunk) => UPLOT_MARKER.test(readFileSync(join(distDir, chunk), 'utf8')));
    expect(withChart.length, 'uPlot is in the build').toBeGreaterThan(0);
    expect(withChart.filter((chunk) => initial.has(chunk))).toEqual([]);
  });
});
