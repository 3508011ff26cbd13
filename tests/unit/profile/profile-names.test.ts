import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../client/fake-fetch';

const CAROL = '0.0.7001003';
const BOB = '0.0.7001002';

/** A fresh module each test: what a page asked for is kept for the page's life. */
async function freshNames() {
  vi.resetModules();
  return import('@/features/accounts/account-names');
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('profile names shown in place of account ids', () => {
  it('asks once for the accounts rendered together, each once, and keeps null for an account without a public name', async () => {
    const { calls } = installFakeFetch({ body: JSON.stringify({ success: true, names: { [CAROL]: 'Carol Stripes' } }) });
    const { $profileNames, askProfileName } = await freshNames();
    askProfileName(CAROL);
    askProfileName(BOB);
    askProfileName(CAROL);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(60);
    expect(calls.map((call) => call.url)).toEqual([`/api/profile-names?ids=${CAROL},${BOB}`]);
    expect($profileNames.get()).toEqual({ [CAROL]: 'Carol Stripes', [BOB]: null });
    askProfileName(BOB);
    await vi.advanceTimersByTimeAsync(60);
    expect(calls).toHaveLength(1);
  });

  it('asks 100 accounts at a time, and shows the ids when the names cannot be read', async () => {
    const { calls } = installFakeFetch({ status: 503, body: JSON.stringify({ error: 'Service unavailable', code: 'LEDGER_UNAVAILABLE' }) });
    const { $profileNames, askProfileName } = await freshNames();
    const ids = Array.from({ length: 150 }, (_, index) => `0.0.${8_000_000 + index}`);
    for (const id of ids) askProfileName(id);
    await vi.advanceTimersByTimeAsync(60);
    expect(calls.map((call) => new URL(call.url, 'https://site.test').searchParams.get('ids')?.split(',').length)).toEqual([100, 50]);
    expect(Object.values($profileNames.get())).toEqual(ids.map(() => null));
  });
});
