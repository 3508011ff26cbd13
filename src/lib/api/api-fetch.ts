import { ApiError } from './api-error';

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
  const response = await fetch(path, request);
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return response;
}

/** apiFetch, then the answer's JSON body. */
export async function apiJson<T = unknown>(path: string, init?: ApiInit): Promise<T> {
  const response = await apiFetch(path, init);
  return (await response.json()) as T;
}
