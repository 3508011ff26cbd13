import { type ErrorCode, isErrorCode } from '@/lib/error-codes';
import { ApiError, ApiUnreachableError } from './api-error';

/** The message of an API answer's body: its `data.apimessage`, `apimessage` or `error`, if any. */
export function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as { data?: { apimessage?: unknown }; apimessage?: unknown; error?: unknown };
  for (const candidate of [record.data?.apimessage, record.apimessage, record.error]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate.trim();
  }
  return undefined;
}

/**
 * The one way the client turns a failure into the text a user reads: the server's message for an
 * API error, `fallback` (the spec's 'Failed to …') when no answer came, the message of anything else
 * thrown (wallet errors carry the spec's texts), else `fallback`.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return serverMessage(error.body) ?? fallback;
  if (error instanceof ApiUnreachableError) return fallback;
  if (error instanceof Error) return error.message || fallback;
  if (typeof error === 'string') return error || fallback;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message || fallback;
  return fallback;
}

/** The API's error code of a failure (see src/lib/error-codes.ts), if it carries one. */
export function errorCode(error: unknown): ErrorCode | undefined {
  const body = error instanceof ApiError ? error.body : undefined;
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return isErrorCode(code) ? code : undefined;
}
