export { ApiError } from './apiError';
export { apiFetch, apiJson, type ApiInit } from './apiFetch';
export {
  createFetcherStore,
  createMutatorStore,
  getJson,
  getJsonOrNullOn401,
  invalidateKeys,
  mutateCache,
  QUERY_DEFAULTS,
  revalidateKeys,
} from './query';
