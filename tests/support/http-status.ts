import { toHttpFailure } from '../../src/server/http/error-mapping';

/** The HTTP status the API would answer for the failure of `promise` (undefined when it succeeds or fails unexpectedly). */
export async function failureStatus(promise: Promise<unknown>): Promise<number | undefined> {
  return promise.then(
    () => undefined,
    (error: unknown) => toHttpFailure(error)?.status,
  );
}

/** The HTTP status and message the API would answer for the failure of `promise`. */
export async function failureAnswer(promise: Promise<unknown>): Promise<{ status?: number; message?: string }> {
  return promise.then(
    () => ({}),
    (error: unknown) => ({ status: toHttpFailure(error)?.status, message: toHttpFailure(error)?.body.error }),
  );
}
