import { readFileSync } from 'node:fs';
import { PrivateKey } from '@hiero-ledger/sdk';
import { describe, expect, it, vi } from 'vitest';
import { prefixedMessageBytes } from '@/features/auth/sign-in-message';
import { MarketRejectedError, MarketUnavailableError } from '@/features/hbar-market/market-errors';
import { createSentxAdapter } from '@/features/hbar-market/sentx-adapter';
import { type SentxAffiliate, createSentxUserAuth } from '@/features/hbar-market/sentx-user-auth';

const TOKEN = '0.0.5555555';
const BASE = 'https://api.sentx.test';

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/sentx/${name}`, import.meta.url), 'utf8');
}

type Reply = { status: number; body: string } | 'hang' | Error;
interface Call {
  url: URL;
  method: string;
  body: unknown;
}

/** A fetch answering by path (replies in order, the last repeats) that records every call. */
function fakeSentx(
  routes: Record<string, Reply | Reply[]>,
  options: { apiKey?: string; timeoutMs?: number; affiliate?: SentxAffiliate; now?: () => number; warn?: (message: string, fields: object) => void } = {},
) {
  const calls: Call[] = [];
  const served = new Map<string, number>();
  const fetch = (async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const replies = routes[url.pathname];
    if (!replies) throw new Error(`unexpected request ${url.pathname}`);
    const list = Array.isArray(replies) ? replies : [replies];
    const index = served.get(url.pathname) ?? 0;
    served.set(url.pathname, index + 1);
    const reply = list[Math.min(index, list.length - 1)] as Reply;
    if (reply instanceof Error) throw reply;
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))),
      );
    }
    return new Response(reply.body, { status: reply.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const adapter = createSentxAdapter({
    baseUrl: `${BASE}/`,
    apiKey: 'apiKey' in options ? options.apiKey : 'secret-key',
    fetch,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.affiliate
      ? {
          userAuth: createSentxUserAuth({
            baseUrl: BASE,
            apiKey: 'secret-key',
            fetch,
            affiliate: options.affiliate,
            ...(options.now ? { now: options.now } : {}),
          }),
        }
      : {}),
    warn: options.warn ?? (() => undefined),
  });
  return { adapter, calls };
}

const ok = (name: string): Reply => ({ status: 200, body: fixture(name) });

describe('SentX adapter: public reads', () => {
  it('reads recent sales with the API key in the query string', async () => {
    const { adapter, calls } = fakeSentx({ '/v1/public/market/activity': ok('activity.json') });
    const sales = await adapter.activity({ tokenId: TOKEN, amount: 100 });
    expect(calls).toHaveLength(1);
    const { url, method } = calls[0] as Call;
    expect(method).toBe('GET');
    expect(url.origin).toBe(BASE);
    expect(Object.fromEntries(url.searchParams)).toEqual({ apikey: 'secret-key', token: TOKEN, activityFilter: 'Sales', amount: '100' });
    expect(sales).toEqual([
      {
        saletype: 'Sale',
        salePrice: 245,
        saleDate: '2026-10-30T18:04:11.000Z',
        buyerAddress: '0.0.4512207',
        sellerAddress: '0.0.1298833',
        nftTokenAddress: TOKEN,
        nftSerialId: 1207,
        nftName: 'Wild Tiger #1207',
        nftImage: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1207.png',
        nftMetadata: '{"name":"Wild Tiger #1207","attributes":[{"trait_type":"Fur","value":"Golden"}]}',
        buyerNickname: null,
        sellerNickname: 'tigerking',
      },
      expect.objectContaining({
        nftSerialId: 42,
        salePrice: 88.5,
        nftMetadata: '{"name":"Wild Tiger #42","attributes":[{"trait_type":"Fur","value":"Orange"}]}',
      }),
    ]);
  });

  it('omits the apikey parameter when no key is configured', async () => {
    const { adapter, calls } = fakeSentx({ '/v1/public/market/floor': ok('floor.json') }, { apiKey: undefined });
    expect(await adapter.floor(TOKEN)).toBe(120);
    expect(calls[0]?.url.searchParams.has('apikey')).toBe(false);
  });

  it('reads listings with their sort, turning 1/0 availability into booleans', async () => {
    const { adapter, calls } = fakeSentx({ '/v1/public/market/listings': ok('listings-page1.json') });
    const listings = await adapter.listings({ tokenId: TOKEN, sortBy: 'price', sortDirection: 'ASC', limit: 10 });
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({
      apikey: 'secret-key',
      token: TOKEN,
      sortBy: 'price',
      sortDirection: 'ASC',
      limit: '10',
      offset: '0',
    });
    expect(listings).toEqual([
      {
        marketplaceListingId: 3301187,
        serialId: 2210,
        sellerAddress: '0.0.1298833',
        salePrice: 120,
        listingDate: '2026-10-28T12:00:00.000Z',
        nftName: 'Wild Tiger #2210',
        nftImage: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/2210.png',
        nftMetadata: '',
        isAvailableForPurchase: true,
      },
      expect.objectContaining({ serialId: 77, isAvailableForPurchase: false, nftMetadata: '{"name":"Wild Tiger #77"}' }),
    ]);
  });

  it('pages through listings up to the limit', async () => {
    const page = JSON.parse(fixture('listings-page1.json')) as { marketListings: { serialId: number }[] };
    const template = page.marketListings[0] as { serialId: number };
    const full = { ...page, marketListings: Array.from({ length: 100 }, (_, index) => ({ ...template, serialId: index + 1 })) };
    const { adapter, calls } = fakeSentx({
      '/v1/public/market/listings': [{ status: 200, body: JSON.stringify(full) }, ok('listings-page2.json')],
    });
    const listings = await adapter.listings({ tokenId: TOKEN, sortBy: 'listingDate', sortDirection: 'DESC', limit: 1000 });
    expect(listings).toHaveLength(101);
    expect(calls.map((call) => [call.url.searchParams.get('limit'), call.url.searchParams.get('offset')])).toEqual([
      ['100', '0'],
      ['100', '100'],
    ]);
    expect(listings.at(-1)?.serialId).toBe(3001);
  });

  it('reads the floor, the daily stats of a date range and the holders', async () => {
    const { adapter, calls } = fakeSentx({
      '/v1/public/market/floor': ok('floor.json'),
      '/v1/public/market/stats/token': ok('stats-token.json'),
      '/v1/public/token/owners': ok('token-owners.json'),
    });
    expect(await adapter.floor(TOKEN)).toBe(120);
    expect(await adapter.stats({ tokenId: TOKEN, startDate: '2026-10-29', endDate: '2026-10-30' })).toEqual([
      { datetime: '2026-10-29T00:00:00.000Z', volume: 88.5, floor: 110, avgSale: 88.5, sales: 1, listings: 31 },
      { datetime: '2026-10-30T00:00:00.000Z', volume: 245, floor: 120, avgSale: 245, sales: 1, listings: 30 },
    ]);
    expect(calls[1]?.url.searchParams.get('startDate')).toBe('2026-10-29');
    expect(calls[1]?.url.searchParams.get('endDate')).toBe('2026-10-30');
    expect(await adapter.owners(TOKEN)).toEqual({ ownerCount: 1184, nftCount: 3328 });
  });
});

describe('SentX adapter: buying', () => {
  const request = { tokenId: TOKEN, serial: 2210, buyerId: '0.0.7001004', price: '120' };

  it('posts the buy request and turns the Buffer JSON into base64 bytes', async () => {
    const { adapter, calls } = fakeSentx({ '/v1/affiliate/market/buynft': ok('buynft.json') });
    const prepared = await adapter.buy(request);
    const { url, method, body } = calls[0] as Call;
    expect(method).toBe('POST');
    expect(url.searchParams.get('apikey')).toBe('secret-key');
    expect(body).toEqual({ token_address: TOKEN, serial_number: '2210', user_address: '0.0.7001004', price: '120' });
    const data = (JSON.parse(fixture('buynft.json')) as { transBytes: { data: number[] } }).transBytes.data;
    expect(prepared).toEqual({
      saleVerificationCode: 'b1f4c2d9e07a4c1d8e3f5a6b7c8d9e0f',
      transBytes: Buffer.from(data).toString('base64'),
      apimessage: 'Transaction created, please sign with your wallet',
    });
    expect([...Buffer.from(prepared.transBytes, 'base64')]).toEqual(data);
  });

  it('turns success:false into a refusal carrying the market’s apimessage (200 or 4xx)', async () => {
    for (const status of [200, 400]) {
      const { adapter } = fakeSentx({ '/v1/affiliate/market/buynft': { status, body: fixture('buynft-refused.json') } });
      const attempt = adapter.buy(request);
      await expect(attempt).rejects.toBeInstanceOf(MarketRejectedError);
      await expect(attempt).rejects.toThrow('Price does not match current listing price');
    }
  });

  it('confirms a purchase, and reports an unconfirmed one as success:false', async () => {
    const { adapter, calls } = fakeSentx({ '/v1/affiliate/market/buynftres': [ok('buynftres.json'), ok('buynftres-failed.json')] });
    const completion = { saleVerificationCode: 'b1f4c2d9e07a4c1d8e3f5a6b7c8d9e0f', transactionId: '0.0.7001004@1761847451.000000001' };
    expect(await adapter.buyComplete(completion)).toEqual({ success: true, apimessage: 'Sale recorded' });
    expect(calls[0]?.body).toEqual(completion);
    expect(await adapter.buyComplete(completion)).toEqual({ success: false, apimessage: 'Transaction not found on the network' });
  });
});

describe('SentX adapter: rows as SentX sends them', () => {
  it('skips and logs one malformed sale, and never counts a sale priced in a token as HBAR', async () => {
    const warn = vi.fn();
    const { adapter } = fakeSentx({ '/v1/public/market/activity': ok('activity-mixed.json') }, { warn });
    const sales = await adapter.activity({ tokenId: TOKEN, amount: 100 });
    expect(sales.map((sale) => [sale.nftSerialId, sale.salePrice])).toEqual([
      [101, 450],
      [42, 88.5],
    ]);
    expect(sales[0]).not.toHaveProperty('paymentToken');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('SentX row skipped: unexpected shape', {
      path: '/v1/public/market/activity',
      index: 2,
      issues: [expect.stringMatching(/^salePrice: /)],
    });
  });

  it('skips and logs a malformed listing and leaves out listings priced in a token, paging on what SentX sent', async () => {
    const warn = vi.fn();
    const { adapter, calls } = fakeSentx({ '/v1/public/market/listings': ok('listings-malformed-row.json') }, { warn });
    const listings = await adapter.listings({ tokenId: TOKEN, sortBy: 'price', sortDirection: 'ASC', limit: 10 });
    expect(listings.map((listing) => [listing.serialId, listing.salePrice])).toEqual([[2210, 120]]);
    expect(warn).toHaveBeenCalledWith('SentX row skipped: unexpected shape', expect.objectContaining({ path: '/v1/public/market/listings', index: 1 }));
    expect(calls).toHaveLength(1);
  });
});

describe('SentX adapter: the affiliate user-auth token', () => {
  const request = { tokenId: TOKEN, serial: 2210, buyerId: '0.0.7001004', price: '120' };
  const affiliateKey = PrivateKey.fromBytesECDSA(new Uint8Array(32).fill(5));
  const affiliate: SentxAffiliate = { accountId: '0.0.4815162', sign: (message) => affiliateKey.sign(message) };
  const token = (JSON.parse(fixture('auth-verify.json')) as { userAuthToken: string }).userAuthToken;

  it('signs in with the affiliate key once, sends the token with buys, and keeps it for its lifetime', async () => {
    let clock = 1_761_833_000_000;
    const { adapter, calls } = fakeSentx(
      {
        '/v1/affiliate/auth/init': ok('auth-init.json'),
        '/v1/affiliate/auth/verify': ok('auth-verify.json'),
        '/v1/affiliate/market/buynft': ok('buynft.json'),
        '/v1/affiliate/market/buynftres': ok('buynftres.json'),
      },
      { affiliate, now: () => clock },
    );
    await adapter.buy(request);
    await adapter.buyComplete({ saleVerificationCode: 'b1f4c2d9e07a4c1d8e3f5a6b7c8d9e0f', transactionId: '0.0.7001004@1761847451.000000001' });
    expect(calls.map((call) => call.url.pathname)).toEqual([
      '/v1/affiliate/auth/init',
      '/v1/affiliate/auth/verify',
      '/v1/affiliate/market/buynft',
      '/v1/affiliate/market/buynftres',
    ]);
    const [init, verify, buy, complete] = calls as [Call, Call, Call, Call];
    expect(init).toMatchObject({ method: 'POST', body: { user_address: '0.0.4815162' } });
    expect(init.url.searchParams.get('apikey')).toBe('secret-key');
    const { payload, nonce, operationToken } = JSON.parse(fixture('auth-init.json')) as { payload: unknown; nonce: string; operationToken: string };
    const { userSignature, ...rest } = verify.body as { userSignature: string };
    expect(rest).toEqual({ user_address: '0.0.4815162', operationToken, nonce });
    expect(affiliateKey.publicKey.verify(prefixedMessageBytes(JSON.stringify(payload)), Buffer.from(userSignature, 'base64'))).toBe(true);
    expect(buy.body).toEqual({ userAuthToken: token, token_address: TOKEN, serial_number: '2210', user_address: '0.0.7001004', price: '120' });
    expect(complete.body).toEqual({
      userAuthToken: token,
      saleVerificationCode: 'b1f4c2d9e07a4c1d8e3f5a6b7c8d9e0f',
      transactionId: '0.0.7001004@1761847451.000000001',
    });

    clock += 58 * 60_000;
    await adapter.buy(request);
    expect(calls.slice(4).map((call) => call.url.pathname)).toEqual(['/v1/affiliate/market/buynft']);
    clock += 2 * 60_000; // within a minute of the hour: a fresh token
    await adapter.buy(request);
    expect(calls.slice(5).map((call) => call.url.pathname)).toEqual(['/v1/affiliate/auth/init', '/v1/affiliate/auth/verify', '/v1/affiliate/market/buynft']);
  });

  it('signs in once for buys that start together', async () => {
    const { adapter, calls } = fakeSentx(
      {
        '/v1/affiliate/auth/init': ok('auth-init.json'),
        '/v1/affiliate/auth/verify': ok('auth-verify.json'),
        '/v1/affiliate/market/buynft': ok('buynft.json'),
      },
      { affiliate },
    );
    await Promise.all([adapter.buy(request), adapter.buy(request)]);
    expect(calls.filter((call) => call.url.pathname === '/v1/affiliate/auth/init')).toHaveLength(1);
  });

  it('signs in again after SentX answers 401 to a token it no longer takes', async () => {
    const { adapter, calls } = fakeSentx(
      {
        '/v1/affiliate/auth/init': ok('auth-init.json'),
        '/v1/affiliate/auth/verify': ok('auth-verify.json'),
        '/v1/affiliate/market/buynft': [{ status: 401, body: JSON.stringify({ success: false, apimessage: 'Invalid userAuthToken' }) }, ok('buynft.json')],
      },
      { affiliate },
    );
    await expect(adapter.buy(request)).rejects.toThrow(new MarketRejectedError('Invalid userAuthToken'));
    await adapter.buy(request);
    expect(calls.filter((call) => call.url.pathname === '/v1/affiliate/auth/init')).toHaveLength(2);
  });

  it('a refused sign-in is the market being unavailable, and nothing is bought', async () => {
    const { adapter, calls } = fakeSentx(
      { '/v1/affiliate/auth/init': ok('auth-init.json'), '/v1/affiliate/auth/verify': { status: 401, body: fixture('auth-verify-refused.json') } },
      { affiliate },
    );
    const attempt = adapter.buy(request);
    await expect(attempt).rejects.toBeInstanceOf(MarketUnavailableError);
    await expect(attempt).rejects.toThrow('SentX affiliate sign-in refused: Signature verification failed');
    expect(calls.some((call) => call.url.pathname === '/v1/affiliate/market/buynft')).toBe(false);
  });
});

describe('SentX adapter: failures are typed', () => {
  it('a 500 is the market being unavailable, even with an apimessage', async () => {
    const { adapter } = fakeSentx({
      '/v1/public/market/activity': { status: 500, body: fixture('server-error.json') },
      '/v1/affiliate/market/buynft': { status: 502, body: fixture('server-error.json') },
    });
    await expect(adapter.activity({ tokenId: TOKEN, amount: 100 })).rejects.toThrow(
      new MarketUnavailableError('SentX /v1/public/market/activity answered 500'),
    );
    await expect(adapter.buy({ tokenId: TOKEN, serial: 1, buyerId: '0.0.7001004', price: '1' })).rejects.toBeInstanceOf(MarketUnavailableError);
  });

  it('a read whose connection was reset before any answer is asked once more; a buy never is', async () => {
    const reset = () => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    const { adapter, calls } = fakeSentx({
      '/v1/public/market/floor': [reset(), ok('floor.json')],
      '/v1/public/market/activity': [reset(), reset(), ok('activity.json')],
      '/v1/affiliate/market/buynft': [reset(), { status: 200, body: '{}' }],
    });
    expect(await adapter.floor(TOKEN)).toBe(120);
    await expect(adapter.activity({ tokenId: TOKEN, amount: 100 })).rejects.toThrow(/activity could not be reached/);
    await expect(adapter.buy({ tokenId: TOKEN, serial: 1, buyerId: '0.0.7001004', price: '1' })).rejects.toBeInstanceOf(MarketUnavailableError);
    expect(calls.map((call) => call.url.pathname.split('/').pop())).toEqual(['floor', 'floor', 'activity', 'activity', 'buynft']);
  });

  it('a hanging request times out', async () => {
    const { adapter } = fakeSentx({ '/v1/public/market/floor': 'hang' }, { timeoutMs: 50 });
    await expect(adapter.floor(TOKEN)).rejects.toThrow(/SentX \/v1\/public\/market\/floor timed out after 50 ms/);
  });

  it('a network error, a read refused with success:false and an unexpected shape are unavailable too', async () => {
    const { adapter } = fakeSentx({
      '/v1/public/market/floor': new TypeError('fetch failed'),
      '/v1/public/market/activity': { status: 200, body: JSON.stringify({ success: false, apimessage: 'Invalid API key' }) },
      '/v1/public/market/listings': { status: 200, body: JSON.stringify({ success: true, marketListings: { serialId: 'x' } }) },
      '/v1/public/token/owners': { status: 200, body: '<html>maintenance</html>' },
    });
    const floor = adapter.floor(TOKEN);
    await expect(floor).rejects.toBeInstanceOf(MarketUnavailableError);
    await expect(floor).rejects.toThrow('could not be reached');
    await expect(adapter.activity({ tokenId: TOKEN, amount: 5 })).rejects.toThrow('refused: Invalid API key');
    await expect(adapter.listings({ tokenId: TOKEN, sortBy: 'price', sortDirection: 'ASC', limit: 5 })).rejects.toThrow(/unexpected shape/);
    await expect(adapter.owners(TOKEN)).rejects.toBeInstanceOf(MarketUnavailableError);
  });

  it('never puts the API key in an error message', async () => {
    const { adapter } = fakeSentx({ '/v1/public/market/floor': { status: 503, body: '' } });
    const error: unknown = await adapter.floor(TOKEN).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MarketUnavailableError);
    expect((error as Error).message).not.toContain('secret-key');
  });
});
