import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AccountId, TransactionId } from '@hiero-ledger/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerUnavailableError } from '../../src/features/ledger/errors';
import { DomainError } from '../../src/lib/domain-error';
import type { LedgerWriter } from '../../src/features/ledger/ledger-writer';
import type { PawsListing } from '../../src/features/paws-market/listing';
import { type ListingRepo, createListingRepo } from '../../src/features/paws-market/listing-repo';
import { createOfferRepo } from '../../src/features/paws-market/offer-repo';
import type { OfferClaim } from '../../src/features/paws-market/offer-rules';
import { createLedgerSettlement } from '../../src/features/paws-market/ledger-settlement';
import { type SettlementClaim, settleClaimed } from '../../src/features/paws-market/settlement';
import { startTestServer, type TestServer } from '../support/local-server';
import { type MemoryStore, startMemoryStore } from '../support/memory-store';
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
  payForNewestHbarListing,
  receiptOf,
  signAndExecute,
  signAndSubmit,
  signIn,
} from '../support/sandbox-client';

/**
 * The scheduled reconciler on the local stack: the server's timer runs the reconciler Lambda's
 * handler every 200 ms over a store the test can read (and write, to leave a claim as a request
 * that lost its settlement's answer leaves it).
 */
const INTERVAL_MS = 200;

let memory: MemoryStore;
let table: string;
let server: TestServer;
let listings: ListingRepo;
beforeAll(async () => {
  memory = await startMemoryStore();
  table = await memory.newTable();
  listings = createListingRepo(memory.doc, table);
  server = await startTestServer({
    env: { DYNAMODB_ENDPOINT: memory.endpoint, TABLE_NAME: table, RECONCILER_INTERVAL_MS: String(INTERVAL_MS), RECONCILER_GRACE_MS: '0' },
  });
}, 60_000);
afterAll(async () => {
  await server?.dispose();
  await memory?.stop();
});

/** Waits until `check` holds (the reconciler runs on its own timer). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not settled in ${timeoutMs} ms: ${JSON.stringify(value)}\n${server.output()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Alice lists one of her tigers for `price` PAWS through the API (prepare, approve, complete). */
async function listTiger(serial: number, price: string): Promise<string> {
  const alice = await signIn(server.origin, ALICE);
  const prepared = await call<{ pendingListing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/prepare', {
    cookie: alice,
    body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: price },
  });
  const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
    cookie: alice,
    body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
  });
  const approval = await signAndExecute(server.origin, ALICE, allowance.json.transactionBytes);
  const completed = await call<{ listing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/complete', {
    cookie: alice,
    body: { pendingListing: prepared.json.pendingListing, approvalTransactionId: approval.transactionId },
  });
  expect(completed.status).toBe(200);
  return completed.json.listing.id;
}

/** Bob approves the marketplace to spend `amount` PAWS; the approval's transaction id. */
async function approvePaws(amount: string): Promise<string> {
  const bob = await signIn(server.origin, BOB);
  const prepared = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/token-allowance/prepare', {
    cookie: bob,
    body: { ownerAccountId: BOB, tokenId: PAWS_TOKEN, amount, spenderAccountId: MARKETPLACE },
  });
  const approval = await signAndExecute(server.origin, BOB, prepared.json.transactionBytes);
  expect(approval.status).toBe('SUCCESS');
  return approval.transactionId;
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
    // signAndSubmit signs as the marketplace, as the server's writer does.
    signAsOperator: async (tx) => tx,
    async execute(bytes) {
      const submitted = await signAndSubmit(server.origin, MARKETPLACE, Buffer.from(bytes).toString('base64'));
      expect(submitted.status).toBe('OK');
      status = (await receiptOf(server.origin, submitted.transactionId)).status;
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
      reserveMs: 0,
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
    serials = await ownedSerials(server.origin, ALICE);
    soldId = await listTiger(serials[first] as number, '12');
    await approvePaws('12');
    expect(await buyAndLoseTheAnswer(await getListing(soldId))).toBe('SUCCESS');

    const sold = await eventually(
      () => getListing(soldId),
      (listing) => listing.status === 'sold',
    );
    expect(sold.sale).toMatchObject({ buyerId: BOB });
    expect(await saleOf(soldId)).toMatchObject({ listingId: soldId, sellerId: ALICE, buyerId: BOB, pawsPrice: '12', transactionId: sold.sale?.transactionId });
    expect(await nftOnLedger(server.origin, serials[first] as number)).toMatchObject({ owner: BOB });
    // The activity timeline shows the sale, as for a sale the buy route records.
    const activity = await call<{ items: { kind: string; transactionId: string | null; buyerId: string | null }[] }>(
      server.origin,
      'GET',
      '/api/paws/activity',
    );
    expect(activity.json.items).toContainEqual(expect.objectContaining({ kind: 'sale', buyerId: BOB, transactionId: sold.sale?.transactionId }));
  });

  it('a claim whose settlement FAILED on the ledger returns the listing to active', async () => {
    // Bob's allowance was spent by the first sale: the transfer fails at consensus.
    releasedId = await listTiger(serials[second] as number, '7');
    expect(await buyAndLoseTheAnswer(await getListing(releasedId))).not.toBe('SUCCESS');

    const released = await eventually(
      () => getListing(releasedId),
      (listing) => listing.status === 'active',
    );
    expect(released.claim).toBeNull();
    expect(await saleOf(releasedId)).toBeUndefined();
    expect(await nftOnLedger(server.origin, serials[second] as number)).toMatchObject({ owner: ALICE, spender: MARKETPLACE });
    const active = await call<{ listings: { id: string }[] }>(server.origin, 'GET', `/api/paws/listings/user/${ALICE}`);
    expect(active.json.listings.map((listing) => listing.id)).toContain(releasedId);
  });

  it('running the job again changes nothing', async () => {
    const before = [await getListing(soldId), await saleOf(soldId), await getListing(releasedId)];
    await new Promise((done) => setTimeout(done, INTERVAL_MS * 5));
    expect([await getListing(soldId), await saleOf(soldId), await getListing(releasedId)]).toEqual(before);
  });

  it('a pending listing past its expiry is listed when the ledger shows the seller’s approval, dropped when it does not', async () => {
    const alice = await signIn(server.origin, ALICE);
    const prepare = async (serial: number) =>
      (
        await call<{ pendingListing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/prepare', {
          cookie: alice,
          body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: '5' },
        })
      ).json.pendingListing.id;
    const [approvedSerial, unapprovedSerial] = [serials[2] as number, serials[3] as number];
    const approved = await prepare(approvedSerial);
    const unapproved = await prepare(unapprovedSerial);
    const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
      cookie: alice,
      body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: approvedSerial, spenderAccountId: MARKETPLACE },
    });
    expect((await signAndExecute(server.origin, ALICE, allowance.json.transactionBytes)).status).toBe('SUCCESS');
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
    const bob = await signIn(server.origin, BOB);
    const body = {
      offerId: randomUUID(),
      buyerId: BOB,
      tokenId: NFT_TOKEN,
      kind: 'item',
      serialNumber: serial,
      pawsAmount: '3',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    let made = await call<{ code?: string; amount?: string }>(server.origin, 'POST', '/api/paws/offers', { cookie: bob, body });
    if (made.json.code === 'PAWS_ALLOWANCE_LOW') {
      const allowanceTransactionId = await approvePaws(made.json.amount as string);
      made = await call(server.origin, 'POST', '/api/paws/offers', { cookie: bob, body: { ...body, allowanceTransactionId } });
    }
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    // Alice accepts: she approves the tiger, the unit is claimed and the transfer reaches the ledger; the answer is lost.
    const alice = await signIn(server.origin, ALICE);
    const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
      cookie: alice,
      body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
    });
    expect((await signAndExecute(server.origin, ALICE, allowance.json.transactionBytes)).status).toBe('SUCCESS');
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
    expect(await nftOnLedger(server.origin, serial)).toMatchObject({ owner: BOB });
  });

  it('an HBAR purchase paid on the ledger whose completion never came is recorded', async () => {
    const { cookie: dave, serial, saleVerificationCode } = await payForNewestHbarListing(server.origin, DAVE);

    // Nobody asks to complete it: the reconciler records it.
    const purchase = await eventually(
      async () => (await memory.doc.send(new GetCommand({ TableName: table, Key: { pk: `HBARBUY#${saleVerificationCode}`, sk: 'PURCHASE' } }))).Item,
      (item) => typeof item?.completedAt === 'string',
    );
    expect(purchase).not.toHaveProperty('gsi1pk');
    const activity = await call<{ marketActivity: { nftSerialId: number; buyerAddress: string }[] }>(
      server.origin,
      'GET',
      `/api/market/activity?token=${NFT_TOKEN}&activityFilter=Sales&amount=100`,
    );
    expect(activity.json.marketActivity[0]).toMatchObject({ nftSerialId: serial, buyerAddress: DAVE });
    // The buyer's own completion, arriving late, answers the same.
    const late = await call<{ data: { success: boolean } }>(server.origin, 'POST', '/api/market/buy/complete', {
      cookie: dave,
      body: { saleVerificationCode },
    });
    expect(late).toMatchObject({ status: 200, json: { data: { success: true } } });
  });
});
