/**
 * Pure rules of the collection browser (spec 001 §2, §5, §9), shared by the API and the page:
 * constants, sort options, the search forms, the trait filter format, the pagination window
 * and the view <-> URL mapping.
 */

/** Spec 001 §9. */
export const COLLECTION_PAGE_SIZE = 44;
export const NOT_MINTED = 'Not Minted';
export const UNKNOWN_OWNER = '0.0.unknown';
export const MAX_SEARCH_LENGTH = 100;
export const MAX_TRAITS_PARAM_LENGTH = 1000;
export const MAX_TRAIT_PAIRS = 60;
export const MAX_TRAIT_TEXT_LENGTH = 100;
export const MAX_PAGE = 10_000;
export const MAX_LIMIT = 100;

export const COLLECTION_SORT_OPTIONS = [
  { value: 'serial-asc', label: 'Serial # low to high' },
  { value: 'serial-desc', label: 'Serial # high to low' },
  { value: 'rarity', label: 'Rarity rarest first' },
  { value: 'price-low', label: 'Price low to high' },
  { value: 'price-high', label: 'Price high to low' },
] as const;

export type SortKey = (typeof COLLECTION_SORT_OPTIONS)[number]['value'];
export const SORT_KEYS = COLLECTION_SORT_OPTIONS.map((option) => option.value) as [SortKey, ...SortKey[]];
export const DEFAULT_SORT: SortKey = 'serial-asc';

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === 'string' && (SORT_KEYS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Search

export type SearchQuery =
  | { kind: 'all' }
  /** '#12': exactly serial 12. */
  | { kind: 'serial'; serial: number }
  /** '0.0.1234': the tigers this account owns. */
  | { kind: 'owner'; accountId: string }
  /** Free text: name or trait value contains it (case-insensitive); a number also pins that serial first. */
  | { kind: 'text'; text: string; pinSerial: number | null };

/** Search text as typed: trimmed, inner whitespace collapsed, control characters dropped. */
export function cleanSearch(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return (
    raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** How a search text is read (spec 001 §2: 'Search by name or #...'). */
export function parseSearch(raw: string): SearchQuery {
  const text = cleanSearch(raw);
  if (!text) return { kind: 'all' };
  const serial = /^#\s*(\d{1,9})$/.exec(text);
  if (serial) return { kind: 'serial', serial: Number(serial[1]) };
  if (/^0\.0\.\d{1,10}$/.test(text)) return { kind: 'owner', accountId: text };
  const lower = text.toLowerCase();
  return { kind: 'text', text: lower, pinSerial: /^\d{1,9}$/.test(text) ? Number(text) : null };
}

// ---------------------------------------------------------------------------------------------
// Trait filter: `Fur:Golden,Eye_Color:Blue` — values of one type OR-ed, types AND-ed.
// A ',', ':' or '\' inside a type or value is escaped with '\'.

/** Trait type -> selected values, in the order they were chosen. */
export type TraitSelection = Record<string, string[]>;

const escapeTraitText = (text: string) => text.replace(/[\\,:]/g, (char) => `\\${char}`);

/** The `traits` parameter of a selection ('' when nothing is selected). */
export function formatTraitFilter(selection: TraitSelection): string {
  const pairs: string[] = [];
  for (const [type, values] of Object.entries(selection)) {
    for (const value of values) pairs.push(`${escapeTraitText(type)}:${escapeTraitText(value)}`);
  }
  return pairs.join(',');
}

export type TraitFilterParse = { ok: true; selection: TraitSelection } | { ok: false; error: string };

/** Reads a `traits` parameter; duplicates collapse; anything malformed is an error naming the problem. */
export function parseTraitFilter(param: string): TraitFilterParse {
  if (param.length > MAX_TRAITS_PARAM_LENGTH) return { ok: false, error: `must be at most ${MAX_TRAITS_PARAM_LENGTH} characters` };
  if (!param.trim()) return { ok: true, selection: {} };
  const pairs: [string, string][] = [];
  let field = '';
  let type: string | undefined;
  const finishPair = (): string | undefined => {
    if (type === undefined) return `'${field.trim() || param}' is not a Type:Value pair`;
    const cleanType = type.trim();
    const cleanValue = field.trim();
    if (!cleanType || !cleanValue) return 'every pair needs a trait type and a value (Type:Value)';
    if (cleanType.length > MAX_TRAIT_TEXT_LENGTH || cleanValue.length > MAX_TRAIT_TEXT_LENGTH)
      return `trait types and values are at most ${MAX_TRAIT_TEXT_LENGTH} characters`;
    pairs.push([cleanType, cleanValue]);
    type = undefined;
    field = '';
    return undefined;
  };
  for (let index = 0; index < param.length; index++) {
    const char = param[index] as string;
    if (char === '\\') {
      const next = param[index + 1];
      if (next === undefined) return { ok: false, error: 'ends with an unfinished escape (\\)' };
      field += next;
      index++;
    } else if (char === ':' && type === undefined) {
      type = field;
      field = '';
    } else if (char === ':') {
      return { ok: false, error: "a value contains ':' (escape it as \\:)" };
    } else if (char === ',') {
      const problem = finishPair();
      if (problem) return { ok: false, error: problem };
    } else field += char;
  }
  const problem = finishPair();
  if (problem) return { ok: false, error: problem };
  if (pairs.length > MAX_TRAIT_PAIRS) return { ok: false, error: `at most ${MAX_TRAIT_PAIRS} Type:Value pairs` };
  const byType = new Map<string, string[]>();
  for (const [pairType, value] of pairs) {
    const values = byType.get(pairType) ?? [];
    if (!values.includes(value)) values.push(value);
    byType.set(pairType, values);
  }
  return { ok: true, selection: Object.fromEntries(byType) };
}

/** The values chosen for a trait type (own entries only: a type may be called 'constructor'). */
export function selectedValues(selection: TraitSelection, type: string): string[] {
  return Object.hasOwn(selection, type) ? (selection[type] as string[]) : [];
}

/** The selection with `value` of `type` switched on or off (types without values disappear). */
export function toggleTrait(selection: TraitSelection, type: string, value: string): TraitSelection {
  const current = selectedValues(selection, type);
  const values = current.includes(value) ? current.filter((entry) => entry !== value) : [...current, value];
  const entries = Object.entries(selection);
  const at = entries.findIndex(([key]) => key === type);
  if (at < 0) entries.push([type, values]);
  else entries[at] = [type, values];
  return Object.fromEntries(entries.filter(([, chosen]) => chosen.length > 0));
}

export function selectedCount(selection: TraitSelection): number {
  return Object.values(selection).reduce((sum, values) => sum + values.length, 0);
}

// ---------------------------------------------------------------------------------------------
// Pagination

/** Pages of `total` items at `limit` per page; at least 1. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** Up to `size` consecutive page numbers around `page` (spec 001 §2: a window of up to 5). */
export function paginationWindow(page: number, totalPages: number, size = 5): number[] {
  const pages = Math.max(0, Math.floor(totalPages));
  if (pages === 0) return [];
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const width = Math.min(size, pages);
  const start = Math.min(Math.max(1, current - Math.floor((width - 1) / 2)), pages - width + 1);
  return Array.from({ length: width }, (_, index) => start + index);
}

// ---------------------------------------------------------------------------------------------
// The view (search, sort, filters, page) in the page URL and in the API query

export interface CollectionView {
  search: string;
  sort: SortKey;
  page: number;
  traits: TraitSelection;
}

export const DEFAULT_VIEW: CollectionView = { search: '', sort: DEFAULT_SORT, page: 1, traits: {} };

/** The view a page URL's query describes; anything unreadable falls back to the default. */
export function viewFromQuery(query: string | URLSearchParams): CollectionView {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const search = cleanSearch(params.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH);
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? 1);
  const traits = parseTraitFilter(params.get('traits') ?? '');
  return {
    search,
    sort: isSortKey(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    traits: traits.ok ? traits.selection : {},
  };
}

/** The page URL's query for a view, defaults left out ('' for the default view). */
export function viewToQuery(view: CollectionView): string {
  const params = new URLSearchParams();
  if (view.search) params.set('search', view.search);
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  const traits = formatTraitFilter(view.traits);
  if (traits) params.set('traits', traits);
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

/** The API query of a view (always with page, limit and sort). */
export function viewToApiQuery(view: CollectionView, limit = COLLECTION_PAGE_SIZE): string {
  const params = new URLSearchParams({ page: String(view.page), limit: String(limit), sort: view.sort });
  if (view.search) params.set('search', view.search);
  const traits = formatTraitFilter(view.traits);
  if (traits) params.set('traits', traits);
  return params.toString();
}

/** True when two views show the same thing. */
export function sameView(a: CollectionView, b: CollectionView): boolean {
  return viewToQuery(a) === viewToQuery(b);
}
