import { createSlots } from '@/lib/concurrency';
import { remainingBudgetMs } from '@/platform/request-budget';
import { LedgerBadResponseError, LedgerRequestError, LedgerUnavailableError } from './errors';
import { parseMirrorJson } from './mirror-json';
import { errorBodySchema } from './mirror-types';

export type FetchLike = (input: string, init?: { signal?: AbortSignal; headers?: Record<string, string> }) => Promise<Response>;

export interface MirrorHttpOptions {
  /** Origin plus any mount prefix, e.g. `https://mainnet-public.mirrornode.hedera.com` or `http://localhost:4321/sandbox/mirror`. */
  baseUrl: string;
  fetch?: FetchLike;
  /** One attempt's time-out. */
  timeoutMs?: number;
  /** Retries after the first attempt, for 429, 5xx, network errors and timeouts. */
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /**
   * What one read may take in all, its attempts and the waits between them together; never more
   * than what is left of the current request's budget (src/platform/request-budget.ts).
   */
  budgetMs?: number;
  now?: () => number;
  /** Attempts on the wire at once; further reads wait for a slot (and can be shared meanwhile). */
  maxInFlight?: number;
}

export type MirrorResponse = { found: true; body: unknown; url: string } | { found: false; messages: string[]; url: string };

export interface MirrorHttp {
  /** GETs a path starting with `/api/v1` (as given by `links.next`); 404 is a value, other failures throw. */
  get(pathAndQuery: string): Promise<MirrorResponse>;
}

type Attempt =
  | { kind: 'done'; response: MirrorResponse }
  | { kind: 'retry'; reason: string; httpStatus?: number; retryAfterMs?: number | undefined; cause?: unknown };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Below this, another attempt is not worth starting. */
const MIN_ATTEMPT_MS = 250;
const DEFAULT_MAX_IN_FLIGHT = 16;

/** A read that has not sent its next attempt yet: an identical GET waits for its answer instead of making another. */
interface PendingRead {
  deadline: number;
  answer: Promise<MirrorResponse>;
}

/**
 * The mirror node transport: time-outs, retries with capped exponential backoff (or the server's
 * Retry-After, whichever is longer), all within one budget per read, and the official error body.
 * At most `maxInFlight` attempts are on the wire; identical GETs share a read while it waits to send
 * (for a slot, or out a backoff), so a burst of requests costs the rate-limited mirror node one read
 * per URL, and every caller still gets the answer of an attempt sent after it asked.
 */
export function createMirrorHttp(options: MirrorHttpOptions): MirrorHttp {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 4000;
  const maxRetries = options.maxRetries ?? 3;
  const sleep = options.sleep ?? defaultSleep;
  const baseMs = options.backoffBaseMs ?? 250;
  const capMs = options.backoffCapMs ?? 4000;
  const budgetMs = options.budgetMs ?? 10_000;
  const now = options.now ?? Date.now;
  const slots = createSlots(options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
  const pending = new Map<string, PendingRead>();

  async function attempt(url: string, attemptMs: number): Promise<Attempt> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), attemptMs);
    try {
      const res = await fetchImpl(url, { signal: controller.signal, headers: { accept: 'application/json' } });
      const text = await res.text();
      if (res.status === 200) return { kind: 'done', response: { found: true, body: parseBody(text, url), url } };
      if (res.status === 404) return { kind: 'done', response: { found: false, messages: errorMessages(text), url } };
      if (res.status === 429 || res.status >= 500) {
        const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
        const detail = errorMessages(text).join('; ');
        return { kind: 'retry', reason: `HTTP ${res.status}${detail ? ` ${detail}` : ''}`, httpStatus: res.status, retryAfterMs };
      }
      throw new LedgerRequestError(res.status, errorMessages(text), url);
    } catch (error) {
      if (error instanceof LedgerRequestError || error instanceof LedgerBadResponseError) throw error;
      const reason = controller.signal.aborted ? `timed out after ${attemptMs} ms` : `network error: ${String(error)}`;
      return { kind: 'retry', reason, cause: error };
    } finally {
      clearTimeout(timer);
    }
  }

  function outOfBudget(url: string, tries: number, reason: string, result?: Extract<Attempt, { kind: 'retry' }>): LedgerUnavailableError {
    return new LedgerUnavailableError(`Mirror node unavailable after ${tries} attempts${reason} (${result?.reason ?? 'no attempt'}): ${url}`, {
      cause: result?.cause,
      httpStatus: result?.httpStatus,
    });
  }

  async function read(url: string, shared: PendingRead): Promise<MirrorResponse> {
    // Joinable until an attempt is on the wire, and again while waiting out a backoff.
    const joinable = () => void (pending.has(url) || pending.set(url, shared));
    const sent = () => void (pending.get(url) === shared && pending.delete(url));
    let last: Extract<Attempt, { kind: 'retry' }> | undefined;
    try {
      joinable();
      for (let tries = 0; ; tries++) {
        const askedAt = now();
        const release = await slots.take();
        let result: Attempt;
        try {
          // A read that had to wait for its slot starts no attempt too short to be worth it.
          if (now() !== askedAt && now() + MIN_ATTEMPT_MS > shared.deadline) throw outOfBudget(url, tries, ' (time budget spent)', last);
          sent();
          result = await attempt(url, Math.max(1, Math.min(timeoutMs, shared.deadline - now())));
        } finally {
          release();
        }
        if (result.kind === 'done') return result.response;
        last = result;
        const wait = Math.max(Math.min(capMs, baseMs * 2 ** tries), result.retryAfterMs ?? 0);
        const outOfTime = now() + wait + MIN_ATTEMPT_MS > shared.deadline;
        if (tries >= maxRetries || outOfTime) throw outOfBudget(url, tries + 1, outOfTime ? ' (time budget spent)' : '', result);
        joinable();
        await sleep(wait);
      }
    } finally {
      sent();
    }
  }

  return {
    get(pathAndQuery) {
      if (!pathAndQuery.startsWith('/api/v1/')) return Promise.reject(new TypeError(`Mirror path must start with /api/v1/: ${pathAndQuery}`));
      const url = `${baseUrl}${pathAndQuery}`;
      const deadline = now() + Math.min(budgetMs, remainingBudgetMs(now) ?? budgetMs);
      // A pending read that gives up no later than this caller would is as good as a new one.
      const pendingRead = pending.get(url);
      if (pendingRead && pendingRead.deadline <= deadline) return pendingRead.answer;
      // read() registers `shared` before its first await, and nothing can look it up before `answer` is set.
      const shared = { deadline } as PendingRead;
      shared.answer = read(url, shared);
      return shared.answer;
    },
  };
}

function parseBody(text: string, url: string): unknown {
  try {
    return parseMirrorJson(text);
  } catch {
    throw new LedgerBadResponseError('Mirror node answered with invalid JSON', url);
  }
}

/** Messages of the official error body `{"_status":{"messages":[{"message":"..."}]}}`, or none. */
function errorMessages(text: string): string[] {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data._status.messages.map((m) => m.message) : [];
  } catch {
    return [];
  }
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}
