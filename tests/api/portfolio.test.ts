/**
 * A holder's portfolio from the ledger through the API (issue 58): a tiger bought for 40 PAWS and sold
 * for 55 on the PAWS market, read back from the sandbox mirror's transactions (the royalty as the
 * ledger assessed it), its realized P&L and the CSV of both trades; who may read it; bad input.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_PRICES } from '../../src/sandbox/prices/price-apis';
import type { PortfolioAnswer } from '../../src/features/portfolio/portfolio-model';
import { sandboxSeed } from '../../src/sandbox/ledger/seed';
import { sandboxSuite } from '../support/api-suite';
import { approvePawsSpend, buyListing, listForPaws, signedInHolder } from '../support/paws-trades';
import { ALICE, BOB, CAROL, DAVE, ROYALTY_COLLECTOR, call } from '../support/sandbox-client';
import { toMirrorTransactionId } from '../../src/features/ledger/transaction-id';

const serialsOf = (accountId: string) =>
  sandboxSeed()
    .nftOwners.map((owner, index) => (owner === accountId ? index + 1 : 0))
    .filter(Boolean);

/** The CSV of `accountId`'s trades as `cookie`'s holder reads it. */
async function csvOf(origin: string, accountId: string, cookie?: string) {
  const response = await fetch(`${origin}/api/portfolio/${accountId}/trades.csv`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('a holder’s portfolio from the ledger', () => {
  const suite = sandboxSuite({ holders: [ALICE, BOB, CAROL, DAVE] });
  const serial = serialsOf(ALICE).at(-2) as number;
  let buyTransaction = '';
  let saleTransaction = '';

  it('Bob buys a tiger for 40 PAWS and sells it for 55: realized 55 − 2.75 royalty − 40 = 12.25 PAWS', async () => {
    const first = await listForPaws(suite.holder(ALICE), serial, '40');
    await approvePawsSpend(suite.holder(BOB), '40');
    const bought = await buyListing(suite.holder(BOB), first.id);
    expect(bought.status, JSON.stringify(bought.json)).toBe(200);
    buyTransaction = String(bought.json.transactionId);
    const second = await listForPaws(suite.holder(BOB), serial, '55');
    await approvePawsSpend(suite.holder(CAROL), '55');
    const sold = await buyListing(suite.holder(CAROL), second.id);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    saleTransaction = String(sold.json.transactionId);

    const answer = await call<PortfolioAnswer>(suite.origin, 'GET', `/api/portfolio/${BOB}`, { cookie: suite.holder(BOB).cookie });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const trades = answer.json.trades.filter((trade) => trade.serial === serial);
    expect(trades.map((trade) => [trade.side, trade.kind, trade.price.paws, trade.fees.royaltyPaws, trade.counterparty])).toEqual([
      ['buy', 'purchase', '40', '0', ALICE],
      ['sell', 'sale', '55', '2.75', CAROL],
    ]);
    const lot = answer.json.lots.find((l) => l.serial === serial);
    expect(lot).toMatchObject({ acquiredBy: 'purchase', cost: { paws: '40', hbar: '0' }, proceeds: { paws: '52.25' }, realized: { paws: '12.25', hbar: '0' } });
    // USD at the time of each trade: the stand-ins' PAWS history (SaucerSwap's daily candles).
    expect(lot?.realized?.usd).toBe(Math.round(12.25 * SANDBOX_PRICES.pawsUsd * 100) / 100);
    expect(answer.json.totals.realized.paws).toBe('12.25');
    expect(answer.json.priceSources).toEqual({ hbar: 'coingecko', paws: 'saucerswap' });
    // Bob's seeded tigers arrived before any history the sandbox ledger keeps: held, with no cost basis, said so.
    const seeded = answer.json.lots.find((l) => l.serial === serialsOf(BOB)[0]);
    expect(seeded).toMatchObject({ acquiredBy: 'unknown', cost: null, unrealized: null });
    expect(seeded?.notes).toContain('no cost basis: bought before the history the ledger shows');
    expect(answer.json.held).not.toContain(serial);
  });

  it('the CSV has both trades, escaped, with the columns the tax tools read', async () => {
    const csv = await csvOf(suite.origin, BOB, suite.holder(BOB).cookie);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('date,tiger,side,price,currency,USD value,fees,counterparty,transaction id,kind,notes');
    const rows = lines.slice(1).filter((line) => line.includes(`,#${serial},`));
    expect(rows).toHaveLength(2);
    const usd = (paws: number) => (Math.round(paws * SANDBOX_PRICES.pawsUsd * 100) / 100).toFixed(2);
    const [buyRow, saleRow] = rows.map((row) => row.split(','));
    expect(Date.parse(buyRow?.[0] ?? '')).not.toBeNaN();
    expect(buyRow?.slice(1)).toEqual([`#${serial}`, 'buy', '40', 'PAWS', usd(40), '', ALICE, toMirrorTransactionId(buyTransaction), 'purchase', '']);
    expect(saleRow?.slice(1)).toEqual([
      `#${serial}`,
      'sell',
      '55',
      'PAWS',
      usd(55),
      '2.75 PAWS royalty',
      CAROL,
      toMirrorTransactionId(saleTransaction),
      'sale',
      '',
    ]);
  });

  it('another account, or no one signed in, cannot read Bob’s P&L while he has not opted in', async () => {
    const asDave = await call(suite.origin, 'GET', `/api/portfolio/${BOB}`, { cookie: suite.holder(DAVE).cookie });
    expect(asDave.status).toBe(403);
    expect(asDave.json).toMatchObject({ code: 'PORTFOLIO_PRIVATE', error: expect.stringContaining('private') });
    expect((await call(suite.origin, 'GET', `/api/portfolio/${BOB}`)).status).toBe(403);
    const csv = await csvOf(suite.origin, BOB, suite.holder(DAVE).cookie);
    expect(csv.status).toBe(403);
    expect(JSON.parse(csv.text)).toMatchObject({ code: 'PORTFOLIO_PRIVATE' });
  });

  it('once Bob opts in on his public profile, anyone reads it; a private profile hides it again', async () => {
    const optIn = await call(suite.origin, 'POST', '/api/profile', { cookie: suite.holder(BOB).cookie, body: { accountId: BOB, pnlPublic: true } });
    expect(optIn.status, JSON.stringify(optIn.json)).toBe(200);
    expect(optIn.json).toMatchObject({ profile: { pnlPublic: true, isPublic: true } });
    const asDave = await call<PortfolioAnswer>(suite.origin, 'GET', `/api/portfolio/${BOB}`, { cookie: suite.holder(DAVE).cookie });
    expect(asDave.status).toBe(200);
    expect(asDave.json.totals.realized.paws).toBe('12.25');
    await call(suite.origin, 'POST', '/api/profile', { cookie: suite.holder(BOB).cookie, body: { accountId: BOB, isPublic: false } });
    expect((await call(suite.origin, 'GET', `/api/portfolio/${BOB}`)).status).toBe(403);
  });

  it('bad input: a malformed account id is a 400 JSON; an unknown account a 404; an account with no tigers an empty portfolio', async () => {
    const malformed = await call(suite.origin, 'GET', '/api/portfolio/not-an-account');
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    const malformedCsv = await csvOf(suite.origin, '0.0.x');
    expect(malformedCsv.status).toBe(400);
    expect(JSON.parse(malformedCsv.text)).toMatchObject({ code: expect.any(String), error: expect.any(String) });

    const unknown = await call(suite.origin, 'GET', '/api/portfolio/0.0.99999999', { cookie: suite.holder(DAVE).cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', error: 'No account 0.0.99999999 on the ledger' });

    // The royalty collector holds no tiger (it was paid the royalties above, in PAWS).
    expect(sandboxSeed().nftOwners).not.toContain(ROYALTY_COLLECTOR);
    const holder = await signedInHolder(suite.origin, ROYALTY_COLLECTOR);
    const empty = await call<PortfolioAnswer>(suite.origin, 'GET', `/api/portfolio/${holder.accountId}`, { cookie: holder.cookie });
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ held: [], trades: [], lots: [], totals: { realized: { hbar: '0', paws: '0', usd: 0 }, lotsWithoutPnl: 0 } });
    expect((await csvOf(suite.origin, holder.accountId, holder.cookie)).text).toBe(
      'date,tiger,side,price,currency,USD value,fees,counterparty,transaction id,kind,notes\r\n',
    );
  });
});
