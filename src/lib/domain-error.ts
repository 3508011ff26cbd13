import type { ErrorCode } from './error-codes';

/**
 * A rule of the product said no. It carries a stable code and a message safe to show to the user,
 * and knows nothing of HTTP: the server maps codes to statuses in one table.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields sent beside `error` and `code` (e.g. the allowance a buy needs). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
