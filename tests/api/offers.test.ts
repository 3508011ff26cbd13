/**
 * PAWS offers through the API on the sandbox network: item and collection offers made with the
 * buyer's allowance, accepted by owners and settled as purchases are, their health, cancellation,
 * input rules and authorisation.
 */
import { AccountId, TokenId, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tierByRank } from '../../src/features/tiger/tiers';
import { sandboxRarity } from '../../src/sandbox/collection/sandbox-rarity';
import { sandboxSeed } from '../../src/sandbox/ledger/seed';
import { startTestServer, type TestServer } from '../support/local-server';
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
  signAndExecute,
  signIn,
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

let server: TestServer;
const cookies: Record<string, string> = {};
let aliceSerials: number[] = [];
let carolSerials: number[] = [];
const rarity = sandboxRarity().rarityData;
const seed = sandboxSeed();
/** Generated holders associated with PAWS, each with the first serial they hold at genesis (untouched by the demo tests). */
const holders = seed.accounts
  .filter((account) => account.label === null && account.paws !== null)
  .map((account) => ({ accountId: account.accountId, paws: account.paws as bigint, serial: seed.nftOwners.indexOf(account.accountId) + 1 }))
  .filter((holder) => holder.serial > 0);

beforeAll(async () => {
  server = await startTestServer();
  for (const account of [ALICE, BOB, CAROL, DAVE]) cookies[account] = await signIn(server.origin, account);
  // Alice's one Legendary tiger stays hers for the tier test; her others serve the rest.
  aliceSerials = (await ownedSerials(server.origin, ALICE)).filter((serial) => tierByRank(rarity[serial]?.rarityRank) !== 'Legendary');
  carolSerials = await ownedSerials(server.origin, CAROL);
}, 60_000);
afterAll(async () => {
  await server?.dispose();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function cookieOf(accountId: string): Promise<string> {
  cookies[accountId] ??= await signIn(server.origin, accountId);
  return cookies[accountId] as string;
}

function post<T = Record<string, unknown>>(accountId: string, path: string, body: unknown): Promise<Answer<T>> {
  return cookieOf(accountId).then((cookie) => call<T>(server.origin, 'POST', path, { cookie, body }));
}

/** The buyer's wallet approves `amount` PAWS to the marketplace; the approval's transaction id. */
async function approvePaws(buyer: string, amount: string): Promise<string> {
  const prepared = await post<{ transactionBytes: string }>(buyer, '/api/paws/token-allowance/prepare', {
    ownerAccountId: buyer,
    tokenId: PAWS_TOKEN,
    amount,
    spenderAccountId: MARKETPLACE,
  });
  expect(prepared.status).toBe(200);
  const approval = await signAndExecute(server.origin, buyer, prepared.json.transactionBytes);
  expect(approval.status).toBe('SUCCESS');
  return approval.transactionId;
}

/** The owner's wallet approves the marketplace for one tiger; the approval's transaction id. */
async function approveTiger(owner: string, serial: number): Promise<string> {
  const prepared = await post<{ transactionBytes: string }>(owner, '/api/paws/allowance/prepare', {
    ownerAccountId: owner,
    tokenId: NFT_TOKEN,
    serialNumber: serial,
    spenderAccountId: MARKETPLACE,
  });
  expect(prepared.status).toBe(200);
  const approval = await signAndExecute(server.origin, owner, prepared.json.transactionBytes);
  expect(approval.status).toBe('SUCCESS');
  return approval.transactionId;
}

/** Makes an offer as the screen does: a short allowance is approved for the amount the answer names, then the offer is made again. */
async function makeOffer(buyer: string, terms: Record<string, unknown>): Promise<OfferJson> {
  const body = { offerId: crypto.randomUUID(), buyerId: buyer, tokenId: NFT_TOKEN, expiresAt: inDays(7), ...terms };
  let answer = await post<{ offer: OfferJson; code?: string; amount?: string }>(buyer, '/api/paws/offers', body);
  if (answer.status === 400 && answer.json.code === 'PAWS_ALLOWANCE_LOW') {
    const allowanceTransactionId = await approvePaws(buyer, answer.json.amount as string);
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

/** Moves PAWS from one account to another with the sender's key (the buyer spending what backed an offer). */
async function sendPaws(from: string, to: string, amount: bigint): Promise<void> {
  const transfer = new TransferTransaction()
    .addTokenTransfer(TokenId.fromString(PAWS_TOKEN), from, -amount)
    .addTokenTransfer(TokenId.fromString(PAWS_TOKEN), to, amount)
    .setTransactionId(TransactionId.generate(from))
    .setNodeAccountIds([AccountId.fromString('0.0.3')])
    .freeze();
  expect((await signAndExecute(server.origin, from, Buffer.from(transfer.toBytes()).toString('base64'))).status).toBe('SUCCESS');
}

async function balances(...accounts: string[]): Promise<bigint[]> {
  return Promise.all(accounts.map((account) => pawsBalance(server.origin, account)));
}

describe('PAWS offers', () => {
  it('an item offer accepted by the owner moves the tiger and exactly the offered PAWS; a repeat returns the same sale', async () => {
    const serial = carolSerials[0] as number;
    const offer = await makeOffer(BOB, { kind: 'item', serialNumber: serial, pawsAmount: '123.45' });
    expect(offer).toMatchObject({ status: 'open', funded: true, pawsAmount: '123.45', remaining: 1 });
    const tiger = await call<{ offers: OfferJson[]; best: OfferJson | null }>(server.origin, 'GET', `/api/paws/offers/tiger/${serial}`);
    expect(tiger.json.best?.id).toBe(offer.id);
    const received = await call<{ offers: OfferJson[] }>(server.origin, 'GET', `/api/paws/offers/received/${CAROL}`);
    expect(received.json.offers.find((entry) => entry.id === offer.id)?.serials).toEqual([serial]);
    const best = await call<{ best: Record<string, { offerId: string }> }>(server.origin, 'GET', `/api/paws/offers/best?serials=${serial},${carolSerials[1]}`);
    expect(best.json.best[serial]?.offerId).toBe(offer.id);

    const [bobBefore, carolBefore] = await balances(BOB, CAROL);
    const unapproved = await accept(CAROL, offer.id, serial);
    expect(unapproved).toMatchObject({
      status: 400,
      json: { code: 'NFT_ALLOWANCE_MISSING', tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
    });
    const approvalTransactionId = await approveTiger(CAROL, serial);
    const sold = await accept(CAROL, offer.id, serial, approvalTransactionId);
    expect(sold).toMatchObject({ status: 200, json: { success: true, sale: { serialNumber: serial, sellerId: CAROL, buyerId: BOB, pawsAmount: '123.45' } } });
    expect(await nftOnLedger(server.origin, serial)).toEqual({ owner: BOB, spender: null });
    expect(await balances(BOB, CAROL)).toEqual([(bobBefore as bigint) - 123_450_000n, (carolBefore as bigint) + 123_450_000n]);

    const repeat = await accept(CAROL, offer.id, serial, approvalTransactionId);
    expect(repeat.json).toEqual(sold.json);
    expect(await balances(BOB, CAROL)).toEqual([(bobBefore as bigint) - 123_450_000n, (carolBefore as bigint) + 123_450_000n]);
    const made = await call<{ offers: OfferJson[] }>(server.origin, 'GET', `/api/paws/offers/made/${BOB}`);
    expect(made.json.offers.find((entry) => entry.id === offer.id)).toMatchObject({
      status: 'filled',
      filled: 1,
      fills: [{ serialNumber: serial, sellerId: CAROL }],
    });
    const after = await call<{ offers: OfferJson[] }>(server.origin, 'GET', `/api/paws/offers/tiger/${serial}`);
    expect(after.json.offers.map((entry) => entry.id)).not.toContain(offer.id);
  });

  it('accepting an offer on a listed tiger takes its PAWS listing down', async () => {
    const serial = aliceSerials[0] as number;
    const prepared = await post<{ pendingListing: { id: string } }>(ALICE, '/api/paws/listings/prepare', {
      sellerId: ALICE,
      tokenId: NFT_TOKEN,
      serialNumber: serial,
      pawsPrice: '900',
    });
    const listed = await post<{ listing: { id: string } }>(ALICE, '/api/paws/listings/complete', {
      pendingListing: prepared.json.pendingListing,
      approvalTransactionId: await approveTiger(ALICE, serial),
    });
    expect(listed.status).toBe(200);
    const offer = await makeOffer(BOB, { kind: 'item', serialNumber: serial, pawsAmount: '700' });
    // the listing's approval serves the offer: no second approval
    expect((await accept(ALICE, offer.id, serial)).status).toBe(200);
    expect((await nftOnLedger(server.origin, serial)).owner).toBe(BOB);
    const page = await call<{ listings: { id: string }[] }>(server.origin, 'GET', '/api/paws/listings');
    expect(page.json.listings.map((entry) => entry.id)).not.toContain(listed.json.listing.id);
    const mine = await call<{ listings: { id: string }[] }>(server.origin, 'GET', `/api/paws/listings/user/${ALICE}`);
    expect(mine.json.listings.map((entry) => entry.id)).not.toContain(listed.json.listing.id);
  });

  it('ten owners racing to fill a collection offer of quantity 1: exactly one sale, nine untouched tigers', async () => {
    const owners = holders.slice(0, 10);
    expect(owners).toHaveLength(10);
    for (const owner of owners) await approveTiger(owner.accountId, owner.serial);
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
      const moved = owner === winner ? 10_000_000n : 0n;
      expect(after[index + 1], owner.accountId).toBe((before[index + 1] as bigint) + moved);
      expect(await nftOnLedger(server.origin, owner.serial), owner.accountId).toEqual(
        owner === winner ? { owner: BOB, spender: null } : { owner: owner.accountId, spender: MARKETPLACE },
      );
    }
    const made = await call<{ offers: OfferJson[] }>(server.origin, 'GET', `/api/paws/offers/made/${BOB}`);
    expect(made.json.offers.find((entry) => entry.id === offer.id)).toMatchObject({ status: 'filled', remaining: 0, filled: 1 });
  }, 60_000);

  it('an offer whose buyer spent the PAWS shows as unfunded, cannot be accepted and moves nothing', async () => {
    const buyer = holders.slice(10).find((holder) => holder.paws >= 1_000_000_000n) as (typeof holders)[number];
    const serial = carolSerials[1] as number;
    const offer = await makeOffer(buyer.accountId, { kind: 'item', serialNumber: serial, pawsAmount: '1000' });
    await approveTiger(CAROL, serial);
    await sendPaws(buyer.accountId, DAVE, (await pawsBalance(server.origin, buyer.accountId)) - 999_000_000n);
    const tiger = await call<{ offers: OfferJson[]; best: OfferJson | null }>(server.origin, 'GET', `/api/paws/offers/tiger/${serial}`);
    expect(tiger.json.offers.find((entry) => entry.id === offer.id)?.funded).toBe(false);
    expect(tiger.json.best?.id).not.toBe(offer.id);
    const best = await call<{ best: Record<string, { offerId: string }> }>(server.origin, 'GET', `/api/paws/offers/best?serials=${serial}`);
    expect(best.json.best[serial]?.offerId).not.toBe(offer.id);
    const [buyerBefore, carolBefore] = await balances(buyer.accountId, CAROL);
    const refused = await accept(CAROL, offer.id, serial);
    expect(refused).toMatchObject({ status: 409, json: { code: 'OFFER_UNFUNDED' } });
    expect(await balances(buyer.accountId, CAROL)).toEqual([buyerBefore, carolBefore]);
    expect(await nftOnLedger(server.origin, serial)).toEqual({ owner: CAROL, spender: MARKETPLACE });
  }, 30_000);

  it('collection offers match a trait or a minimum tier only', async () => {
    const legendary = (await ownedSerials(server.origin, ALICE)).find((serial) => tierByRank(rarity[serial]?.rarityRank) === 'Legendary') as number;
    const common = aliceSerials.find((serial) => tierByRank(rarity[serial]?.rarityRank) === 'Common') as number;
    const byTier = await makeOffer(BOB, { kind: 'collection', quantity: 2, minTier: 'Legendary', pawsAmount: '5' });
    expect((await accept(ALICE, byTier.id, common)).json).toMatchObject({ code: 'OFFER_NOT_MATCHING' });
    const received = await call<{ offers: OfferJson[] }>(server.origin, 'GET', `/api/paws/offers/received/${ALICE}`);
    expect(received.json.offers.find((entry) => entry.id === byTier.id)?.serials).toEqual([legendary]);

    const trait = rarity[common]?.traits[0] as { trait_type: string; value: string };
    const byTrait = await makeOffer(BOB, { kind: 'collection', trait: { traitType: trait.trait_type, value: trait.value.toUpperCase() }, pawsAmount: '4' });
    const matching = await call<{ offers: OfferJson[] }>(server.origin, 'GET', `/api/paws/offers/tiger/${common}`);
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
    const cookie = cookies[DAVE] as string;
    await sendPaws(ALICE, DAVE, 100_000_000n);
    const offer = await makeOffer(DAVE, { kind: 'item', serialNumber: serial, pawsAmount: '30' });
    const listedSerial = aliceSerials[2] as number;
    const prepared = await post<{ pendingListing: { id: string } }>(ALICE, '/api/paws/listings/prepare', {
      sellerId: ALICE,
      tokenId: NFT_TOKEN,
      serialNumber: listedSerial,
      pawsPrice: '5',
    });
    const listed = await post<{ listing: { id: string } }>(ALICE, '/api/paws/listings/complete', {
      pendingListing: prepared.json.pendingListing,
      approvalTransactionId: await approveTiger(ALICE, listedSerial),
    });
    await approvePaws(DAVE, '1');
    const short = await post(DAVE, '/api/paws/buy/prepare', { listingId: listed.json.listing.id, buyerId: DAVE });
    expect(short).toMatchObject({ status: 400, json: { code: 'PAWS_ALLOWANCE_LOW', amount: '35' } });
    await approvePaws(DAVE, '40');

    const cancelled = await call(server.origin, 'DELETE', `/api/paws/offers/${offer.id}`, { cookie });
    expect(cancelled).toMatchObject({
      status: 200,
      json: {
        offer: { id: offer.id, status: 'cancelled' },
        allowance: { tokenId: PAWS_TOKEN, spenderAccountId: MARKETPLACE, current: '40', reserved: '0', lowerTo: '0' },
      },
    });
    // the screen offers to lower the allowance to what is still reserved: here, to nothing
    await approvePaws(DAVE, '0');
    const allowance = await call(server.origin, 'GET', `/api/hedera/allowance/token/${DAVE}/${PAWS_TOKEN}/${MARKETPLACE}`);
    expect(allowance.json).toMatchObject({ allowance: '0' });
    const again = await call(server.origin, 'DELETE', `/api/paws/offers/${offer.id}`, { cookie });
    expect(again).toMatchObject({ status: 200, json: { offer: { status: 'cancelled' } } });
    expect(await accept(ALICE, offer.id, serial)).toMatchObject({ status: 409, json: { code: 'OFFER_UNAVAILABLE' } });
    const made = await call<{ offers: OfferJson[] }>(server.origin, 'GET', `/api/paws/offers/made/${DAVE}`);
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
      const anonymous = await call(server.origin, method, path, body ? { body } : {});
      expect(anonymous.status, `${method} ${path} without a session`).toBe(401);
      const foreign = await call(server.origin, method, path, { cookie: cookies[intruder], ...(body ? { body } : {}) });
      expect(foreign, `${method} ${path} as ${intruder}`).toMatchObject({ status: 403, json: { code: 'NOT_YOUR_ACCOUNT' } });
    }
    // the owner's own session, on a tiger that is not theirs
    expect(await accept(CAROL, offer.id, serial)).toMatchObject({ status: 403, json: { code: 'NOT_TIGER_OWNER' } });
    const still = await call<{ offers: OfferJson[] }>(server.origin, 'GET', `/api/paws/offers/tiger/${serial}`);
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
    expect((await call(server.origin, 'GET', '/api/paws/offers/best?serials=1,x')).status).toBe(400);
    expect((await accept(CAROL, '00000000-0000-4000-8000-000000000000', carolSerials[2] as number)).status).toBe(404);
  });
});
