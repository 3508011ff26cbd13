import { type IncomingMessage, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../../../src/server/local/read-body';

const LIMIT = 16;
let origin: string;
const server = createServer((incoming: IncomingMessage, response) => {
  void readBody(incoming, LIMIT).then((body) => {
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(body === undefined ? { tooLarge: true } : { text: body.toString('utf8') }));
  });
});

beforeAll(async () => {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

/** Sends one request with the given body framing and returns what readBody gave the server. */
function send(method: string, chunks: string[], headers: Record<string, string> = {}): Promise<unknown> {
  return new Promise((done, failed) => {
    const outgoing = request(`${origin}/`, { method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => done(JSON.parse(text)));
    });
    outgoing.on('error', failed);
    for (const chunk of chunks) outgoing.write(chunk);
    outgoing.end();
  });
}

describe('readBody', () => {
  it('answers an empty body at once for a request with neither content-length nor transfer-encoding', async () => {
    expect(await send('GET', [])).toEqual({ text: '' });
  });

  it('reads a body framed by content-length', async () => {
    expect(await send('POST', ['{"a":1}'], { 'content-length': '7' })).toEqual({ text: '{"a":1}' });
  });

  it('reads a chunked body to its end', async () => {
    expect(await send('POST', ['{"a":', '12}'], { 'transfer-encoding': 'chunked' })).toEqual({ text: '{"a":12}' });
  });

  it('gives up on a body larger than the limit, framed either way', async () => {
    expect(await send('POST', ['x'.repeat(LIMIT + 1)], { 'content-length': String(LIMIT + 1) })).toEqual({ tooLarge: true });
    expect(await send('POST', ['x'.repeat(LIMIT), 'x'], { 'transfer-encoding': 'chunked' })).toEqual({ tooLarge: true });
  });
});
