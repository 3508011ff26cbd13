import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineRoute, routeGroupOf } from '../../../src/server/http/handler';
import type { RouteDef } from '../../../src/server/http/route-types';
import { log } from '../../../src/platform/log';
import { apiEvent, testContext } from '../../support/api-event';

process.env.LOG_LEVEL = 'info';

const table: RouteDef[] = [
  { method: 'GET', path: '/api/deep/{id}', group: 'test', auth: 'public', cache: { kind: 'none' } },
  { method: 'GET', path: '/api/fails', group: 'test', auth: 'public', cache: { kind: 'none' } },
];

/** A service call a few hops under the route, logging after an await, as the markets' services do. */
async function service(id: string): Promise<void> {
  await new Promise((done) => setTimeout(done, 5));
  log.warn('market listings unavailable', { id });
}

const handler = routeGroupOf(table, 'test', {
  'GET /api/deep/{id}': defineRoute('public', {}, async ({ event }) => {
    await service(event.pathParameters?.id ?? '');
    return { ok: true };
  }),
  'GET /api/fails': defineRoute('public', {}, async () => {
    throw new Error('secret internals');
  }),
});

/** The JSON lines the code under test writes to stdout and stderr. */
function captureLines(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const keep = (chunk: unknown) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe('log lines name their request', () => {
  it('every line a request logs, deep in a service or at its end, carries its request id and route; two requests at once keep their own', async () => {
    const lines = captureLines();
    await Promise.all([
      handler(apiEvent({ routeKey: 'GET /api/deep/{id}', pathParameters: { id: '1' }, requestId: 'req-1' }), testContext as Context),
      handler(apiEvent({ routeKey: 'GET /api/fails', requestId: 'req-2' }), testContext as Context),
    ]);
    const deep = lines.find((line) => line.msg === 'market listings unavailable');
    expect(deep).toMatchObject({ requestId: 'req-1', route: 'GET /api/deep/{id}', id: '1' });
    expect(lines.find((line) => line.msg === 'unhandled error')).toMatchObject({ requestId: 'req-2', route: 'GET /api/fails' });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ requestId: 'req-1', route: 'GET /api/deep/{id}', status: 200 }),
        expect.objectContaining({ requestId: 'req-2', route: 'GET /api/fails', status: 500 }),
      ]),
    );
  });

  it('outside a request, a line has no request fields', () => {
    const lines = captureLines();
    log.info('job started');
    expect(lines[0]).not.toHaveProperty('requestId');
  });
});
