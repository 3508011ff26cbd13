import type { IncomingMessage } from 'node:http';

/** A request's whole body, or undefined as soon as it grows past `limitBytes` (the rest is not read). */
export async function readBody(request: IncomingMessage, limitBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
