/**
 * One PAWS allowance budget (issue 55): a holder's allowance backs their open offers and their
 * purchases alike. A purchase or a checkout that would unfund an open offer asks for the top-up (or
 * the holder's say) and moves nothing without it; an offer its buyer can no longer pay is refused
 * before the owner's wallet is asked for anything; a cart is re-read as the holder pays; a sale
 * settling shows in the tiger's view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tierByRank } from '../../src/features/tiger/tiers';
import { sandboxRarity } from '../../src/sandbox/collection/sandbox-rarity';
import { sandboxSuite } from '../support/api-suite';
import { LAG_STEP_MS } from '../support/lag-flows';
import { approvePawsSpend, approveTigerSpend, buyListing, checkoutCart, injectFault, listForPaws } from '../support/paws-trades';
import { ALICE, BOB, CAROL, MARKETPLACE, NFT_TOKEN, type Answer, call, nftOnLedger, ownedSerials, pawsBalance } from '../support/sandbox-client';

const PAWS = 1_000_000n;
const suite = sandboxSuite({ holders: [ALICE, BOB, CAROL] });
const rarity = sandboxRarity().rarityData;
let aliceSerials: number[] = [];
let carolSerials: number[] = [];

beforeAll(async () => {
  aliceSerials = (await ownedSerials(suite.origin, ALICE)).filter((serial) => tierByRank(rarity[serial]?.rarityRank) !== 'Legendary');
  carolSerials = await ownedSerials(suite.origin, CAROL);
});

interface OfferJson {
  id: string;
  funded: boolean;
}

interface AllowanceLow {
  code?: string;
  amount?: string;
  due?: string;
  offersKeep?: string;
  currentAllowance?: string;
  lapsing?: { offerId: string; label: string }[];
  amountIfLapse?: string;
}

function post<T = Record<string, unknown>>(accountId: string, path: string, body: unknown): Promise<Answer<T>> {
  return call<T>(suite.origin, 'POST', path, { cookie: suite.holder(accountId).cookie, body });
}

/** Bob's offer on one of Carol's tigers, made as the screen makes it (a short allowance approved for what the answer asks). */
async function bobOffers(serialNumber: number, pawsAmount: string): Promise<OfferJson> {
  const body = {
    offerId: crypto.randomUUID(),
    buyerId: BOB,
    tokenId: NFT_TOKEN,
    kind: 'item',
    serialNumber,
    pawsAmount,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
  let answer = await post<{ offer: OfferJson } & AllowanceLow>(BOB, '/api/paws/offers', body);
  if (answer.json.code === 'PAWS_ALLOWANCE_LOW') {
    answer = await post(BOB, '/api/paws/offers', { ...body, allowanceTransactionId: await approvePawsSpend(suite.holder(BOB), answer.json.amount as string) });
  }
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.offer;
}

const budgetOf = (accountId: string) =>
  call<{ allowance: string; offersKeep: string; free: string; offers: { offerId: string; keeps: string; funded: boolean; label: string }[] }>(
    suite.origin,
    'GET',
    `/api/paws/allowance/budget/${accountId}`,
    { cookie: suite.holder(accountId).cookie },
  );

const madeBy = async (accountId: string) =>
  new Map(
    (await call<{ offers: OfferJson[] }>(suite.origin, 'GET', `/api/paws/offers/made/${accountId}`)).json.offers.map((offer) => [offer.id, offer.funded]),
  );

describe('one PAWS allowance budget', () => {
  let on147: OfferJson;
  let other: OfferJson;

  beforeAll(async () => {
    // The Bob: a 45 PAWS offer (older) and a 20 PAWS one, backed by an allowance of 65.
    on147 = await bobOffers(carolSerials[0] as number, '45');
    other = await bobOffers(carolSerials[1] as number, '20');
  });

  it('says what open offers keep of the allowance and what is free; only to the holder', async () => {
    const budget = await budgetOf(BOB);
    expect(budget.status).toBe(200);
    expect(budget.json).toMatchObject({ allowance: '65', offersKeep: '65', free: '0' });
    expect(budget.json.offers).toEqual([
      expect.objectContaining({ offerId: on147.id, keeps: '45', funded: true, label: expect.stringContaining('45 PAWS offer on') }),
      expect.objectContaining({ offerId: other.id, keeps: '20', funded: true }),
    ]);
    const theirs = await call(suite.origin, 'GET', `/api/paws/allowance/budget/${BOB}`, { cookie: suite.holder(CAROL).cookie });
    expect(theirs).toMatchObject({ status: 403, json: { code: 'NOT_YOUR_ACCOUNT' } });
    expect((await call(suite.origin, 'GET', `/api/paws/allowance/budget/${BOB}`)).status).toBe(401);
  });

  it('a purchase and a checkout that would unfund an open offer ask for the top-up, naming the offer, and move nothing without it', async () => {
    const listing = await listForPaws(suite.holder(ALICE), aliceSerials[0] as number, '38');
    const [bobBefore, aliceBefore] = await Promise.all([pawsBalance(suite.origin, BOB), pawsBalance(suite.origin, ALICE)]);
    const asked = {
      status: 400,
      json: {
        code: 'PAWS_ALLOWANCE_LOW',
        amount: '103',
        due: '38',
        offersKeep: '65',
        currentAllowance: '65',
        amountIfLapse: '0',
        lapsing: [{ offerId: on147.id, label: expect.stringContaining('45 PAWS offer') }],
      },
    };
    expect(await buyListing(suite.holder(BOB), listing.id)).toMatchObject(asked);
    expect(await checkoutCart(suite.holder(BOB), [listing.id])).toMatchObject(asked);
    // Nothing moved: the balances, the tiger, the listing, the allowance and both offers funded.
    expect(await Promise.all([pawsBalance(suite.origin, BOB), pawsBalance(suite.origin, ALICE)])).toEqual([bobBefore, aliceBefore]);
    expect(await nftOnLedger(suite.origin, aliceSerials[0] as number)).toEqual({ owner: ALICE, spender: MARKETPLACE });
    expect((await budgetOf(BOB)).json).toMatchObject({ allowance: '65', offersKeep: '65' });
    expect(await madeBy(BOB)).toEqual(
      new Map([
        [on147.id, true],
        [other.id, true],
      ]),
    );

    // The top-up: the purchase settles and both offers stay funded.
    const topUp = await approvePawsSpend(suite.holder(BOB), '103');
    const bought = await buyListing(suite.holder(BOB), listing.id, topUp);
    expect(bought.status, JSON.stringify(bought.json)).toBe(200);
    expect(await pawsBalance(suite.origin, BOB)).toBe(bobBefore - 38n * PAWS);
    expect((await budgetOf(BOB)).json).toMatchObject({ allowance: '65', offersKeep: '65' });
    expect(await madeBy(BOB)).toEqual(
      new Map([
        [on147.id, true],
        [other.id, true],
      ]),
    );
  });

  it('a purchase paid from the allowance as it is says so; offers the holder let lapse show unfunded at once, and their acceptance is refused before any approval', async () => {
    const listing = await listForPaws(suite.holder(ALICE), aliceSerials[1] as number, '38');
    const bought = await post<{ allowance?: Record<string, unknown> }>(BOB, '/api/paws/buy/prepare', {
      listingId: listing.id,
      buyerId: BOB,
      lapseOffers: [on147.id],
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(200);
    expect(bought.json.allowance).toEqual({ before: '65', after: '27', offersKeep: '20', lapsed: [expect.stringContaining('45 PAWS offer')] });
    // Every page shows it unfunded at once (no funding job run in between).
    expect(await madeBy(BOB)).toEqual(
      new Map([
        [on147.id, false],
        [other.id, true],
      ]),
    );
    const tiger = await call<{ offers: OfferJson[] }>(suite.origin, 'GET', `/api/paws/offers/tiger/${carolSerials[0]}`);
    expect(tiger.json.offers.find((offer) => offer.id === on147.id)?.funded).toBe(false);

    // Carol's acceptance is refused before her wallet is asked for anything: not "approve first".
    const serial = carolSerials[0] as number;
    expect(await nftOnLedger(suite.origin, serial)).toEqual({ owner: CAROL, spender: null });
    const single = await post(CAROL, `/api/paws/offers/${on147.id}/accept`, { sellerId: CAROL, serialNumber: serial });
    expect(single).toMatchObject({ status: 409, json: { code: 'OFFER_UNFUNDED' } });
    const many = await post(CAROL, '/api/paws/offers/accept-many/check', {
      sellerId: CAROL,
      items: [
        { offerId: on147.id, serialNumber: serial },
        { offerId: other.id, serialNumber: carolSerials[1] },
      ],
    });
    expect(many).toMatchObject({
      status: 200,
      json: { ready: [{ offerId: other.id, serialNumber: carolSerials[1] }], refused: [{ offerId: on147.id, serialNumber: serial, code: 'OFFER_UNFUNDED' }] },
    });
    // The tiger kept no approval: nothing was prepared or signed.
    expect(await nftOnLedger(suite.origin, serial)).toEqual({ owner: CAROL, spender: null });
  });

  it('funding that vanishes after the owner approved: the acceptance is refused and the tiger stays the owner’s', async () => {
    const serial = carolSerials[1] as number;
    await approveTigerSpend(suite.holder(CAROL), serial);
    // Bob's allowance falls to nothing after Carol approved.
    await approvePawsSpend(suite.holder(BOB), '0');
    const refused = await post(CAROL, '/api/paws/offers/accept-many', {
      sellerId: CAROL,
      items: [{ offerId: other.id, serialNumber: serial }],
    });
    expect(refused).toMatchObject({ status: 200, json: { accepted: [], failed: [{ serialNumber: serial, code: 'OFFER_UNFUNDED' }] } });
    expect(await nftOnLedger(suite.origin, serial)).toEqual({ owner: CAROL, spender: MARKETPLACE });
  });
});

describe('a cart re-read as the holder pays', () => {
  it('names a sold line and a re-priced one (with its new listing), prices the rest, and says what the allowance will be asked for', async () => {
    const [repriced, sold, kept] = [
      await listForPaws(suite.holder(ALICE), aliceSerials[2] as number, '60'),
      await listForPaws(suite.holder(ALICE), aliceSerials[3] as number, '30'),
      await listForPaws(suite.holder(ALICE), aliceSerials[4] as number, '25'),
    ];
    await approvePawsSpend(suite.holder(CAROL), '0');
    const ids = [repriced.id, sold.id, kept.id];
    const before = await post<{ listings: { id: string }[]; funding: Record<string, unknown> }>(CAROL, '/api/paws/cart/quote', {
      buyerId: CAROL,
      listingIds: ids,
    });
    expect(before.status).toBe(200);
    expect(before.json.listings.map((listing) => listing.id)).toEqual(ids);
    expect(before.json.funding).toMatchObject({ due: '115', covered: false, amount: '115', currentAllowance: '0', lapsing: [] });

    // The seller unlists one and lists another again at 95.
    const cookie = suite.holder(ALICE).cookie;
    expect((await call(suite.origin, 'DELETE', `/api/paws/listings/${sold.id}`, { cookie })).status).toBe(200);
    expect((await call(suite.origin, 'DELETE', `/api/paws/listings/${repriced.id}`, { cookie })).status).toBe(200);
    const relisted = await listForPaws(suite.holder(ALICE), aliceSerials[2] as number, '95');

    const quote = await post<{ listings: { id: string }[]; dropped: Record<string, unknown>[]; funding: Record<string, unknown> }>(
      CAROL,
      '/api/paws/cart/quote',
      {
        buyerId: CAROL,
        listingIds: ids,
      },
    );
    expect(quote.json.listings.map((listing) => listing.id)).toEqual([kept.id]);
    expect(quote.json.dropped).toEqual([
      expect.objectContaining({
        listingId: repriced.id,
        pawsPrice: '60',
        reason: 'repriced',
        relisted: expect.objectContaining({ id: relisted.id, pawsPrice: '95' }),
      }),
      expect.objectContaining({ listingId: sold.id, reason: 'sold' }),
    ]);
    expect(quote.json.funding).toMatchObject({ due: '25', amount: '25' });
    // The checkout names the re-priced tiger as re-priced, not sold.
    const checkout = await checkoutCart(suite.holder(CAROL), [repriced.id]);
    expect(checkout.json.dropped).toEqual([expect.objectContaining({ listingId: repriced.id, reason: 'repriced' })]);
    // Only the buyer quotes their cart.
    expect(await post(BOB, '/api/paws/cart/quote', { buyerId: CAROL, listingIds: ids })).toMatchObject({ status: 403, json: { code: 'NOT_YOUR_ACCOUNT' } });
    expect(await post(CAROL, '/api/paws/cart/quote', { buyerId: CAROL, listingIds: ids, lapseOffers: ['not-an-offer'] })).toMatchObject({
      status: 400,
      json: { code: 'INVALID_REQUEST' },
    });
  });
});

describe('a sale settling in the tiger’s view', () => {
  it('shows the sale under way, never the seller with no listing, until the ledger answers', { timeout: 2 * LAG_STEP_MS }, async () => {
    const serial = aliceSerials[5] as number;
    const listing = await listForPaws(suite.holder(ALICE), serial, '12');
    await approvePawsSpend(suite.holder(CAROL), '12');
    await injectFault(suite.origin, { service: 'consensus', match: 'getTransactionReceipts', fault: 'timeout', times: 100 });
    try {
      const lost = await buyListing(suite.holder(CAROL), listing.id);
      expect(lost.json.code).toBe('SETTLEMENT_UNCONFIRMED');
      const view = await call<{ pawsListing: unknown; pawsSettling: Record<string, unknown> | null }>(suite.origin, 'GET', `/api/collection/tiger/${serial}`);
      expect(view.json.pawsListing).toBeNull();
      expect(view.json.pawsSettling).toMatchObject({ sellerId: ALICE, buyerId: CAROL, pawsPrice: '12' });
    } finally {
      expect((await fetch(`${suite.origin}/sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
    }
  });
});
