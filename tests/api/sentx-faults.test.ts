/**
 * HBAR purchases run through the production SentX adapter (with the affiliate's sign-in) against
 * the sandbox's SentX stand-in, and meet SentX's failures as they come: SentX down while a paid
 * purchase is completed answers 503 and SentX records nothing (the activity shows the sale once, from
 * the app's own record of the payment), and completing once SentX is back records exactly one sale,
 * shown once.
 */
import { describe, expect, it } from 'vitest';
import { sandboxSuite } from '../support/api-suite';
import { injectFault } from '../support/paws-trades';
import { DAVE, call, nftOnLedger, payForNewestHbarListing } from '../support/sandbox-client';

const suite = sandboxSuite();

const complete = (cookie: string, saleVerificationCode: string) =>
  call<{ data?: { success: boolean }; code?: string }>(suite.origin, 'POST', '/api/market/buy/complete', { cookie, body: { saleVerificationCode } });

describe('SentX down mid-purchase', () => {
  it('answers 503 while SentX cannot record a paid purchase, and records it once when SentX is back', async () => {
    const paid = await payForNewestHbarListing(suite.origin, DAVE);
    expect((await nftOnLedger(suite.origin, paid.serial)).owner).toBe(DAVE);

    await injectFault(suite.origin, { service: 'sentx', match: '/v1/affiliate/market/buynftres', fault: 'http-502' });
    expect(await complete(paid.cookie, paid.saleVerificationCode)).toMatchObject({ status: 503, json: { code: 'MARKET_UNAVAILABLE' } });
    const during = await call<{ marketActivity: { nftSerialId: number; buyerAddress: string }[] }>(
      suite.origin,
      'GET',
      '/api/market/activity?token=0.0.7000333&activityFilter=Sales&amount=100',
    );
    // The ledger settled the payment: the sale is shown from the app's record while SentX has none.
    expect(during.json.marketActivity.filter((sale) => sale.nftSerialId === paid.serial)).toEqual([expect.objectContaining({ buyerAddress: DAVE })]);

    expect(await complete(paid.cookie, paid.saleVerificationCode)).toMatchObject({ status: 200, json: { data: { success: true } } });
    expect(await complete(paid.cookie, paid.saleVerificationCode)).toMatchObject({ status: 200, json: { data: { success: true } } });
    const after = await call<{ marketActivity: { nftSerialId: number; buyerAddress: string }[] }>(
      suite.origin,
      'GET',
      '/api/market/activity?token=0.0.7000333&activityFilter=Sales&amount=100',
    );
    expect(after.json.marketActivity.filter((sale) => sale.nftSerialId === paid.serial && sale.buyerAddress === DAVE)).toHaveLength(1);
  });

  it('answers a market read while SentX is down with success: false, never cached at the edge', async () => {
    await injectFault(suite.origin, { service: 'sentx', match: '/v1/public/market/floor', fault: 'http-503', times: 5 });
    const response = await fetch(`${suite.origin}/api/market/floor?token=0.0.7000333`);
    const body = (await response.json()) as { success: boolean };
    expect(body.success).toBe(false);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
