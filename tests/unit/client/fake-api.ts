import { vi } from 'vitest';

/** What a fake route answers: a status (200 when absent) and a JSON body. */
export type Handler = (body: Record<string, unknown> | undefined, url: string) => { status?: number; json: unknown };

/**
 * Stubs fetch with `routes` ('METHOD path', cache-busters ignored): a handler answers every call, a
 * list answers one call each, in order. Every call is recorded; unknown routes (or a spent list) answer 404.
 */
export function installApi(routes: Record<string, Handler | Handler[]>) {
  const calls: { method: string; url: string; body?: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      const route = routes[`${method} ${url.split('&_=')[0]}`];
      const answer = (Array.isArray(route) ? route.shift() : route)?.(body, url);
      if (!answer) return new Response('{"error":"Not found","code":"ROUTE_NOT_FOUND"}', { status: 404 });
      return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}
