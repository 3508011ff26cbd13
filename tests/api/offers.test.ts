/**
 * PAWS offers through the API on the sandbox network: item and collection offers made with the
 * buyer's allowance, accepted by owners and settled as purchases are, their health, cancellation,
 * input rules and authorisation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tierByRank } from '../../src/features/tiger/tiers';
import { sandboxRarity } from '../../src/sandbox/collection/sandbox-rarity';
import { sandboxSeed } from '../../src/sandbox/ledger/seed';
import { sandboxSuite } from '../support/api-suite';
import { approvePawsSpend, approveTigerSpend, listForPaws, sendPaws } from '../support/paws-trades';
import {
  ALICE,
  BOB,
  CAROL,
  DAVE,
  MARKETPLACE,
  NFT_TOKEN,
  PAWS_TOKEN,
  type Answer,
  call,
  nftOnLedger,
  ownedSerials,
  pawsBalance,
  royaltyOn,
  signAndExecute,
} from '../support/sandbox-client';

interface OfferJson {
  id: string;
  status: string;
  funded: boolean;
  pawsAmount: string;
  remaining: number;
  filled: number;
  serials?: number[];
  fills: { serialNumber: number; sellerId: string }[];
}

let aliceSerials: number[] = [];
let carolSerials: number[] = [];
const rarity = sandboxRarity().rarityData;
const seed = sandboxSeed();
/** Generated holders associated with PAWS, each with the first serial they hold at genesis (untouched by the demo tests). */
const holders = seed.accounts
  .filter((account) => account.label === null && account.paws !== null)
  .map((account) => ({ accountId: account.accountId, paws: account.paws as bigint, serial: seed.nftOwners.indexOf(account.accountId) + 1 }))
  .filter((holder) => holder.serial > 0);
/** The ten owners racing to fill one collection offer, and a buyer with at least 1,000 PAWS to spend. */
const racers = holders.slice(0, 10);
const spender = holders.slice(10).find((holder) => holder.paws >= 1_000_000_000n);

const suite = sandboxSuite({ holders: [ALICE, BOB, CAROL, DAVE, ...racers.map((holder) => holder.accountId), ...(spender ? [spender.accountId] : [])] });

beforeAll(async () => {
  // Alice's one Legendary tiger stays hers for the tier test; her others serve the rest.
  aliceSerials = (await ownedSerials(suite.origin, ALICE)).filter((serial) => tierByRank(rarity[serial]?.rarityRank) !== 'Legendary');
  carolSerials = await ownedSerials(suite.origin, CAROL);
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function post<T = Record<string, unknown>>(accountId: string, path: string, body: unknown): Promise<Answer<T>> {
  return call<T>(suite.origin, 'POST', path, { cookie: suite.holder(accountId).cookie, body });
}

/** Makes an offer as the screen does: a short allowance is approved for the amount the answer names, then the offer is made again. */
async function makeOffer(buyer: string, terms: Record<string, unknown>): Promise<OfferJson> {
  const body = { offerId: crypto.randomUUID(), buyerId: buyer, tokenId: NFT_TOKEN, expiresAt: inDays(7), ...terms };
  let answer = await post<{ offer: OfferJson; code?: string; amount?: string }>(buyer, '/api/paws/offers', body);
  if (answer.status === 400 && answer.json.code === 'PAWS_ALLOWANCE_LOW') {
    const allowanceTransactionId = await approvePawsSpend(suite.holder(buyer), answer.json.amount as string);
    answer = await post(buyer, '/api/paws/offers', { ...body, allowanceTransactionId });
  }
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.offer;
}

function accept(seller: string, offerId: string, serialNumber: number, approvalTransactionId?: string) {
  return post<{ transactionId: string; sale: Record<string, unknown>; code?: string }>(seller, `/api/paws/offers/${offerId}/accept`, {
    sellerId: seller,
    serialNumber,
    ...(approvalTransactionId ? { approvalTransactionId } : {}),
  });
}

async function balances(...accounts: string[]): Promise<bigint[]> {
  return Promise.all(accounts.map((account) => pawsBalance(suite.origin, account)));
}

describe('PAWS offers', () => {
  it('an item offer accepted by the owner moves the tiger and exactly the offered PAWS; a repeat returns the same sale', async () => {
    const serial = carolSerials[0] as number;
    const offer = await makeOffer(BOB, { kind: 'item', serialNumber: serial, pawsAmount: '123.45' });
    expect(offer).toMatchObject({ status: 'open', funded: true, pawsAmount: '123.45', remaining: 1 });
    const tiger = await call<{ offers: OfferJson[]; best: OfferJson | null }>(suite.origin, 'GET', `/api/paws/offers/tiger/${serial}`);
    expect(tiger.json.best?.id).toBe(offer.id);
    const received = await call<{ offers: OfferJson[] }>(suite.origin, 'GET', `/api/paws/offers/received/${CAROL}`);
    expect(received.json.offers.find((entry) => entry.id === offer.id)?.serials).toEqual([serial]);
    const best = await call<{ best: Record<string, { offerId: string }> }>(suite.origin, 'GET', `/api/paws/offers/best?serials=${serial},${carolSerials[1]}`);
    expect(best.json.best[serial]?.offerId).toBe(offer.id);

    const [bobBefore, carolBefore] = await balances(BOB, CAROL);
    const unapproved = await accept(CAROL, offer.id, serial);
    expect(unapproved).toMatchObject({
      status: 400,
      json: { code: 'NFT_ALLOWANCE_MISSING', tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
    });
    const approvalTransactionId = await approveTigerSpend(suite.holder(CAROL), serial);
    const sold = await accept(CAROL, offer.id, serial, approvalTransactionId);
    expect(sold).toMatchObject({ status: 200, json: { success: true, sale: { serialNumber: serial, sellerId: CAROL, buyerId: BOB, pawsAmount: '123.45' } } });
    expect(await nftOnLedger(suite.origin, serial)).toEqual({ owner: BOB, spender: null });
    // Carol keeps the offer less the collection's royalty, which its collector receives.
    const carolGets = 123_450_000n - royaltyOn(123_450_000n);
    expect(await balances(BOB, CAROL)).toEqual([(bobBefore as bigint) - 123_450_000n, (carolBefore as bigint) + carolGets]);

    const repeat = await accept(CAROL, offer.id, serial, approvalTransactionId);
    expect(repeat.json).toEqual(sold.json);
    expect(await balances(BOB, CAROL)).toEqual([(bobBefore as bigint) - 123_450_000n, (carolBefore as bigint) + carolGets]);
    const made = await call<{ offers: OfferJson[] }>(suite.origin, 'GET', `/api/paws/offers/made/${BOB}`);
    expect(made.json.offers.find((entry) => entry.id === offer.id)).toMatchObject({
      status: 'filled',
      filled: 1,
      fills: [{ serialNumber: serial, sellerId: CAROL }],
    });
    const after = await call<{ offers: OfferJson[] }>(suite.origin, 'GET', `/api/paws/offers/tiger/${serial}`);
    expect(after.json.offers.map((entry) => entry.id)).not.toContain(offer.id);
  });

  it('accepts several offers at once after one NFT approval for all the tigers; each outcome is named, and a filled offer takes nothing', async () => {
    const [a1, a2, a3, a4] = aliceSerials.slice(10, 14) as [number, number, number, number];
    const first = await makeOffer(BOB, { kind: 'item', serialNumber: a1, pawsAmount: '10' });
    const second = await makeOffer(CAROL, { kind: 'item', serialNumber: a2, pawsAmount: '12' });
    const any = await makeOffer(BOB, { kind: 'collection', quantity: 1, pawsAmount: '5' });
    const approval = await call<{ transactions: { serialNumbers: number[]; transactionBytes: string }[] }>(
      suite.origin,
      'POST',
      '/api/paws/allowance/bulk/prepare',
      {
        cookie: suite.holder(ALICE).cookie,
        body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumbers: [a1, a2, a3, a4], spenderAccountId: MARKETPLACE },
      },
    );
    expect(approval.json.transactions).toHaveLength(1);
    const approved = await signAndExecute(suite.origin, ALICE, approval.json.transactions[0]?.transactionBytes as string);
    expect(approved.status).toBe('SUCCESS');
    const [aliceBefore, bobBefore, carolBefore] = await balances(ALICE, BOB, CAROL);
    const answer = await post<{ accepted: { serialNumber: number; buyerId: string }[]; failed: { serialNumber: number; code: string }[] }>(
      ALICE,
      '/api/paws/offers/accept-many',
      {
        sellerId: ALICE,
        approvalTransactionId: approved.transactionId,
        items: [
          { offerId: first.id, serialNumber: a1 },
          { offerId: second.id, serialNumber: a2 },
          { offerId: any.id, serialNumber: a3 },
          { offerId: any.id, serialNumber: a4 },
        ],
      },
    );
    expect(answer.status).toBe(200);
    // The collection offer of quantity 1 is filled by one of the two tigers; the other is refused and stays Alice's.
    expect(answer.json.accepted).toHaveLength(3);
    expect(answer.json.failed).toEqual([expect.objectContaining({ code: expect.stringMatching(/^OFFER_(UNAVAILABLE|IN_PROGRESS)$/) })]);
    const unsold = answer.json.failed[0]?.serialNumber as number;
    expect([a3, a4]).toContain(unsold);
    expect((await nftOnLedger(suite.origin, unsold)).owner).toBe(ALICE);
    expect((await nftOnLedger(suite.origin, a1)).owner).toBe(BOB);
    expect((await nftOnLedger(suite.origin, a2)).owner).toBe(CAROL);
    const received = [10_000_000n, 12_000_000n, 5_000_000n].reduce((sum, amount) => sum + amount - royaltyOn(amount), 0n);
    expect(await balances(ALICE, BOB, CAROL)).toEqual([
      (aliceBefore as bigint) + received,
      (bobBefore as bigint) - 15_000_000n,
      (carolBefore as bigint) - 12_000_000n,
    ]);
    // One buyer's sales go together, like a cart: Bob's two offers settle in one atomic transfer.
    const [a5, a6] = aliceSerials.slice(14, 16) as [number, number];
    const pair = [
      await makeOffer(BOB, { kind: 'item', serialNumber: a5, pawsAmount: '7' }),
      await makeOffer(BOB, { kind: 'item', serialNumber: a6, pawsAmount: '8' }),
    ];
    const both = await call<{ transactions: { transactionBytes: string }[] }>(suite.origin, 'POST', '/api/paws/allowance/bulk/prepare', {
      cookie: suite.holder(ALICE).cookie,
      body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumbers: [a5, a6], spenderAccountId: MARKETPLACE },
    });
    const bothApproved = await signAndExecute(suite.origin, ALICE, both.json.transactions[0]?.transactionBytes as string);
    const [bobBeforePair] = await balances(BOB);
    const together = await post<{ accepted: { serialNumber: number; transactionId: string }[]; failed: unknown[] }>(ALICE, '/api/paws/offers/accept-many', {
      sellerId: ALICE,
      approvalTransactionId: bothApproved.transactionId,
      items: [
        { offerId: pair[0]?.id, serialNumber: a5 },
        { offerId: pair[1]?.id, serialNumber: a6 },
      ],
    });
    expect(together.json.failed).toEqual([]);
    expect(together.json.accepted).toHaveLength(2);
    expect(new Set(together.json.accepted.map((sale) => sale.transactionId)).size).toBe(1);
    expect((await nftOnLedger(suite.origin, a6)).owner).toBe(BOB);
    expect(await balances(BOB)).toEqual([(bobBeforePair as bigint) - 15_000_000n]);

    const tooMany = await post(ALICE, '/api/paws/offers/accept-many', {
      sellerId: ALICE,
      items: Array.from({ length: 21 }, (_, index) => ({ offerId: first.id, serialNumber: index + 1 })),
    });
    expect(tooMany.status).toBe(400);
    const notYours = await post(ALICE, '/api/paws/offers/accept-many', { sellerId: BOB, items: [{ offerId: first.id, serialNumber: a1 }] });
    expect(notYours.status).toBe(403);
  });

  it('accepting an offer on a listed tiger takes its PAWS listing down', async () => {
    const serial = aliceSerials[0] as number;
    const listed = await listForPaws(suite.holder(ALICE), serial, '900');
    const offer = await makeOffer(BOB, { kind: 'item', serialNumber: serial, pawsAmount: '700' });
    // the listing's approval serves the offer: no second approval
    expect((await accept(ALICE, offer.id, serial)).status).toBe(200);
    expect((await nftOnLedger(suite.origin, serial)).owner).toBe(BOB);
    const page = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', '/api/paws/listings');
    expect(page.json.listings.map((entry) => entry.id)).not.toContain(listed.id);
    const mine = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', `/api/paws/listings/user/${ALICE}`);
    expect(mine.json.listings.map((entry) => entry.id)).not.toContain(listed.id);
  });

  it('ten owners racing to fill a collection offer of quantity 1: exactly one sale, nine untouched tigers', async () => {
    const owners = racers;
    expect(owners).toHaveLength(10);
    for (const owner of owners) await approveTigerSpend(suite.holder(owner.accountId), owner.serial);
    const offer = await makeOffer(BOB, { kind: 'collection', quantity: 1, pawsAmount: '10' });
    const before = await balances(BOB, ...owners.map((owner) => owner.accountId));
    const answers = await Promise.all(owners.map((owner) => accept(owner.accountId, offer.id, owner.serial)));
    const winners = owners.filter((_, index) => answers[index]?.status === 200);
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((entry) => entry.status !== 200)) expect(answer).toMatchObject({ status: 409, json: { code: 'OFFER_UNAVAILABLE' } });
    const winner = winners[0] as (typeof owners)[number];
    const after = await balances(BOB, ...owners.map((owner) => owner.accountId));
    expect(after[0]).toBe((before[0] as bigint) - 10_000_000n);
    for (const [index, owner] of owners.entries()) {
      const moved = owner === winner ? 10_000_000n - royaltyOn(10_000_000n) : 0n;
      expect(after[index + 1], owner.accountId).toBe((before[index + 1] as bigint) + moved);
      expect(await nftOnLedger(suite.origin, owner.serial), owner.accountId).toEqual(
        owner === winner ? { owner: BOB, spender: null } : { owner: owner.accountId, spender: MARKETPLACE },
      );
    }
    const made = await call<{ offers: OfferJson[] }>(suite.origin, 'GET', `/api/paws/offers/made/${BOB}`);
    expect(made.json.offers.find((entry) => entry.id === offer.id)).toMatchObject({ status: 'filled', remaining: 0, filled: 1 });
  }, 60_000);

  it('an offer whose buyer spent the PAWS cannot be accepted and moves nothing; from then on it shows as unfunded', async () => {
    const buyer = spender as (typeof holders)[number];
    const serial = carolSerials[1] as number;
    const offer = await makeOffer(buyer.accountId, { kind: 'item', serialNumber: serial, pawsAmount: '1000' });
    await approveTigerSpend(suite.holder(CAROL), serial);
    await sendPaws(suite.holder(buyer.accountId), DAVE, (await pawsBalance(suite.origin, buyer.accountId)) - 999_000_000n);
    const [buyerBefore, carolBefore] = await balances(buyer.accountId, CAROL);
    // Accepting reads the buyer's PAWS afresh (page views show what the funding job or the last trade stored).
    const refused = await accept(CAROL, offer.id, serial);
    expect(refused).toMatchObject({ status: 409, json: { code: 'OFFER_UNFUNDED' } });
    expect(await balances(buyer.accountId, CAROL)).toEqual([buyerBefore, carolBefore]);
    expect(await nftOnLedger(suite.origin, serial)).toEqual({ owner: CAROL, spender: MARKETPLACE });
    const tiger = await call<{ offers: OfferJson[]; best: OfferJson | null }>(suite.origin, 'GET', `/api/paws/offers/tiger/${serial}`);
    expect(tiger.json.offers.find((entry) => entry.id === offer.id)?.funded).toBe(false);
    expect(tiger.json.best?.id).not.toBe(offer.id);
    const best = await call<{ best: Record<string, { offerId: string }> }>(suite.origin, 'GET', `/api/paws/offers/best?serials=${serial}`);
    expect(best.json.best[serial]?.offerId).not.toBe(offer.id);
  }, 30_000);

  it('collection offers match a trait or a minimum tier only', async () => {
    const legendary = (await ownedSerials(suite.origin, ALICE)).find((serial) => tierByRank(rarity[serial]?.rarityRank) === 'Legendary') as number;
    const common = aliceSerials.find((serial) => tierByRank(rarity[serial]?.rarityRank) === 'Common') as number;
    const byTier = await makeOffer(BOB, { kind: 'collection', quantity: 2, minTier: 'Legendary', pawsAmount: '5' });
    expect((await accept(ALICE, byTier.id, common)).json).toMatchObject({ code: 'OFFER_NOT_MATCHING' });
    const received = await call<{ offers: OfferJson[] }>(suite.origin, 'GET', `/api/paws/offers/received/${ALICE}`);
    expect(received.json.offers.find((entry) => entry.id === byTier.id)?.serials).toEqual([legendary]);

    const trait = rarity[common]?.traits[0] as { trait_type: string; value: string };
    const byTrait = await makeOffer(BOB, { kind: 'collection', trait: { traitType: trait.trait_type, value: trait.value.toUpperCase() }, pawsAmount: '4' });
    const matching = await call<{ offers: OfferJson[] }>(suite.origin, 'GET', `/api/paws/offers/tiger/${common}`);
    expect(matching.json.offers.map((entry) => entry.id)).toContain(byTrait.id);
    const unknown = await post(BOB, '/api/paws/offers', {
      offerId: crypto.randomUUID(),
      buyerId: BOB,
      tokenId: NFT_TOKEN,
      kind: 'collection',
      trait: { traitType: trait.trait_type, value: 'No Such Value' },
      pawsAmount: '4',
      expiresAt: inDays(1),
    });
    expect(unknown).toMatchObject({ status: 400, json: { code: 'INVALID_OFFER' } });
  });

  it('cancelling says how far the allowance can be lowered; a cancelled offer cannot be accepted; a purchase asks for the offers’ allowance too', async () => {
    const serial = aliceSerials[1] as number;
    const cookie = suite.holder(DAVE).cookie;
    await sendPaws(suite.holder(ALICE), DAVE, 100_000_000n);
    const offer = await makeOffer(DAVE, { kind: 'item', serialNumber: serial, pawsAmount: '30' });
    const listedSerial = aliceSerials[2] as number;
    const listed = await listForPaws(suite.holder(ALICE), listedSerial, '5');
    await approvePawsSpend(suite.holder(DAVE), '1');
    const short = await post(DAVE, '/api/paws/buy/prepare', { listingId: listed.id, buyerId: DAVE });
    expect(short).toMatchObject({ status: 400, json: { code: 'PAWS_ALLOWANCE_LOW', amount: '35' } });
    await approvePawsSpend(suite.holder(DAVE), '40');

    const cancelled = await call(suite.origin, 'DELETE', `/api/paws/offers/${offer.id}`, { cookie });
    expect(cancelled).toMatchObject({
      status: 200,
      json: {
        offer: { id: offer.id, status: 'cancelled' },
        allowance: { tokenId: PAWS_TOKEN, spenderAccountId: MARKETPLACE, current: '40', reserved: '0', lowerTo: '0' },
      },
    });
    // the screen offers to lower the allowance to what is still reserved: here, to nothing
    await approvePawsSpend(suite.holder(DAVE), '0');
    const allowance = await call(suite.origin, 'GET', `/api/hedera/allowance/token/${DAVE}/${PAWS_TOKEN}/${MARKETPLACE}`);
    expect(allowance.json).toMatchObject({ allowance: '0' });
    const again = await call(suite.origin, 'DELETE', `/api/paws/offers/${offer.id}`, { cookie });
    expect(again).toMatchObject({ status: 200, json: { offer: { status: 'cancelled' } } });
    expect(await accept(ALICE, offer.id, serial)).toMatchObject({ status: 409, json: { code: 'OFFER_UNAVAILABLE' } });
    const made = await call<{ offers: OfferJson[] }>(suite.origin, 'GET', `/api/paws/offers/made/${DAVE}`);
    expect(made.json.offers.map((entry) => entry.id)).not.toContain(offer.id);
  }, 30_000);

  it('answers 401 without a session and 403 for another account on every write', async () => {
    const serial = aliceSerials[3] as number;
    const offer = await makeOffer(BOB, { kind: 'item', serialNumber: serial, pawsAmount: '2' });
    const writes: Array<[string, string, Record<string, unknown> | undefined, string]> = [
      [
        'POST',
        '/api/paws/offers',
        { offerId: crypto.randomUUID(), buyerId: BOB, tokenId: NFT_TOKEN, kind: 'item', serialNumber: carolSerials[2], pawsAmount: '1', expiresAt: inDays(1) },
        CAROL,
      ],
      ['POST', `/api/paws/offers/${offer.id}/accept`, { sellerId: ALICE, serialNumber: serial }, CAROL],
      ['DELETE', `/api/paws/offers/${offer.id}`, undefined, ALICE],
    ];
    for (const [method, path, body, intruder] of writes) {
      const anonymous = await call(suite.origin, method, path, body ? { body } : {});
      expect(anonymous.status, `${method} ${path} without a session`).toBe(401);
      const foreign = await call(suite.origin, method, path, { cookie: suite.holder(intruder).cookie, ...(body ? { body } : {}) });
      expect(foreign, `${method} ${path} as ${intruder}`).toMatchObject({ status: 403, json: { code: 'NOT_YOUR_ACCOUNT' } });
    }
    // the owner's own session, on a tiger that is not theirs
    expect(await accept(CAROL, offer.id, serial)).toMatchObject({ status: 403, json: { code: 'NOT_TIGER_OWNER' } });
    const still = await call<{ offers: OfferJson[] }>(suite.origin, 'GET', `/api/paws/offers/tiger/${serial}`);
    expect(still.json.offers.find((entry) => entry.id === offer.id)).toMatchObject({ status: 'open' });
  });

  it('refuses amounts beyond int64 base units or with more than 2 decimals, bad expiries, quantities and own tigers', async () => {
    const base = { buyerId: BOB, tokenId: NFT_TOKEN, kind: 'item', serialNumber: carolSerials[2], pawsAmount: '1', expiresAt: inDays(1) };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ pawsAmount: '12.345' }, 400, 'INVALID_PRICE'],
      [{ pawsAmount: '18446744073709.55' }, 400, 'INVALID_PRICE'],
      [{ pawsAmount: '0' }, 400, 'INVALID_PRICE'],
      [{ kind: 'collection', serialNumber: undefined, quantity: 2, pawsAmount: '9223372036854' }, 400, 'INVALID_PRICE'],
      [{ kind: 'collection', serialNumber: undefined, quantity: 101 }, 400, 'INVALID_REQUEST'],
      [{ kind: 'collection', serialNumber: undefined, minTier: 'Mythic' }, 400, 'INVALID_REQUEST'],
      [{ expiresAt: new Date(Date.now() + 60_000).toISOString() }, 400, 'INVALID_OFFER'],
      [{ expiresAt: inDays(31) }, 400, 'INVALID_OFFER'],
      [{ expiresAt: 'tomorrow' }, 400, 'INVALID_REQUEST'],
      [{ serialNumber: aliceSerials[4], buyerId: ALICE }, 400, 'OWN_OFFER'],
      [{ tokenId: PAWS_TOKEN }, 400, 'WRONG_TOKEN'],
    ];
    for (const [change, status, code] of cases) {
      const body = { offerId: crypto.randomUUID(), ...base, ...change };
      const answer = await post(body.buyerId as string, '/api/paws/offers', body);
      expect(answer, JSON.stringify(change)).toMatchObject({ status, json: { code } });
    }
    expect((await call(suite.origin, 'GET', '/api/paws/offers/best?serials=1,x')).status).toBe(400);
    expect((await accept(CAROL, '00000000-0000-4000-8000-000000000000', carolSerials[2] as number)).status).toBe(404);
  });
});
