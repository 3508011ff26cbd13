import { nanoquery, type CommonSettings } from '@nanostores/query';
import { ApiError } from './apiError';
import { apiJson } from './apiFetch';

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

export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  fetcher: getJson,
  ...QUERY_DEFAULTS,
});
