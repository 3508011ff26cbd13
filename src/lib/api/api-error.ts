/** A non-success HTTP answer: message `${status}: ${bodyText || statusText}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  /** The answer's body parsed as JSON, or undefined when it was empty or not JSON. */
  readonly body: unknown;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.body = parseJson(bodyText);
  }
}

/**
 * No answer at all: the network or the server is down (the browser's own TypeError, 'Failed to fetch'
 * in Chromium, 'Load failed' in Safari). The user reads the action's 'Failed to …' text instead.
 */
export class ApiUnreachableError extends Error {
  override readonly name = 'ApiUnreachableError';

  constructor(cause: unknown) {
    super('The server could not be reached', { cause });
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A failure worth asking again: no answer at all, or the server (or its rate limit) could not answer for now (429, 5xx). */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ApiUnreachableError || (error instanceof ApiError && (error.status === 429 || error.status >= 500));
}
