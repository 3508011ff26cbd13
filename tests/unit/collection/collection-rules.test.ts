import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  COLLECTION_SORT_OPTIONS,
  formatTraitFilter,
  pageCount,
  paginationWindow,
  parseSearch,
  parseTraitFilter,
  sameView,
  selectedCount,
  toggleTrait,
  viewFromQuery,
  viewToApiQuery,
  viewToQuery,
} from '@/features/collection/collection-rules';

describe('sort options', () => {
  it('are the five of spec 001 §2, in order, with their labels', () => {
    expect(COLLECTION_SORT_OPTIONS.map((option) => [option.value, option.label])).toEqual([
      ['serial-asc', 'Serial # low to high'],
      ['serial-desc', 'Serial # high to low'],
      ['rarity', 'Rarity rarest first'],
      ['price-low', 'Price low to high'],
      ['price-high', 'Price high to low'],
    ]);
  });
});

describe('parseSearch', () => {
  it('reads #serial as an exact serial, with or without a space', () => {
    expect(parseSearch('#12')).toEqual({ kind: 'serial', serial: 12 });
    expect(parseSearch('  # 0012 ')).toEqual({ kind: 'serial', serial: 12 });
  });
  it('reads an account id as an owner search', () => {
    expect(parseSearch('0.0.7001001')).toEqual({ kind: 'owner', accountId: '0.0.7001001' });
  });
  it('reads a bare number as text that pins that serial first', () => {
    expect(parseSearch('12')).toEqual({ kind: 'text', text: '12', pinSerial: 12 });
  });
  it('lower-cases free text and collapses whitespace and control characters', () => {
    expect(parseSearch('  Golden\u0000  Fur ')).toEqual({ kind: 'text', text: 'golden fur', pinSerial: null });
    expect(parseSearch('#abc')).toEqual({ kind: 'text', text: '#abc', pinSerial: null });
  });
  it('is everything when empty', () => {
    expect(parseSearch('   ')).toEqual({ kind: 'all' });
  });
});

describe('trait filter parameter', () => {
  it('reads Type:Value pairs, OR-ing values of one type and keeping types apart', () => {
    expect(parseTraitFilter('Fur:Golden,Eye_Color:Blue,Fur:Ghost')).toEqual({ ok: true, selection: { Fur: ['Golden', 'Ghost'], Eye_Color: ['Blue'] } });
  });
  it('collapses duplicates and trims around the separators', () => {
    expect(parseTraitFilter(' Fur : Golden , Fur:Golden')).toEqual({ ok: true, selection: { Fur: ['Golden'] } });
  });
  it('is empty for an empty parameter', () => {
    expect(parseTraitFilter('')).toEqual({ ok: true, selection: {} });
  });
  it.each([
    ['Fur', 'not a Type:Value pair'],
    ['Fur:', 'needs a trait type and a value'],
    [':Golden', 'needs a trait type and a value'],
    ['Fur:Golden,', 'not a Type:Value pair'],
    ['Fur:a:b', "contains ':'"],
    ['Fur:Golden\\', 'unfinished escape'],
    [`Fur:${'x'.repeat(101)}`, 'at most 100 characters'],
    ['x'.repeat(1001), 'at most 1000 characters'],
    [Array.from({ length: 61 }, (_, index) => `T:${index}`).join(','), 'at most 60'],
  ])('refuses %j', (param, message) => {
    const parsed = parseTraitFilter(param);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
  it('round-trips any selection, commas, colons and backslashes included', () => {
    const text = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value.trim() === value && value.length > 0);
    fc.assert(
      fc.property(fc.dictionary(text, fc.uniqueArray(text, { minLength: 1, maxLength: 4 }), { maxKeys: 4 }), (selection) => {
        const parsed = parseTraitFilter(formatTraitFilter(selection));
        expect(parsed).toEqual({ ok: true, selection });
      }),
    );
  });
  it('keeps trait types named like object properties as plain data', () => {
    const parsed = parseTraitFilter('constructor:x,__proto__:y,toString:z');
    expect(parsed.ok && Object.entries(parsed.selection)).toEqual([
      ['constructor', ['x']],
      ['__proto__', ['y']],
      ['toString', ['z']],
    ]);
    expect(toggleTrait({}, 'constructor', 'x')).toEqual({ constructor: ['x'] });
    expect(selectedCount(toggleTrait(toggleTrait({}, '__proto__', 'a'), '__proto__', 'b'))).toBe(2);
  });
  it('toggles a value on and off, dropping empty types', () => {
    const one = toggleTrait({}, 'Fur', 'Golden');
    const two = toggleTrait(one, 'Fur', 'Ghost');
    expect(two).toEqual({ Fur: ['Golden', 'Ghost'] });
    expect(selectedCount(toggleTrait(two, 'Eye_Color', 'Blue'))).toBe(3);
    expect(toggleTrait(toggleTrait(two, 'Fur', 'Golden'), 'Fur', 'Ghost')).toEqual({});
    expect(Object.keys(toggleTrait({ Fur: ['Golden'], Eye_Color: ['Blue'] }, 'Fur', 'Ghost'))).toEqual(['Fur', 'Eye_Color']);
  });
});

describe('pagination', () => {
  it('counts 76 pages of 44 for 3,333 tigers and at least one page', () => {
    expect(pageCount(3333, 44)).toBe(76);
    expect(pageCount(0, 44)).toBe(1);
  });
  it.each([
    [1, 76, [1, 2, 3, 4, 5]],
    [2, 76, [1, 2, 3, 4, 5]],
    [3, 76, [1, 2, 3, 4, 5]],
    [4, 76, [2, 3, 4, 5, 6]],
    [40, 76, [38, 39, 40, 41, 42]],
    [75, 76, [72, 73, 74, 75, 76]],
    [76, 76, [72, 73, 74, 75, 76]],
    [1, 3, [1, 2, 3]],
    [3, 3, [1, 2, 3]],
    [9, 3, [1, 2, 3]],
    [1, 1, [1]],
    [1, 0, []],
  ])('page %i of %i shows %j', (page, total, expected) => {
    expect(paginationWindow(page, total)).toEqual(expected);
  });
  it('always holds the current page within at most 5 consecutive pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (total, raw) => {
        const page = Math.min(raw, total);
        const pages = paginationWindow(page, total);
        expect(pages.length).toBe(Math.min(5, total));
        expect(pages).toContain(page);
        for (const [index, value] of pages.entries()) if (index) expect(value).toBe((pages[index - 1] as number) + 1);
        expect(pages[0]).toBeGreaterThanOrEqual(1);
        expect(pages.at(-1)).toBeLessThanOrEqual(total);
      }),
    );
  });
});

describe('the view in the URL', () => {
  it('leaves defaults out', () => {
    expect(viewToQuery(DEFAULT_VIEW)).toBe('');
  });
  it('round-trips search, sort, traits and page', () => {
    const view = { search: 'golden #1', sort: 'rarity' as const, page: 3, traits: { Fur: ['Golden', 'Ghost'], Eye_Color: ['Blue'] } };
    const query = viewToQuery(view);
    expect(query).toBe('search=golden+%231&sort=rarity&traits=Fur%3AGolden%2CFur%3AGhost%2CEye_Color%3ABlue&page=3');
    expect(viewFromQuery(query)).toEqual(view);
    expect(sameView(viewFromQuery(`?${query}`), view)).toBe(true);
  });
  it('falls back to defaults for unreadable values', () => {
    expect(viewFromQuery('sort=cheapest&page=-2&traits=Fur&search=%00')).toEqual(DEFAULT_VIEW);
    expect(viewFromQuery('page=2.5').page).toBe(1);
    expect(viewFromQuery(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
  });
  it('always asks the API for page, limit 44 and sort', () => {
    expect(viewToApiQuery(DEFAULT_VIEW)).toBe('page=1&limit=44&sort=serial-asc');
    expect(viewToApiQuery({ ...DEFAULT_VIEW, search: '#12', traits: { Fur: ['Golden'] } })).toBe(
      'page=1&limit=44&sort=serial-asc&search=%2312&traits=Fur%3AGolden',
    );
  });
});
