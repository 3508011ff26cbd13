import { afterEach, describe, expect, it, vi } from 'vitest';
import { LISTINGS_PATH, SALES_PATH } from '@/features/hbar-market/market-client';
import { installApi } from '../client/fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fresh copy of the client as the browser loads it (the stores fetch only in a browser). */
async function browserClient() {
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', { hidden: false });
  vi.stubGlobal('addEventListener', () => undefined);
  vi.resetModules();
  return import('@/features/hbar-market/market-client');
}

describe('market data', () => {
  it('is not fetched while rendering on the server', async () => {
    const { $sales } = await import('@/features/hbar-market/market-client');
    const calls = installApi({});
    const stop = $sales.listen(() => undefined);
    await new Promise((done) => setTimeout(done, 10));
    expect(calls).toEqual([]);
    expect($sales.get()).toEqual({ loading: false });
    stop();
  });

  it('a failed fetch yields empty data with a warning; a refresh after a purchase refetches past the CDN', async () => {
    const { $listings, $sales, refreshMarket } = await browserClient();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let salesAnswers = 0;
    const calls = installApi({
      [`GET ${SALES_PATH}`]: () => (++salesAnswers === 1 ? { status: 500, json: { error: 'down' } } : { json: { success: true, marketActivity: [] } }),
      [`GET ${LISTINGS_PATH}`]: () => ({ json: { success: true, marketListings: [] } }),
    });
    const stopSales = $sales.listen(() => undefined);
    const stopListings = $listings.listen(() => undefined);
    await vi.waitFor(() => expect($sales.get().data).toEqual({ success: false, marketActivity: [] }));
    await vi.waitFor(() => expect($listings.get().data).toEqual({ success: true, marketListings: [] }));
    expect(warn).toHaveBeenCalledWith('Failed to fetch market activity', expect.anything());
    expect(calls.map((call) => call.url)).toEqual([SALES_PATH, LISTINGS_PATH]);

    refreshMarket();
    await vi.waitFor(() => expect($sales.get().data).toEqual({ success: true, marketActivity: [] }));
    const refetched = calls.slice(2).map((call) => call.url);
    expect(refetched).toHaveLength(2);
    expect(refetched.every((url) => /&_=\d+$/.test(url))).toBe(true);
    expect(refetched.map((url) => url.replace(/&_=\d+$/, '')).sort()).toEqual([SALES_PATH, LISTINGS_PATH].sort());
    stopSales();
    stopListings();
    warn.mockRestore();
  });

  it('a tiger bought here leaves the listings at once, while the market still lists it (until its mirror shows the payment)', async () => {
    const { $market, refreshMarket } = await browserClient();
    const listing = (serialId: number) => ({ serialId, marketplaceListingId: serialId, sellerAddress: '0.0.5', salePrice: 10 });
    installApi({
      [`GET ${SALES_PATH}`]: () => ({ json: { success: true, marketActivity: [] } }),
      [`GET ${LISTINGS_PATH}`]: () => ({ json: { success: true, marketListings: [listing(7), listing(8)] } }),
    });
    const stop = $market.listen(() => undefined);
    await vi.waitFor(() => expect($market.get()?.listings.marketListings.map((item) => item.serialId)).toEqual([7, 8]));
    refreshMarket(7);
    // The market's answer after the refresh still lists it: left out.
    await vi.waitFor(() => expect($market.get()?.listings.marketListings.map((item) => item.serialId)).toEqual([8]));
    stop();
  });

  it('a reload (or another tab) within a minute of a purchase still reads past cached copies', async () => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) });
    const before = await browserClient();
    installApi({});
    before.refreshMarket();

    const reloaded = await browserClient();
    const calls = installApi({ [`GET ${SALES_PATH}`]: () => ({ json: { success: true, marketActivity: [] } }) });
    const stop = reloaded.$sales.listen(() => undefined);
    await vi.waitFor(() => expect(reloaded.$sales.get().data).toBeDefined());
    expect(calls[0]?.url).toMatch(/&_=\d+$/);
    stop();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + reloaded.CACHED_COPY_MS + 1);
    const later = await browserClient();
    const laterCalls = installApi({ [`GET ${SALES_PATH}`]: () => ({ json: { success: true, marketActivity: [] } }) });
    const stopLater = later.$sales.listen(() => undefined);
    await vi.waitFor(() => expect(later.$sales.get().data).toBeDefined());
    expect(laterCalls[0]?.url).toBe(SALES_PATH);
    stopLater();
  });

  it('rarity loads only once sales exist, and stays fresh 5 minutes', async () => {
    const { $rarity, $sales, RARITY_PATH, RARITY_FRESH_MS } = await browserClient();
    let sales: unknown[] = [];
    const calls = installApi({
      [`GET ${SALES_PATH}`]: () => ({ json: { success: true, marketActivity: sales } }),
      [`GET ${RARITY_PATH}`]: () => ({ json: { rarityData: { '12': { rarityRank: 1, rarityPct: 0.0003 } } } }),
    });
    const stop = $rarity.listen(() => undefined);
    const stopSales = $sales.listen(() => undefined);
    await vi.waitFor(() => expect($sales.get().data).toBeDefined());
    await new Promise((done) => setTimeout(done, 10));
    expect(calls.map((call) => call.url)).toEqual([SALES_PATH]);
    stop();
    stopSales();

    const again = await browserClient();
    sales = [{ nftSerialId: 12, salePrice: 1, saleDate: '2026-03-10T10:00:00Z' }];
    const next = installApi({
      [`GET ${SALES_PATH}`]: () => ({ json: { success: true, marketActivity: sales } }),
      [`GET ${again.RARITY_PATH}`]: () => ({ json: { rarityData: { '12': { rarityRank: 1, rarityPct: 0.0003 } } } }),
    });
    const stopRarity = again.$rarity.listen(() => undefined);
    await vi.waitFor(() => expect(again.$rarity.get().data?.rarityData['12']?.rarityRank).toBe(1));
    expect(next.map((call) => call.url)).toEqual([SALES_PATH, again.RARITY_PATH]);
    expect(RARITY_FRESH_MS).toBe(300_000);
    stopRarity();
  });
});
