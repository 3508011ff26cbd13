import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxSuite } from '../support/api-suite';
import { approvePawsSpend, buyListing, listForPaws } from '../support/paws-trades';
import { ALICE, BOB, CAROL, DAVE, NFT_TOKEN, call, ownedSerials, signAndExecute } from '../support/sandbox-client';

/** Market figures, activity and a seller's own sales (issue 20), over sales made in this test through the sandbox. */
const suite = sandboxSuite({ holders: [ALICE, BOB, CAROL, DAVE] });
const cookieOf = (accountId: string) => suite.holder(accountId).cookie;
let aliceSerials: number[] = [];
const DAY_MS = 86_400_000;

interface Figures {
  market: string;
  currency: string;
  floor: number | null;
  volume24h: number;
  sales24h: number;
  volume7d: number;
  sales7d: number;
  listed: number;
  listedShare: number;
}
interface Item {
  id: string;
  kind: string;
  at: string;
  serialNumber: number | null;
  pawsAmount: string;
  sellerId: string | null;
  buyerId: string | null;
}

beforeAll(async () => {
  aliceSerials = await ownedSerials(suite.origin, ALICE);
});

const activity = (query = '') => call<{ items: Item[]; cursor?: string; code?: string }>(suite.origin, 'GET', `/api/paws/activity${query}`);

describe('PAWS market figures and activity', () => {
  const sold: { serial: number; price: string }[] = [];

  beforeAll(async () => {
    const [a, b, c, d] = aliceSerials as [number, number, number, number];
    const [alice, bob, carol] = [suite.holder(ALICE), suite.holder(BOB), suite.holder(CAROL)];
    const first = await listForPaws(alice, a, '120.25');
    const second = await listForPaws(alice, b, '80');
    await listForPaws(alice, c, '45.5');
    await listForPaws(alice, d, '300');
    await approvePawsSpend(bob, '120.25');
    expect((await buyListing(bob, first.id)).status).toBe(200);
    await approvePawsSpend(carol, '80');
    expect((await buyListing(carol, second.id)).status).toBe(200);
    sold.push({ serial: a, price: '120.25' }, { serial: b, price: '80' });
  }, 120_000);

  it('the figures match the sales records and the listings', async () => {
    const answer = await call<{ success: boolean; figures: Figures }>(suite.origin, 'GET', '/api/paws/stats');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('s-maxage=30');
    const listings = await call<{ listings: { pawsPrice: string }[]; total: number }>(suite.origin, 'GET', '/api/paws/listings?page=1&limit=100');
    const prices = listings.json.listings.map((listing) => Number(listing.pawsPrice));
    // Every sale of the records (the timeline's sales), counted in the windows they fall in.
    const sales = (await activity('?kind=sale&limit=50')).json.items;
    const within = (ms: number) => sales.filter((sale) => Date.parse(sale.at) > Date.now() - ms);
    const volume = (rows: Item[]) => rows.reduce((sum, sale) => sum + Number(sale.pawsAmount), 0);
    expect(sales.map((sale) => sale.serialNumber).sort()).toEqual(sold.map((sale) => sale.serial).sort());
    expect(answer.json).toMatchObject({
      success: true,
      figures: {
        market: 'paws',
        currency: 'PAWS',
        floor: Math.min(...prices),
        sales24h: within(DAY_MS).length,
        sales7d: within(7 * DAY_MS).length,
        listed: listings.json.total,
        listedShare: Math.round((listings.json.total / 3333) * 1000) / 10,
      },
    });
    expect(answer.json.figures.sales24h).toBe(2);
    expect(answer.json.figures.volume24h).toBeCloseTo(volume(within(DAY_MS)), 8);
    expect(answer.json.figures.volume24h).toBeCloseTo(200.25, 8);
    expect(answer.json.figures.volume7d).toBeCloseTo(200.25, 8);
  });

  it('the activity lists the sales and listings made in this test, newest first, and pages', async () => {
    const all = await activity();
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toContain('s-maxage=10');
    const [a, b, c, d] = aliceSerials as [number, number, number, number];
    const saleOf = (serial: number) => all.json.items.find((item) => item.kind === 'sale' && item.serialNumber === serial);
    expect(saleOf(a)).toMatchObject({ pawsAmount: '120.25', sellerId: ALICE, buyerId: BOB });
    expect(saleOf(b)).toMatchObject({ pawsAmount: '80', sellerId: ALICE, buyerId: CAROL });
    const listed = all.json.items.filter((item) => item.kind === 'listing').map((item) => item.serialNumber);
    expect(listed.sort()).toEqual([a, b, c, d].sort());
    const times = all.json.items.map((item) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(all.json.cursor).toBeUndefined();

    const pages: Item[] = [];
    let cursor: string | undefined;
    do {
      const page = await activity(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.json.items.length).toBeLessThanOrEqual(2);
      pages.push(...page.json.items);
      cursor = page.json.cursor;
    } while (cursor);
    expect(pages.map((item) => item.id)).toEqual(all.json.items.map((item) => item.id));

    const listings = await activity('?kind=listing&limit=3');
    expect(listings.json.items.map((item) => item.kind)).toEqual(['listing', 'listing', 'listing']);
    const rest = await activity(`?kind=listing&limit=3&cursor=${listings.json.cursor}`);
    expect(rest.json.items.map((item) => item.kind)).toEqual(['listing']);
  });

  it('bad queries are 400 with a code', async () => {
    for (const query of [
      '?limit=0',
      '?limit=51',
      '?limit=abc',
      '?kind=bogus',
      '?cursor=garbage',
      `?cursor=${Buffer.from('["PROFILE#1","x"]').toString('base64url')}`,
    ]) {
      const answer = await activity(query);
      expect(answer.status, query).toBe(400);
      expect(answer.json).toMatchObject({ code: 'INVALID_REQUEST', error: expect.any(String) });
    }
  });

  it('a seller reads their own sales only', async () => {
    const own = await call<{ sales: Item[] }>(suite.origin, 'GET', `/api/paws/activity/seller/${ALICE}`, { cookie: cookieOf(ALICE) });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.json.sales.map((sale) => sale.serialNumber).sort()).toEqual(sold.map((sale) => sale.serial).sort());
    const later = await call<{ sales: Item[] }>(
      suite.origin,
      'GET',
      `/api/paws/activity/seller/${ALICE}?since=${encodeURIComponent(own.json.sales[0]?.at ?? '')}`,
      {
        cookie: cookieOf(ALICE),
      },
    );
    expect(later.json.sales).toEqual([]);
    expect((await call(suite.origin, 'GET', `/api/paws/activity/seller/${ALICE}`, { cookie: cookieOf(BOB) })).status).toBe(403);
    expect((await call(suite.origin, 'GET', `/api/paws/activity/seller/${ALICE}`)).status).toBe(401);
    expect((await call(suite.origin, 'GET', `/api/paws/activity/seller/${ALICE}?since=yesterday`, { cookie: cookieOf(ALICE) })).status).toBe(400);
  });
});

describe('HBAR market figures', () => {
  it('match the market’s sales and listings after a sale made through the sandbox market', async () => {
    const listings = async () =>
      (
        await call<{ marketListings: { serialId: number; salePrice: number }[] }>(
          suite.origin,
          'GET',
          '/api/market/listings?sortBy=price&sortDirection=ASC&limit=1000',
        )
      ).json.marketListings;
    const [cheapest] = await listings();
    if (!cheapest) throw new Error('the sandbox market has no listing');
    const prepared = await call<{ data: { saleVerificationCode: string; transBytes: string } }>(suite.origin, 'POST', '/api/market/buy', {
      cookie: cookieOf(DAVE),
      body: { token_address: NFT_TOKEN, serial_number: cheapest.serialId, user_address: DAVE, price: String(cheapest.salePrice) },
    });
    expect(prepared.status).toBe(200);
    expect((await signAndExecute(suite.origin, DAVE, prepared.json.data.transBytes)).status).toBe('SUCCESS');
    const completed = await call(suite.origin, 'POST', '/api/market/buy/complete', {
      cookie: cookieOf(DAVE),
      body: { saleVerificationCode: prepared.json.data.saleVerificationCode },
    });
    expect(completed.status).toBe(200);

    const answer = await call<{ success: boolean; figures: Figures }>(suite.origin, 'GET', '/api/market/figures');
    expect(answer.status).toBe(200);
    const sales = (
      await call<{ marketActivity: { salePrice: number; saleDate: string; nftSerialId: number }[] }>(suite.origin, 'GET', '/api/market/activity?amount=100')
    ).json.marketActivity;
    expect(sales[0]).toMatchObject({ nftSerialId: cheapest.serialId, salePrice: cheapest.salePrice });
    const within = (ms: number) => sales.filter((sale) => Date.parse(sale.saleDate) > Date.now() - ms);
    const sum = (rows: { salePrice: number }[]) => rows.reduce((total, sale) => total + sale.salePrice, 0);
    const after = await listings();
    const floor = await call<{ floor: number }>(suite.origin, 'GET', '/api/market/floor');
    expect(sales.length).toBeLessThan(100);
    expect(answer.json).toMatchObject({
      success: true,
      figures: {
        market: 'hbar',
        currency: 'HBAR',
        floor: floor.json.floor,
        sales24h: within(DAY_MS).length,
        sales7d: within(7 * DAY_MS).length,
        listed: after.length,
      },
    });
    expect(answer.json.figures.sales24h).toBeGreaterThanOrEqual(1);
    expect(answer.json.figures.volume24h).toBeCloseTo(sum(within(DAY_MS)), 6);
    expect(answer.json.figures.volume7d).toBeCloseTo(sum(within(7 * DAY_MS)), 6);
  });
});
