import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DomainError } from '@/lib/domain-error';

/** Largest JSON body any route accepts. */
export const MAX_BODY_BYTES = 64 * 1024;

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** The request's JSON body, or undefined when there is none; bad bodies raise 400/413/415. */
export function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.byteLength > MAX_BODY_BYTES) throw new DomainError('BODY_TOO_LARGE', `Request body is larger than ${MAX_BODY_BYTES / 1024} KB`);
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(contentType.trim()))
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Request body must be JSON (content-type: application/json)');
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new DomainError('INVALID_REQUEST', 'Malformed JSON body');
  }
}
