import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '../../../src/server/local/server';

process.env.LOG_LEVEL = 'silent';

const server = createLocalServer({});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

describe('the local server’s kept-alive connections', () => {
  it('keeps an idle connection open past Node’s 5 s default, so a client reusing it is not reset mid-request', async () => {
    const socket = connect(port, '127.0.0.1');
    const answers: string[] = [];
    socket.on('data', (chunk) => answers.push(chunk.toString()));
    let closedAt: number | null = null;
    socket.on('end', () => (closedAt = Date.now()));
    const ask = () => socket.write('GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    ask();
    await expect.poll(() => answers.join('')).toContain('ROUTE_NOT_FOUND');
    await new Promise((done) => setTimeout(done, 6_000));
    // Node closes an idle kept-alive connection after 5 s by default: a request sent at that moment is reset (ECONNRESET).
    expect(closedAt).toBeNull();
    answers.length = 0;
    ask();
    await expect.poll(() => answers.join('')).toContain('ROUTE_NOT_FOUND');
    socket.destroy();
  }, 15_000);
});
