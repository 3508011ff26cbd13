import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../client/fake-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the PAWS market figures after a trade', () => {
  it('are read again at once, past the CDN copy, when a PAWS trade settles on the page', async () => {
    // A page: nanoquery listens for focus and reconnects on the window.
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('addEventListener', () => undefined);
    const figures = { success: true, figures: { market: 'paws', floor: 40 } };
    const { calls } = installFakeFetch({ body: JSON.stringify(figures) });
    const { figuresStore } = await import('../../../src/features/market-stats/market-stats-client');
    const { refreshAfterTrade } = await import('../../../src/features/paws-market/paws-client');
    const store = figuresStore('paws');
    const stop = store.listen(() => undefined);
    await vi.waitFor(() => expect(store.get().data).toBeDefined());
    expect(calls.map((call) => call.url)).toEqual(['/api/paws/stats']);

    refreshAfterTrade();
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toContainEqual(expect.stringMatching(/^\/api\/paws\/stats\?_=\d+$/)));
    stop();
  });

  it('the HBAR market’s are read again at once, past the CDN copy, after a purchase on the page', async () => {
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('addEventListener', () => undefined);
    const figures = { success: true, figures: { market: 'hbar', floor: 120 } };
    const { calls } = installFakeFetch({ body: JSON.stringify(figures) });
    const { figuresStore } = await import('../../../src/features/market-stats/market-stats-client');
    const { refreshMarket } = await import('../../../src/features/hbar-market/market-client');
    const store = figuresStore('hbar');
    const stop = store.listen(() => undefined);
    await vi.waitFor(() => expect(store.get().data).toBeDefined());
    expect(calls.map((call) => call.url)).toEqual(['/api/market/figures']);

    refreshMarket(12);
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toContainEqual(expect.stringMatching(/^\/api\/market\/figures\?_=\d+$/)));
    stop();
  });
});
