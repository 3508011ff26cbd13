export { ApiError, ApiUnreachableError, isUnavailable } from './api-error';
export { apiFetch, apiJson, type ApiInit, onNotSignedIn } from './api-fetch';
export { errorCode, errorText, serverMessage } from './error-text';
export {
  createFetcherStore,
  createMutatorStore,
  getJson,
  getJsonOrNullOn401,
  invalidateKeys,
  mutateCache,
  QUERY_DEFAULTS,
  retryWhileUnavailable,
  revalidateKeys,
} from './query';
