import { ApiError, ApiUnreachableError } from './api-error';

export type ApiInit = Omit<RequestInit, 'body' | 'credentials'> & {
  /** Sent as JSON with `content-type: application/json`. */
  body?: unknown;
};

/** Calls the API with the session cookie; throws ApiError on any non-success answer. */
export async function apiFetch(path: string, init: ApiInit = {}): Promise<Response> {
  const { body, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  const request: RequestInit = { ...rest, credentials: 'include', headers: requestHeaders };
  if (body !== undefined) {
    requestHeaders.set('content-type', 'application/json');
    request.body = JSON.stringify(body);
  }
  const response = await fetch(path, request).catch((cause: unknown) => {
    // An aborted request stays an abort (its caller stopped it); anything else means no answer came.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiUnreachableError(cause);
  });
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, await response.text());
    if (error.status === 401 && (error.body as { code?: unknown } | undefined)?.code === 'NOT_SIGNED_IN')
      for (const listener of notSignedInListeners) listener();
    throw error;
  }
  return response;
}

const notSignedInListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the API answers that the request needs a sign-in (401 NOT_SIGNED_IN):
 * the session ended on the server (expired, or signed out elsewhere). Returns the unsubscribe.
 */
export function onNotSignedIn(listener: () => void): () => void {
  notSignedInListeners.add(listener);
  return () => notSignedInListeners.delete(listener);
}

/** apiFetch, then the answer's JSON body. */
export async function apiJson<T = unknown>(path: string, init?: ApiInit): Promise<T> {
  const response = await apiFetch(path, init);
  return (await response.json()) as T;
}
