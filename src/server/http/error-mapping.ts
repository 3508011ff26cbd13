import { ChallengeRejectedError, SignatureRejectedError } from '../../features/auth/errors';
import { LedgerBadResponseError, LedgerNotFoundError, LedgerRequestError, LedgerUnavailableError } from '../../features/ledger/errors';
import { BadRequestError, HttpError, NotFoundError, UnauthorizedError, UpstreamError } from './errors';

/** Maps the typed errors of every domain to HTTP, in one place; undefined for an unexpected error. */
export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof SignatureRejectedError || error instanceof ChallengeRejectedError) return new UnauthorizedError(error.message);
  if (error instanceof LedgerNotFoundError) return new NotFoundError(`Not found on the ledger: ${error.resource}`);
  if (error instanceof LedgerRequestError) return new BadRequestError(`The ledger refused the request: ${error.messages.join('; ') || 'invalid id'}`);
  if (error instanceof LedgerUnavailableError) return new UpstreamError('The Hedera mirror node is unavailable, try again shortly');
  if (error instanceof LedgerBadResponseError) return new UpstreamError('The Hedera mirror node answered unexpectedly, try again shortly');
  return undefined;
}
