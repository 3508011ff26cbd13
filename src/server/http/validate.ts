import type { z } from 'zod';
import { DomainError } from '../../lib/domain-error';

/** Parses `value` with `schema`; a mismatch is a 400 naming the first offending field. */
export function validate<T extends z.ZodType>(schema: T, value: unknown, what: 'body' | 'path' | 'query'): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (what === 'body' && value === undefined) throw new DomainError('INVALID_REQUEST', 'Request body is required');
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : what;
  throw new DomainError('INVALID_REQUEST', `Invalid ${what === 'path' ? 'path parameter' : what} '${field}': ${issue?.message ?? 'invalid'}`);
}
