/**
 * Query parameters of the mirror node REST API as the sandbox understands them: `limit`,
 * `order`, and operator filters (`gte:0.0.5`, `lt:42`). Range filters on a pair of columns
 * (token.id + serialnumber, spender.id + token.id) are cursors over the pair, as on the real API.
 */

export type FilterOp = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte';
export interface Filter {
  op: FilterOp;
  value: bigint;
}

/** A 400 of the mirror node, with its official message. */
export class MirrorQueryError extends Error {
  constructor(readonly parameter: string) {
    super(`Invalid parameter: ${parameter}`);
  }
}

const ENTITY_FILTER = /^(?:(eq|ne|lt|lte|gt|gte):)?(?:(\d{1,10})\.(\d{1,10})\.)?(\d{1,10})$/;
const NUMBER_FILTER = /^(?:(eq|ne|lt|lte|gt|gte):)?(\d{1,19})$/;
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

/** Comparable key of a `shard.realm.num` id. */
export function entityKey(id: string): bigint {
  const [shard = '0', realm = '0', num = '0'] = id.split('.');
  return (BigInt(shard) << 96n) | (BigInt(realm) << 64n) | BigInt(num);
}

/** Normalises a path account/token id (`5`, `0.5`, `0.0.5`) to `shard.realm.num`, or null. */
export function normaliseEntityId(value: string): string | null {
  const match = ENTITY_FILTER.exec(value);
  if (!match || match[1]) return null;
  return `${match[2] ?? '0'}.${match[3] ?? '0'}.${match[4]}`;
}

export function parseLimit(params: URLSearchParams): number {
  const raw = params.get('limit');
  if (raw === null) return DEFAULT_LIMIT;
  const limit = Number(raw);
  if (!/^\d+$/.test(raw) || limit < 1) throw new MirrorQueryError('limit');
  return Math.min(limit, MAX_LIMIT);
}

export function parseOrder(params: URLSearchParams, fallback: 'asc' | 'desc'): 'asc' | 'desc' {
  const raw = params.get('order');
  if (raw === null) return fallback;
  if (raw !== 'asc' && raw !== 'desc') throw new MirrorQueryError('order');
  return raw;
}

export function parseEntityFilters(params: URLSearchParams, name: string): Filter[] {
  return params.getAll(name).map((raw) => {
    const match = ENTITY_FILTER.exec(raw);
    if (!match) throw new MirrorQueryError(name);
    return { op: (match[1] ?? 'eq') as FilterOp, value: entityKey(`${match[2] ?? 0}.${match[3] ?? 0}.${match[4]}`) };
  });
}

export function parseNumberFilters(params: URLSearchParams, name: string): Filter[] {
  return params.getAll(name).map((raw) => {
    const match = NUMBER_FILTER.exec(raw);
    if (!match) throw new MirrorQueryError(name);
    return { op: (match[1] ?? 'eq') as FilterOp, value: BigInt(match[2] ?? '0') };
  });
}

export function matches(value: bigint, filters: readonly Filter[]): boolean {
  return filters.every(({ op, value: bound }) => {
    switch (op) {
      case 'eq':
        return value === bound;
      case 'ne':
        return value !== bound;
      case 'lt':
        return value < bound;
      case 'lte':
        return value <= bound;
      case 'gt':
        return value > bound;
      case 'gte':
        return value >= bound;
      default:
        return false;
    }
  });
}

/**
 * Filters on an ordered pair: a `lte`/`gte` on the first column together with filters on the
 * second means "(first beyond the bound) or (first at the bound and second matches)".
 */
export function matchesPair(first: bigint, second: bigint, firstFilters: readonly Filter[], secondFilters: readonly Filter[]): boolean {
  let cursor = false;
  for (const filter of firstFilters) {
    if ((filter.op === 'lte' || filter.op === 'gte') && secondFilters.length > 0) {
      cursor = true;
      const beyond = filter.op === 'lte' ? first < filter.value : first > filter.value;
      if (!beyond && !(first === filter.value && matches(second, secondFilters))) return false;
    } else if (!matches(first, [filter])) return false;
  }
  return cursor || matches(second, secondFilters);
}

/**
 * The `links.next` of a page: the request's path and parameters plus the cursor, where the
 * cursor replaces same-direction bounds of its parameters (other bounds are kept). Relative
 * (`/api/v1/...`), like the real mirror node.
 */
export function nextLink(path: string, params: URLSearchParams, limit: number, cursor: readonly [string, string][]): string {
  const direction = (value: string) => (/^lte?:/.test(value) ? 'lt' : /^gte?:/.test(value) ? 'gt' : 'other');
  const replaces = (name: string, value: string) => cursor.some(([n, v]) => n === name && direction(v) === direction(value));
  const next = new URLSearchParams();
  next.set('limit', String(limit));
  for (const [name, value] of params) if (name !== 'limit' && !replaces(name, value)) next.append(name, value);
  for (const [name, value] of cursor) next.append(name, value);
  return `${path}?${next.toString().replace(/%3A/gi, ':')}`;
}

/** Takes up to `limit` items of a lazy sequence and says whether more follow. */
export function takePage<T>(items: Iterable<T>, limit: number): { page: T[]; more: boolean } {
  const page: T[] = [];
  for (const item of items) {
    if (page.length === limit) return { page, more: true };
    page.push(item);
  }
  return { page, more: false };
}
