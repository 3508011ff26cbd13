import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import { DomainError } from '@/lib/domain-error';
import { createBoundedMemo } from '@/platform/bounded-memo';

/** Parses `value` with `schema`; a mismatch is a 400 naming the first offending field. */
export function validate<T extends z.ZodType>(schema: T, value: unknown, what: 'body' | 'path' | 'query'): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (what === 'body' && value === undefined) throw new DomainError('INVALID_REQUEST', 'Request body is required');
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : what;
  throw new DomainError('INVALID_REQUEST', `Invalid ${what === 'path' ? 'path parameter' : what} '${field}': ${issue?.message ?? 'invalid'}`);
}

/** How many distinct URL inputs a route group keeps validated (the oldest goes first). */
export const URL_INPUTS_KEPT = 512;

interface UrlSchemas {
  params?: z.ZodType | undefined;
  query?: z.ZodType | undefined;
}

/** Freezes a validated input and everything in it, so one copy can serve many requests (URL inputs hold no bytes, which cannot be frozen). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * A route group's path and query validation, kept per distinct input: the schemas are pure
 * functions of the URL, so a URL read again (a page every visitor opens) is validated once. The
 * inputs are frozen, being shared; an invalid input is never kept and fails each time.
 */
export function createUrlInputs() {
  const kept = createBoundedMemo<{ params: unknown; query: unknown }>(URL_INPUTS_KEPT);
  return (event: APIGatewayProxyEventV2, schemas: UrlSchemas): { params: unknown; query: unknown } =>
    kept(JSON.stringify([event.routeKey, event.pathParameters ?? null, event.queryStringParameters ?? null]), () =>
      deepFreeze({
        params: schemas.params ? validate(schemas.params, event.pathParameters ?? {}, 'path') : undefined,
        query: schemas.query ? validate(schemas.query, event.queryStringParameters ?? {}, 'query') : undefined,
      }),
    );
}
