import { nanoquery, type CommonSettings } from '@nanostores/query';
import { ApiError, isUnavailable } from './api-error';
import { apiJson } from './api-fetch';

type KeyPart = string | number | true;

/** GETs the key parts joined into one path and parses the JSON answer; a 401 is an error. */
export function getJson<T = unknown>(...keyParts: KeyPart[]): Promise<T> {
  return apiJson<T>(keyParts.join(''));
}

/** Like getJson, but a 401 answer yields null (for data that simply needs a session). */
export async function getJsonOrNullOn401<T = unknown>(...keyParts: KeyPart[]): Promise<T | null> {
  try {
    return await getJson<T>(...keyParts);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Spec 000 §9 data defaults: no interval refetch, no refetch on focus or reconnect, never stale
 * (dedupe forever until invalidated), no retries. A query names its own freshness, e.g.
 * `createFetcherStore(['/api/paws/price'], { dedupeTime: 60_000, revalidateInterval: 60_000 })`.
 */
export const QUERY_DEFAULTS = {
  dedupeTime: Infinity,
  revalidateInterval: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: false,
} satisfies CommonSettings;

/** How long after each failure a read the server could not answer for now is asked again (then it is left failed). */
const UNAVAILABLE_RETRY_MS = [2_000, 4_000, 8_000] as const;

/**
 * `onErrorRetry` for a read the server may briefly be unable to answer (503 while a cold ledger
 * read finishes in the background, 429, a 5xx, or no answer at all): asked again 2, 4 and 8 s
 * after each failure. A 4xx is an answer, never retried.
 */
export const retryWhileUnavailable: Extract<CommonSettings['onErrorRetry'], (...args: never[]) => unknown> = ({ error, retryCount }) =>
  isUnavailable(error) ? (UNAVAILABLE_RETRY_MS[retryCount - 1] ?? null) : null;

type QueryContext = ReturnType<typeof nanoquery>;
let context: QueryContext | undefined;

/**
 * The one nanoquery context, created on first use: importing this module (or the api barrel)
 * runs nothing, so islands that only call apiJson do not ship the query cache.
 */
function queryContext(): QueryContext {
  context ??= nanoquery({ fetcher: getJson, ...QUERY_DEFAULTS });
  return context;
}

type AnyFunction = (...args: unknown[]) => unknown;
export const createFetcherStore = ((...args: unknown[]) => (queryContext()[0] as AnyFunction)(...args)) as QueryContext[0];
export const createMutatorStore = ((...args: unknown[]) => (queryContext()[1] as AnyFunction)(...args)) as QueryContext[1];
export const invalidateKeys = ((...args: unknown[]) => (queryContext()[2].invalidateKeys as AnyFunction)(...args)) as QueryContext[2]['invalidateKeys'];
export const revalidateKeys = ((...args: unknown[]) => (queryContext()[2].revalidateKeys as AnyFunction)(...args)) as QueryContext[2]['revalidateKeys'];
export const mutateCache = ((...args: unknown[]) => (queryContext()[2].mutateCache as AnyFunction)(...args)) as QueryContext[2]['mutateCache'];
