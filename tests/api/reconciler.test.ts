import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AccountId, TransactionId } from '@hiero-ledger/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerUnavailableError } from '../../src/features/ledger/errors';
import { DomainError } from '../../src/lib/domain-error';
import type { LedgerWriter } from '../../src/features/ledger/ledger-writer-port';
import type { PawsListing } from '../../src/features/paws-market/listing';
import { type ListingRepo, createListingRepo } from '../../src/features/paws-market/listing-repo';
import { createOwnersSnapshotRepo } from '../../src/features/collection/owners-snapshot-repo';
import { createOfferRepo } from '../../src/features/offers/offer-repo';
import type { OfferClaim } from '../../src/features/offers/offer-rules';
import { createLedgerSettlement } from '../../src/features/paws-market/ledger-settlement';
import { type SettlementClaim, settleClaimed } from '../../src/features/paws-market/settlement';
import { sandboxSuite } from '../support/api-suite';
import { type MemoryStore, startMemoryStore } from '../support/memory-store';
import { approvePawsSpend, approveTigerSpend, listForPaws, sendPaws } from '../support/paws-trades';
import {
  ALICE,
  BOB,
  DAVE,
  MARKETPLACE,
  NFT_TOKEN,
  PAWS_TOKEN,
  call,
  nftOnLedger,
  ownedSerials,
  pawsBalance,
  payForNewestHbarListing,
  receiptOf,
  signAndSubmit,
} from '../support/sandbox-client';

/**
 * The scheduled reconciler on the local stack: the server's timer runs the reconciler Lambda's
 * handler every 200 ms over a store the test can read (and write, to leave a claim as a request
 * that lost its settlement's answer leaves it).
 */
const INTERVAL_MS = 200;

let memory: MemoryStore;
let table: string;
let listings: ListingRepo;
// Registered before the suite: the store is up before the server starts, and stops after it (afterAll hooks run in reverse).
beforeAll(async () => {
  memory = await startMemoryStore();
  table = await memory.newTable();
  listings = createListingRepo(memory.doc, table);
});
afterAll(async () => {
  await memory?.stop();
});
const suite = sandboxSuite({
  holders: [ALICE, BOB],
  server: () => ({
    env: { DYNAMODB_ENDPOINT: memory.endpoint, TABLE_NAME: table, RECONCILER_INTERVAL_MS: String(INTERVAL_MS), RECONCILER_GRACE_MS: '0' },
  }),
});
const alice = () => suite.holder(ALICE);
const bob = () => suite.holder(BOB);

/** Waits until `check` holds (the reconciler runs on its own timer). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not settled in ${timeoutMs} ms: ${JSON.stringify(value)}\n${suite.server.output()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Bob's item offer of `pawsAmount` PAWS on `serial`, approving the PAWS allowance first when it is short; the offer as made. */
async function bobOffers(serial: number, pawsAmount: string) {
  const body = {
    offerId: randomUUID(),
    buyerId: BOB,
    tokenId: NFT_TOKEN,
    kind: 'item',
    serialNumber: serial,
    pawsAmount,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
  let made = await call<{ code?: string; amount?: string }>(suite.origin, 'POST', '/api/paws/offers', { cookie: bob().cookie, body });
  if (made.json.code === 'PAWS_ALLOWANCE_LOW') {
    const allowanceTransactionId = await approvePawsSpend(bob(), made.json.amount as string);
    made = await call(suite.origin, 'POST', '/api/paws/offers', { cookie: bob().cookie, body: { ...body, allowanceTransactionId } });
  }
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return body;
}

/**
 * Bob's purchase of a listing settled exactly as the buy route settles it (settleClaimed: the claim
 * written first, then the marketplace's transfer submitted to the sandbox node), whose answer is
 * lost after the ledger reached consensus, as when the request times out or its process dies.
 * Returns the ledger's status of the settlement, which the server never heard.
 */
async function buyAndLoseTheAnswer(listing: PawsListing): Promise<string> {
  return settleAndLoseTheAnswer<NonNullable<PawsListing['claim']>>(
    { serial: listing.serialNumber, sellerId: listing.sellerId, amount: BigInt(listing.priceBaseUnits) },
    (claim) => listings.transition(listing.id, 'active', 'claimed', { claim }),
    (transactionId) => ({ claimId: randomUUID(), buyerId: BOB, transactionId, claimedAt: new Date().toISOString() }),
  );
}

/** A trade of one tiger to Bob settled by settleClaimed with `take` as its claim, the ledger's answer lost; the ledger's status. */
async function settleAndLoseTheAnswer<C extends SettlementClaim>(
  trade: { serial: number; sellerId: string; amount: bigint },
  take: (claim: C) => Promise<boolean>,
  claim: (transactionId: string) => C,
): Promise<string> {
  let status = '';
  const writer: LedgerWriter = {
    operatorAccountId: MARKETPLACE,
    freeze: (tx) =>
      tx
        .setTransactionId(TransactionId.generate(MARKETPLACE))
        .setNodeAccountIds([AccountId.fromString('0.0.3')])
        .freeze(),
    receiptStatus: async () => null,
    // signAndSubmit signs as the marketplace, as the server's writer does.
    signAsOperator: async (tx) => tx,
    async execute(bytes) {
      const submitted = await signAndSubmit(suite.origin, MARKETPLACE, Buffer.from(bytes).toString('base64'));
      expect(submitted.status).toBe('OK');
      status = (await receiptOf(suite.origin, submitted.transactionId)).status;
      throw new LedgerUnavailableError('No receipt: the answer was lost', { transactionId: submitted.transactionId });
    },
  };
  const notReached = async () => {
    throw new Error('a lost answer neither releases nor finishes the claim');
  };
  const settled = settleClaimed<C>(
    createLedgerSettlement(writer),
    { nftTokenId: NFT_TOKEN, serial: trade.serial, sellerId: trade.sellerId, buyerId: BOB, pawsTokenId: PAWS_TOKEN, amount: trade.amount },
    { take, release: notReached, finish: notReached },
    {
      claim,
      lost: () => new DomainError('PURCHASE_IN_PROGRESS', 'Another buyer is purchasing this tiger'),
      settlementTimeoutMs: 10_000,
      noun: 'purchase',
    },
  );
  await expect(settled).rejects.toMatchObject({ code: 'SETTLEMENT_UNCONFIRMED' });
  return status;
}

const getListing = async (id: string) => (await listings.getListing(id)) as PawsListing;
const saleOf = async (id: string) => (await memory.doc.send(new GetCommand({ TableName: table, Key: { pk: `PAWSSALE#${id}`, sk: 'SALE' } }))).Item;

describe('the scheduled reconciler settles from the ledger what a request left unfinished', () => {
  const [first, second] = [0, 1];
  let serials: number[] = [];
  let soldId = '';
  let releasedId = '';

  it('a claim whose settlement SUCCEEDED on the ledger but whose answer was lost becomes a recorded sale, with no user action', async () => {
    serials = await ownedSerials(suite.origin, ALICE);
    soldId = (await listForPaws(alice(), serials[first] as number, '12')).id;
    await approvePawsSpend(bob(), '12');
    expect(await buyAndLoseTheAnswer(await getListing(soldId))).toBe('SUCCESS');

    const sold = await eventually(
      () => getListing(soldId),
      (listing) => listing.status === 'sold',
    );
    expect(sold.sale).toMatchObject({ buyerId: BOB });
    expect(await saleOf(soldId)).toMatchObject({ listingId: soldId, sellerId: ALICE, buyerId: BOB, pawsPrice: '12', transactionId: sold.sale?.transactionId });
    expect(await nftOnLedger(suite.origin, serials[first] as number)).toMatchObject({ owner: BOB });
    // The activity timeline shows the sale, as for a sale the buy route records.
    const activity = await call<{ items: { kind: string; transactionId: string | null; buyerId: string | null }[] }>(suite.origin, 'GET', '/api/paws/activity');
    expect(activity.json.items).toContainEqual(expect.objectContaining({ kind: 'sale', buyerId: BOB, transactionId: sold.sale?.transactionId }));
  });

  it('a claim whose settlement FAILED on the ledger returns the listing to active', async () => {
    // Bob's allowance was spent by the first sale: the transfer fails at consensus.
    releasedId = (await listForPaws(alice(), serials[second] as number, '7')).id;
    expect(await buyAndLoseTheAnswer(await getListing(releasedId))).not.toBe('SUCCESS');

    const released = await eventually(
      () => getListing(releasedId),
      (listing) => listing.status === 'active',
    );
    expect(released.claim).toBeNull();
    expect(await saleOf(releasedId)).toBeUndefined();
    expect(await nftOnLedger(suite.origin, serials[second] as number)).toMatchObject({ owner: ALICE, spender: MARKETPLACE });
    const active = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', `/api/paws/listings/user/${ALICE}`);
    expect(active.json.listings.map((listing) => listing.id)).toContain(releasedId);
  });

  it('running the job again changes nothing', async () => {
    const before = [await getListing(soldId), await saleOf(soldId), await getListing(releasedId)];
    await new Promise((done) => setTimeout(done, INTERVAL_MS * 5));
    expect([await getListing(soldId), await saleOf(soldId), await getListing(releasedId)]).toEqual(before);
  });

  it('a pending listing past its expiry is listed when the ledger shows the seller’s approval, dropped when it does not', async () => {
    const prepare = async (serial: number) =>
      (
        await call<{ pendingListing: { id: string } }>(suite.origin, 'POST', '/api/paws/listings/prepare', {
          cookie: alice().cookie,
          body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: '5' },
        })
      ).json.pendingListing.id;
    const [approvedSerial, unapprovedSerial] = [serials[2] as number, serials[3] as number];
    const approved = await prepare(approvedSerial);
    const unapproved = await prepare(unapprovedSerial);
    await approveTigerSpend(alice(), approvedSerial);
    // The seller's page never completed either; both expire.
    const past = new Date(Date.now() - 1_000).toISOString();
    for (const id of [approved, unapproved]) {
      await memory.doc.send(
        new UpdateCommand({
          TableName: table,
          Key: { pk: `PAWSPENDING#${id}`, sk: 'PENDING' },
          UpdateExpression: 'SET expiresAtIso = :past, gsi1sk = :past',
          ExpressionAttributeValues: { ':past': past },
        }),
      );
    }
    const pendingItem = (id: string) => memory.doc.send(new GetCommand({ TableName: table, Key: { pk: `PAWSPENDING#${id}`, sk: 'PENDING' } }));
    await eventually(
      async () => [(await pendingItem(approved)).Item, (await pendingItem(unapproved)).Item],
      (items) => items.every((item) => item === undefined),
    );
    expect(await getListing(approved)).toMatchObject({ status: 'active', serialNumber: approvedSerial, approvalTransactionId: null, pawsPrice: '5' });
    expect(await listings.getListing(unapproved)).toBeUndefined();
  });

  it('an offer unit whose sale SUCCEEDED on the ledger but whose answer was lost is filled, with no user action', async () => {
    const serial = serials[4] as number;
    const body = await bobOffers(serial, '3');
    // Alice accepts: she approves the tiger, the unit is claimed and the transfer reaches the ledger; the answer is lost.
    await approveTigerSpend(alice(), serial);
    const offers = createOfferRepo(memory.doc, table);
    const amount = BigInt((await offers.getOffer(body.offerId))?.amountBaseUnits ?? 0);
    const status = await settleAndLoseTheAnswer<OfferClaim>(
      { serial, sellerId: ALICE, amount },
      async (claim) => (await offers.claimUnit(body.offerId, serial, claim, Date.now())) !== undefined,
      (transactionId) => ({ claimId: randomUUID(), sellerId: ALICE, transactionId, claimedAt: new Date().toISOString() }),
    );
    expect(status).toBe('SUCCESS');

    const filled = await eventually(
      () => offers.getOffer(body.offerId),
      (offer) => offer?.status === 'filled',
    );
    expect(filled).toMatchObject({ inFlight: 0, claims: {}, fills: { [serial]: { sellerId: ALICE } } });
    expect(await nftOnLedger(suite.origin, serial)).toMatchObject({ owner: BOB });
  });

  it('an HBAR purchase paid on the ledger whose completion never came is recorded', async () => {
    const { cookie: dave, serial, saleVerificationCode } = await payForNewestHbarListing(suite.origin, DAVE);

    // Nobody asks to complete it: the reconciler records it.
    const purchase = await eventually(
      async () => (await memory.doc.send(new GetCommand({ TableName: table, Key: { pk: `HBARBUY#${saleVerificationCode}`, sk: 'PURCHASE' } }))).Item,
      (item) => typeof item?.completedAt === 'string',
    );
    expect(purchase).not.toHaveProperty('gsi1pk');
    const activity = await call<{ marketActivity: { nftSerialId: number; buyerAddress: string }[] }>(
      suite.origin,
      'GET',
      `/api/market/activity?token=${NFT_TOKEN}&activityFilter=Sales&amount=100`,
    );
    expect(activity.json.marketActivity[0]).toMatchObject({ nftSerialId: serial, buyerAddress: DAVE });
    // The buyer's own completion, arriving late, answers the same.
    const late = await call<{ data: { success: boolean } }>(suite.origin, 'POST', '/api/market/buy/complete', {
      cookie: dave,
      body: { saleVerificationCode },
    });
    expect(late).toMatchObject({ status: 200, json: { data: { success: true } } });
  });

  it('each run stores who holds every tiger, as the ledger shows it, in the owner map the collection browser and the profiles read', async () => {
    const snapshots = createOwnersSnapshotRepo(memory.doc, table, NFT_TOKEN);
    const since = Date.now();
    const stored = await eventually(
      () => snapshots.read(),
      (snapshot) => (snapshot?.loadedAt ?? 0) >= since,
    );
    const aliceNow = await ownedSerials(suite.origin, ALICE);
    expect(
      [...(stored?.owners ?? new Map())]
        .filter(([, owner]) => owner === ALICE)
        .map(([serial]) => serial)
        .sort((a, b) => a - b),
    ).toEqual([...aliceNow].sort((a, b) => a - b));
  });

  it('the funding job stores what the offer makers hold: an offer whose maker spent the PAWS shows unfunded, with no user action', async () => {
    const serial = serials[5] as number;
    const body = await bobOffers(serial, '2');
    const shown = async () =>
      (await call<{ offers: { id: string; funded: boolean }[] }>(suite.origin, 'GET', `/api/paws/offers/tiger/${serial}`)).json.offers.find(
        (offer) => offer.id === body.offerId,
      );
    expect(await shown()).toMatchObject({ funded: true });
    await sendPaws(bob(), DAVE, await pawsBalance(suite.origin, BOB));
    expect(await eventually(shown, (offer) => offer?.funded === false)).toMatchObject({ funded: false });
  });
});
