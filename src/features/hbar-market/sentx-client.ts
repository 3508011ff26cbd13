import type { z } from 'zod';
import { MarketUnavailableError } from './market-errors';
import { refusalSchema } from './sentx-schemas';

const SENTX_TIMEOUT_MS = 10_000;

export interface SentxClientOptions {
  baseUrl: string;
  /** Appended as `?apikey=`; SentX's public reads may answer without one. */
  apiKey: string | undefined;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

export type Query = Record<string, string | number>;
export type Answer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; apimessage: string };

/** SentX calls: the API key in the query string, JSON bodies, one time-out, typed failures. */
export function sentxClient({ baseUrl, apiKey, fetch = globalThis.fetch, timeoutMs = SENTX_TIMEOUT_MS }: SentxClientOptions) {
  const base = baseUrl.replace(/\/+$/, '');

  function url(path: string, query: Query): string {
    const target = new URL(`${base}${path}`);
    if (apiKey) target.searchParams.set('apikey', apiKey);
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, String(value));
    return target.toString();
  }

  /** The answer's status and text; a read whose connection failed before any answer is sent once more. */
  async function send(path: string, request: { query?: Query; body?: unknown }): Promise<{ status: number; text: string }> {
    const signal = AbortSignal.timeout(timeoutMs);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await fetch(url(path, request.query ?? {}), {
          method: request.body === undefined ? 'GET' : 'POST',
          headers: { accept: 'application/json', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
          signal,
        });
        return { status: response.status, text: await response.text() };
      } catch (error) {
        // A connection that failed before any answer (a kept-alive one the server closed as the read
        // went out, say) is no answer: a GET changes nothing, so it is asked once more.
        if (attempt === 1 && request.body === undefined && !signal.aborted) continue;
        const reason = signal.aborted ? `timed out after ${timeoutMs} ms` : 'could not be reached';
        throw new MarketUnavailableError(`SentX ${path} ${reason}`, { cause: error });
      }
    }
  }

  /** One call; a 2xx/4xx `success: false` with an apimessage is a refusal, anything else unexpected throws MarketUnavailableError. */
  async function call<S extends z.ZodType>(path: string, schema: S, request: { query?: Query; body?: unknown } = {}): Promise<Answer<z.output<S>>> {
    const { status, text } = await send(path, request);
    const json = parseJson(text);
    const refusal = refusalSchema.safeParse(json);
    if (refusal.success && status < 500) return { ok: false, status, apimessage: refusal.data.apimessage };
    if (status < 200 || status >= 300) throw new MarketUnavailableError(`SentX ${path} answered ${status}`);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      throw new MarketUnavailableError(`SentX ${path} answered an unexpected shape: ${issues.join('; ')}`);
    }
    return { ok: true, status, body: parsed.data };
  }

  return { call };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
