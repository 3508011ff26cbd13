/**
 * Prices come from the production price source over the sandbox's stand-ins for CoinGecko,
 * SaucerSwap and DexScreener, and fall back as on mainnet when those fail.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/local-server';
import { injectFault } from '../support/paws-trades';
import { call } from '../support/sandbox-client';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

describe('prices through the public price APIs’ stand-ins', () => {
  it('reads HBAR from CoinGecko and PAWS from SaucerSwap, with their 24 h changes', async () => {
    server = await startTestServer();
    expect((await call(server.origin, 'GET', '/api/hbar/price')).json).toEqual({
      success: true,
      priceData: { priceUsd: 0.1825, change24h: 2.35 },
      source: 'coingecko',
    });
    const paws = await call<{ price: number; priceChange24h: number; source: string }>(server.origin, 'GET', '/api/paws/price');
    expect(paws.json).toMatchObject({ success: true, price: 0.000418, priceChange24h: -1.2, source: 'saucerswap' });
  });

  it('falls back to the exchange rate and to DexScreener’s PAWS-based pair while CoinGecko and SaucerSwap fail', async () => {
    server = await startTestServer();
    await injectFault(server.origin, { service: 'prices', match: 'coingecko/', fault: 'http-503' });
    await injectFault(server.origin, { service: 'prices', match: 'saucerswap/tokens', fault: 'drop', times: 3 });
    const hbar = await call<{ priceData: { priceUsd: number }; source: string }>(server.origin, 'GET', '/api/hbar/price');
    expect(hbar.json.source).toBe('mirror-exchange-rate');
    expect(hbar.json.priceData.priceUsd).toBeCloseTo(525_000 / 30_000 / 100, 6);
    // DexScreener's deeper pool quotes PAWS: its priceUsd is HBAR's, which must not be taken.
    const paws = await call(server.origin, 'GET', '/api/paws/price');
    expect(paws.json).toMatchObject({ success: true, price: 0.000418, source: 'dexscreener' });
  });
});
