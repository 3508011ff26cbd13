import { DomainError } from '@/lib/domain-error';

/** Base class of every error the ledger ports throw; `code` is stable for callers to switch on. */
export abstract class LedgerError extends DomainError {}

/** The mirror node answered 404 for a resource the caller needs to exist. */
export class LedgerNotFoundError extends LedgerError {
  override readonly name = 'LedgerNotFoundError';
  constructor(
    readonly resource: string,
    readonly messages: readonly string[] = [],
  ) {
    super('LEDGER_NOT_FOUND', `Not found on the ledger: ${resource}${messages.length ? ` (${messages.join('; ')})` : ''}`);
  }
}

/** The ledger could not be reached: timeouts, network errors, 5xx or 429 after every retry. */
export class LedgerUnavailableError extends LedgerError {
  override readonly name = 'LedgerUnavailableError';
  readonly httpStatus: number | undefined;
  /** Set when a transaction may have reached the network before the failure (check it before retrying). */
  readonly transactionId: string | undefined;
  constructor(message: string, options: { cause?: unknown; httpStatus?: number; transactionId?: string } = {}) {
    super('LEDGER_UNAVAILABLE', message);
    this.cause = options.cause;
    this.httpStatus = options.httpStatus;
    this.transactionId = options.transactionId;
  }
}

/** The mirror node answered with a body that does not have the documented shape. */
export class LedgerBadResponseError extends LedgerError {
  override readonly name = 'LedgerBadResponseError';
  constructor(
    message: string,
    readonly url: string,
    readonly issues: readonly string[] = [],
  ) {
    super('LEDGER_BAD_RESPONSE', `${message} (${url})${issues.length ? `: ${issues.slice(0, 5).join('; ')}` : ''}`);
  }
}

/** The mirror node rejected the request itself (400 and other non-retryable 4xx), e.g. a malformed id. */
export class LedgerRequestError extends LedgerError {
  override readonly name = 'LedgerRequestError';
  constructor(
    readonly httpStatus: number,
    readonly messages: readonly string[],
    readonly url: string,
  ) {
    super('LEDGER_BAD_REQUEST', `Mirror node rejected the request with ${httpStatus}: ${messages.join('; ') || 'no message'} (${url})`);
  }
}

/**
 * One item of a bulk request run on its own: its result, or the domain error that refused it (its
 * code, message and, when it names one, the transaction still settling). A ledger that cannot be
 * read (a LedgerError), or an error whose code is in `rethrow` (LEDGER_PENDING: ask the whole
 * request again), fails the whole request instead.
 */
export async function itemOutcome<T>(
  work: () => Promise<T>,
  { rethrow = [] }: { rethrow?: readonly string[] } = {},
): Promise<{ ok: T } | { code: string; error: string; transactionId?: string }> {
  try {
    return { ok: await work() };
  } catch (error) {
    if (!(error instanceof DomainError) || error instanceof LedgerError || rethrow.includes(error.code)) throw error;
    const transactionId = error.details?.transactionId;
    return { code: error.code, error: error.message, ...(typeof transactionId === 'string' ? { transactionId } : {}) };
  }
}
