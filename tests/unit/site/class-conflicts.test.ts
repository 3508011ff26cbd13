/**
 * No built page has an element with two Tailwind classes for the same thing (src/lib/cn.ts joins
 * classes without merging). Reads the static build in dist/ (`npm test` builds it first); the e2e
 * fixture checks every state the pages pass through in the same way.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classConflicts } from '../../support/class-conflicts';
import { htmlPages } from '../../support/initial-js';

const distDir = process.env.BUDGET_DIST_DIR ?? resolve(import.meta.dirname, '../../../dist');

describe('class lists', () => {
  it('finds a conflict: a later class for the same property, also across breakpoints', () => {
    expect(classConflicts(['h-9 px-3 text-xs h-auto', 'rounded-md bg-muted rounded-xl', 'hidden lg:block'])).toEqual([
      'h-9 overridden in "h-9 px-3 text-xs h-auto"',
      'rounded-md overridden in "rounded-md bg-muted rounded-xl"',
    ]);
  });

  it('has none on any built page', () => {
    const pages = htmlPages(distDir);
    expect(pages.length).toBeGreaterThan(5);
    const lists = pages.flatMap((page) => [...readFileSync(join(distDir, page), 'utf8').matchAll(/\sclass="([^"]*)"/g)].map((match) => match[1] ?? ''));
    expect(classConflicts(lists)).toEqual([]);
  });
});
