import type { IncomingMessage } from 'node:http';

const EMPTY = Buffer.alloc(0);

/** A request's whole body, or undefined as soon as it grows past `limitBytes` (the rest is not read). */
export async function readBody(request: IncomingMessage, limitBytes: number): Promise<Buffer | undefined> {
  // HTTP/1.1 framing: a request with neither header has no body (RFC 9112 §6.3), so there is nothing to wait for.
  if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return EMPTY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
