import { describe, expect, it } from 'vitest';
import { LedgerUnavailableError } from '@/features/ledger/errors';
import { type FetchLike, createMirrorHttp } from '@/features/ledger/mirror-http';
import { withRequestBudget } from '@/platform/request-budget';

const BASE = 'https://mirror.test';
const ACCOUNT = '/api/v1/accounts/0.0.1001';
const TOKENS = '/api/v1/accounts/0.0.1001/tokens?token.id=0.0.2002';

/** A fetch whose every request stays on the wire until the test answers it. */
function heldFetch() {
  const requests: { url: string; answer: (status: number, body?: unknown, headers?: Record<string, string>) => void }[] = [];
  const fetch: FetchLike = (url) =>
    new Promise<Response>((resolve) => {
      requests.push({
        url,
        answer: (status, body = {}, headers = {}) =>
          resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })),
      });
    });
  return { fetch, requests, urls: () => requests.map((request) => request.url.slice(BASE.length)) };
}

const flush = () => new Promise((done) => setImmediate(done));

describe('mirror transport: shared reads and attempts on the wire', () => {
  it('keeps at most maxInFlight attempts on the wire; identical GETs waiting for a slot share one read', async () => {
    const held = heldFetch();
    const http = createMirrorHttp({ baseUrl: BASE, fetch: held.fetch, maxInFlight: 1 });
    const first = http.get(ACCOUNT);
    const waiting = [http.get(TOKENS), http.get(TOKENS), http.get(TOKENS)];
    await flush();
    expect(held.urls()).toEqual([ACCOUNT]);
    held.requests[0]?.answer(200, { account: '0.0.1001' });
    await flush();
    expect(held.urls()).toEqual([ACCOUNT, TOKENS]);
    held.requests[1]?.answer(200, { tokens: [] });
    expect(await first).toMatchObject({ found: true, body: { account: '0.0.1001' } });
    for (const answer of await Promise.all(waiting)) expect(answer).toMatchObject({ found: true, body: { tokens: [] } });
    expect(held.requests).toHaveLength(2);
  });

  it('never answers a GET with an attempt sent before it was made: a read on the wire is not joined', async () => {
    const held = heldFetch();
    const http = createMirrorHttp({ baseUrl: BASE, fetch: held.fetch });
    const before = http.get(ACCOUNT);
    await flush();
    const after = http.get(ACCOUNT);
    await flush();
    expect(held.urls()).toEqual([ACCOUNT, ACCOUNT]);
    held.requests[0]?.answer(200, { balance: 1 });
    held.requests[1]?.answer(200, { balance: 2 });
    expect(await before).toMatchObject({ body: { balance: 1 } });
    expect(await after).toMatchObject({ body: { balance: 2 } });
  });

  it('shares a read waiting out a 429: one retry answers every caller', async () => {
    const held = heldFetch();
    let wake: () => void = () => undefined;
    const http = createMirrorHttp({ baseUrl: BASE, fetch: held.fetch, sleep: () => new Promise<void>((done) => (wake = done)) });
    const first = http.get(ACCOUNT);
    await flush();
    held.requests[0]?.answer(429, { _status: { messages: [{ message: 'Too many requests' }] } }, { 'retry-after': '1' });
    await flush();
    const joined = http.get(ACCOUNT);
    wake();
    await flush();
    expect(held.urls()).toEqual([ACCOUNT, ACCOUNT]);
    held.requests[1]?.answer(200, { balance: 3 });
    expect(await first).toMatchObject({ body: { balance: 3 } });
    expect(await joined).toMatchObject({ body: { balance: 3 } });
  });

  it('does not join a read that may outlast the caller’s own budget', async () => {
    const held = heldFetch();
    const http = createMirrorHttp({ baseUrl: BASE, fetch: held.fetch, maxInFlight: 1, budgetMs: 10_000 });
    const blocker = http.get(TOKENS);
    const patient = http.get(ACCOUNT);
    const hurried = withRequestBudget(2_000, () => http.get(ACCOUNT));
    await flush();
    held.requests[0]?.answer(200, { tokens: [] });
    await flush();
    held.requests[1]?.answer(200, { balance: 4 });
    await flush();
    held.requests[2]?.answer(200, { balance: 5 });
    await Promise.all([blocker, patient, hurried]);
    expect(held.urls()).toEqual([TOKENS, ACCOUNT, ACCOUNT]);
    expect(await hurried).toMatchObject({ body: { balance: 5 } });
  });

  it('gives up without sending when the wait for a slot spent the budget, and frees the slot for the next read', async () => {
    const held = heldFetch();
    let clock = 0;
    const http = createMirrorHttp({ baseUrl: BASE, fetch: held.fetch, maxInFlight: 1, budgetMs: 1_000, now: () => clock });
    const blocker = http.get(TOKENS);
    const starved = http.get(ACCOUNT);
    await flush();
    clock = 900;
    held.requests[0]?.answer(200, { tokens: [] });
    await blocker;
    await expect(starved).rejects.toThrow(LedgerUnavailableError);
    await expect(starved).rejects.toThrow(/time budget spent/);
    expect(held.urls()).toEqual([TOKENS]);
    const next = http.get(ACCOUNT);
    await flush();
    held.requests[1]?.answer(200, { balance: 6 });
    expect(await next).toMatchObject({ body: { balance: 6 } });
  });
});
