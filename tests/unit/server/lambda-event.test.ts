import type { IncomingMessage } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { toLambdaEvent } from '../../../src/server/local/lambda-event';

function request(headers: Record<string, string | string[]>, method = 'GET'): IncomingMessage {
  return { headers, method, httpVersion: '1.1', socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
}

describe('the local API Gateway event', () => {
  it('carries the request time in API Gateway format and its epoch', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 5, 4, 3, 9, 250) });
    try {
      const event = toLambdaEvent(request({ host: 'localhost' }), new URL('http://localhost/api/health'), 'GET /api/health', {}, Buffer.alloc(0));
      expect(event.requestContext.time).toBe('05/Nov/2026:04:03:09 +0000');
      expect(event.requestContext.timeEpoch).toBe(Date.UTC(2026, 10, 5, 4, 3, 9, 250));
      vi.setSystemTime(Date.UTC(2026, 11, 31, 23, 59, 59, 999));
      const later = toLambdaEvent(request({ host: 'localhost' }), new URL('http://localhost/api/health'), 'GET /api/health', {}, Buffer.alloc(0));
      expect(later.requestContext.time).toBe('31/Dec/2026:23:59:59 +0000');
    } finally {
      vi.useRealTimers();
    }
  });

  it('joins repeated query keys and leaves out an empty query', () => {
    const url = (query: string) => new URL(`http://localhost/api/market/activity${query}`);
    const event = (query: string) => toLambdaEvent(request({ host: 'localhost' }), url(query), 'GET /api/market/activity', {}, Buffer.alloc(0));
    expect(event('?amount=5&amount=6&token=').queryStringParameters).toEqual({ amount: '5,6', token: '' });
    expect(event('?amount=5&amount=6&token=').rawQueryString).toBe('amount=5&amount=6&token=');
    expect(event('').queryStringParameters).toBeUndefined();
    expect(event('?&').queryStringParameters).toBeUndefined();
    expect(event('?constructor=1&__proto__=x&toString=2').queryStringParameters).toEqual({ constructor: '1', ['__proto__']: 'x', toString: '2' });
  });

  it('moves cookies out of the headers and joins repeated headers', () => {
    const event = toLambdaEvent(
      request({ host: 'localhost', cookie: 'a=1; b=2;', 'x-forwarded-for': ['1.1.1.1', '2.2.2.2'] }),
      new URL('http://localhost/api/auth/session'),
      'GET /api/auth/session',
      {},
      Buffer.alloc(0),
    );
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.headers).toEqual({ host: 'localhost', 'x-forwarded-for': '1.1.1.1,2.2.2.2' });
  });
});
