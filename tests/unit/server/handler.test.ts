import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { DomainError } from '../../../src/lib/domain-error';
import { LedgerUnavailableError } from '../../../src/features/ledger/errors';
import { type MetricPoint, emfLine, setMetricSink } from '../../../src/platform/metrics';
import { defineRoute, routeGroupOf } from '../../../src/server/http/handler';
import { respond, serializedJson } from '../../../src/server/http/respond';
import { URL_INPUTS_KEPT, createUrlInputs } from '../../../src/server/http/validate';
import type { RouteDef } from '../../../src/server/http/route-types';
import { apiEvent, testContext } from '../../support/api-event';

process.env.LOG_LEVEL = 'silent';

const table: RouteDef[] = [
  { method: 'POST', path: '/api/echo', group: 'test', auth: 'public', cache: { kind: 'none' } },
  { method: 'GET', path: '/api/items/{id}', group: 'test', auth: 'public', cache: { kind: 'public', maxAgeSeconds: 30, sMaxAgeSeconds: 60 } },
  { method: 'GET', path: '/api/forbidden', group: 'test', auth: 'public', cache: { kind: 'none' } },
  { method: 'GET', path: '/api/boom', group: 'test', auth: 'public', cache: { kind: 'none' } },
  { method: 'GET', path: '/api/mirror-down', group: 'test', auth: 'public', cache: { kind: 'none' } },
  { method: 'GET', path: '/api/slow', group: 'test', auth: 'public', cache: { kind: 'none' } },
];

const handler = routeGroupOf(table, 'test', {
  'POST /api/echo': defineRoute('public', { body: z.object({ name: z.string().max(10), count: z.number().int().positive() }) }, async ({ body }) =>
    respond(201, { hello: body.name, twice: body.count * 2 }, { cookies: ['a=b; HttpOnly'] }),
  ),
  'GET /api/items/{id}': defineRoute('public', { params: z.object({ id: z.string().regex(/^\d+$/) }) }, async ({ params }) => {
    if (params.id === '9') throw new DomainError('LISTING_UNAVAILABLE', 'Already sold', { listingId: '9' });
    if (params.id === '7') return { success: false, items: [] };
    if (params.id === '8') return serializedJson('{"success":false,"items":[]}');
    return { id: Number(params.id), big: 2n ** 64n };
  }),
  'GET /api/forbidden': defineRoute('public', {}, async () => {
    throw new DomainError('NOT_YOUR_ACCOUNT', 'This action belongs to another account');
  }),
  'GET /api/mirror-down': defineRoute('public', {}, async () => {
    throw new LedgerUnavailableError('mirror timed out after 3 attempts');
  }),
  'GET /api/slow': defineRoute('public', {}, async () => {
    await new Promise((done) => setTimeout(done, 20));
    return { done: true };
  }),
  'GET /api/boom': defineRoute('public', {}, async () => {
    throw new Error('secret internals');
  }),
});

async function call(options: Parameters<typeof apiEvent>[0]) {
  const result = (await handler(apiEvent(options), testContext)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, headers: result.headers ?? {}, cookies: result.cookies, json: JSON.parse(result.body ?? 'null') };
}

const json = { 'content-type': 'application/json' };

describe('route group handler', () => {
  it('parses, validates and answers a JSON body', async () => {
    const answer = await call({ routeKey: 'POST /api/echo', headers: json, body: '{"name":"tiger","count":2}' });
    expect(answer).toMatchObject({ status: 201, json: { hello: 'tiger', twice: 4 }, cookies: ['a=b; HttpOnly'] });
  });

  it('answers 400 to a malformed JSON body', async () => {
    const answer = await call({ routeKey: 'POST /api/echo', headers: json, body: '{"name": "tig' });
    expect(answer).toMatchObject({ status: 400, json: { error: 'Malformed JSON body' } });
  });

  it('answers 400 naming the field for wrong types and missing fields', async () => {
    const wrongType = await call({ routeKey: 'POST /api/echo', headers: json, body: '{"name":"tiger","count":"2"}' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error).toMatch(/^Invalid body 'count'/);
    const missing = await call({ routeKey: 'POST /api/echo', headers: json, body: '{"count":1}' });
    expect(missing.json.error).toMatch(/^Invalid body 'name'/);
    const none = await call({ routeKey: 'POST /api/echo', headers: json });
    expect(none).toMatchObject({ status: 400, json: { error: 'Request body is required' } });
    const notObject = await call({ routeKey: 'POST /api/echo', headers: json, body: '[1,2]' });
    expect(notObject.status).toBe(400);
  });

  it('answers 415 to a non-JSON body and 413 to a body over 64 KB', async () => {
    const text = await call({ routeKey: 'POST /api/echo', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    const huge = await call({ routeKey: 'POST /api/echo', headers: json, body: JSON.stringify({ name: 'x'.repeat(70_000), count: 1 }) });
    expect(huge).toMatchObject({ status: 413, json: { error: 'Request body is larger than 64 KB' } });
  });

  it('validates path parameters', async () => {
    const answer = await call({ routeKey: 'GET /api/items/{id}', pathParameters: { id: '../etc' } });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/^Invalid path parameter 'id'/);
  });

  it('maps typed domain errors to their status with a JSON error and details', async () => {
    expect(await call({ routeKey: 'GET /api/forbidden' })).toMatchObject({
      status: 403,
      json: { error: 'This action belongs to another account', code: 'NOT_YOUR_ACCOUNT' },
    });
    expect(await call({ routeKey: 'GET /api/items/{id}', pathParameters: { id: '9' } })).toMatchObject({
      status: 409,
      json: { error: 'Already sold', code: 'LISTING_UNAVAILABLE', listingId: '9' },
    });
  });

  it('hides unexpected errors behind a 500 without internals', async () => {
    const answer = await call({ routeKey: 'GET /api/boom' });
    expect(answer).toMatchObject({ status: 500, json: { error: 'Internal server error', code: 'INTERNAL' } });
    expect(JSON.stringify(answer.json)).not.toContain('secret');
  });

  it('sends the route cache policy on success only, and security headers always', async () => {
    const ok = await call({ routeKey: 'GET /api/items/{id}', pathParameters: { id: '1' } });
    expect(ok.headers['cache-control']).toBe('public, max-age=30, s-maxage=60');
    expect(ok.json).toEqual({ id: 1, big: '18446744073709551616' });
    const failed = await call({ routeKey: 'GET /api/items/{id}', pathParameters: { id: '9' } });
    expect(failed.headers['cache-control']).toBe('no-store');
    // A 200 that says it failed (a market read while SentX is down) is not kept at the edge either.
    for (const id of ['7', '8']) {
      const empty = await call({ routeKey: 'GET /api/items/{id}', pathParameters: { id } });
      expect(empty).toMatchObject({ status: 200, json: { success: false } });
      expect(empty.headers['cache-control']).toBe('no-store');
    }
    for (const answer of [ok, failed]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('leaves time-outs to the request budget: no timer of its own cuts a route short near the end of the Lambda time', async () => {
    const lastMilliseconds = { getRemainingTimeInMillis: () => 3 } as Context;
    const result = (await handler(apiEvent({ routeKey: 'GET /api/slow' }), lastMilliseconds)) as APIGatewayProxyStructuredResultV2;
    expect({ status: result.statusCode, json: JSON.parse(result.body ?? 'null') }).toEqual({ status: 200, json: { done: true } });
  });

  it('refuses to build a group whose table routes lack an implementation', () => {
    expect(() => routeGroupOf(table, 'test', {})).toThrow(/has no implementation/);
  });

  it('refuses to build a group whose route is implemented at another auth level than the table says', () => {
    const sessionTable: RouteDef[] = [{ method: 'GET', path: '/api/mine', group: 'test', auth: 'session', cache: { kind: 'none' } }];
    expect(() => routeGroupOf(sessionTable, 'test', { 'GET /api/mine': defineRoute('public', {}, async () => ({})) })).toThrow(
      /implemented as 'public' but the route table says 'session'/,
    );
  });

  it('counts 5xx answers and mirror outages as metrics, and says what failed without internals', async () => {
    const points: MetricPoint[] = [];
    setMetricSink((point) => points.push(point));
    try {
      expect(await call({ routeKey: 'GET /api/mirror-down' })).toMatchObject({
        status: 503,
        json: { error: 'The Hedera mirror node is unavailable, try again shortly', code: 'LEDGER_UNAVAILABLE' },
      });
      await call({ routeKey: 'GET /api/boom' });
      await call({ routeKey: 'GET /api/items/{id}', pathParameters: { id: '9' } });
    } finally {
      setMetricSink(undefined);
    }
    expect(points).toEqual([
      { name: 'MirrorErrors', value: 1 },
      { name: 'Http5xx', value: 1 },
      { name: 'Http5xx', value: 1 },
    ]);
  });
});

describe('metrics in embedded metric format', () => {
  it('is one JSON line CloudWatch reads as a Count under WildTigers with the stage dimension', () => {
    expect(JSON.parse(emfLine({ name: 'SettlementFailed', value: 1 }, 'prod', 1_700_000_000_000))).toEqual({
      _aws: {
        Timestamp: 1_700_000_000_000,
        CloudWatchMetrics: [{ Namespace: 'WildTigers', Dimensions: [['Stage']], Metrics: [{ Name: 'SettlementFailed', Unit: 'Count' }] }],
      },
      Stage: 'prod',
      SettlementFailed: 1,
    });
  });
});

describe('URL inputs kept per route group', () => {
  const parsed = vi.fn((text: string) => text.toUpperCase());
  const schemas = { params: z.object({ id: z.string().regex(/^\d+$/) }), query: z.object({ tag: z.string().default('').transform(parsed) }) };

  it('validates a URL once and serves the same frozen input to later requests; another URL on its own', () => {
    const inputs = createUrlInputs();
    const event = apiEvent({ routeKey: 'GET /api/items/{id}', pathParameters: { id: '1' }, query: { tag: 'gold' } });
    const first = inputs(event, schemas);
    expect(first).toEqual({ params: { id: '1' }, query: { tag: 'GOLD' } });
    expect(inputs({ ...event }, schemas)).toBe(first);
    expect(Object.isFrozen(first.query)).toBe(true);
    expect(parsed).toHaveBeenCalledTimes(1);
    expect(inputs({ ...event, queryStringParameters: { tag: 'blue' } }, schemas).query).toEqual({ tag: 'BLUE' });
    expect(inputs({ ...event, pathParameters: { id: '2' } }, schemas).params).toEqual({ id: '2' });
    expect(parsed).toHaveBeenCalledTimes(3);
  });

  it(`keeps the last ${URL_INPUTS_KEPT} inputs, each route its own`, () => {
    const inputs = createUrlInputs();
    const parse = vi.fn((id: string) => id);
    const byId = { params: z.object({ id: z.string().transform(parse) }) };
    const event = (route: string, id: string) => apiEvent({ routeKey: `GET /api/${route}/{id}`, pathParameters: { id } });
    inputs(event('a', '0'), byId);
    inputs(event('b', '0'), byId);
    expect(parse).toHaveBeenCalledTimes(2);
    for (let id = 1; id < URL_INPUTS_KEPT; id++) inputs(event('a', String(id)), byId);
    parse.mockClear();
    inputs(event('b', '0'), byId);
    expect(parse).not.toHaveBeenCalled();
    inputs(event('a', '0'), byId);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('refuses an invalid input every time, keeping nothing', () => {
    const inputs = createUrlInputs();
    const event = apiEvent({ routeKey: 'GET /api/items/{id}', pathParameters: { id: 'x' } });
    for (let attempt = 0; attempt < 2; attempt++) expect(() => inputs(event, schemas)).toThrow("Invalid path parameter 'id'");
  });
});
