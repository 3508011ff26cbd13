import type { IncomingMessage } from 'node:http';

/** The body of a request that has none. */
export const NO_BODY = Buffer.alloc(0);

/** HTTP/1.1 framing: a request with neither header has no body (RFC 9112 §6.3), so there is nothing to wait for. */
export const hasBody = (request: IncomingMessage): boolean =>
  request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;

/** A request's whole body, or undefined as soon as it grows past `limitBytes` (the rest is not read). */
export async function readBody(request: IncomingMessage, limitBytes: number): Promise<Buffer | undefined> {
  if (!hasBody(request)) return NO_BODY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
