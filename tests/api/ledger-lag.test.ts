/**
 * Every PAWS and profile write flow on mainnet's clock: consensus 1 s after the wallet's answer and
 * the mirror node 6 s after that. Each step is one call, made right after the wallet answered
 * (after the precheck, as HashPack does): the server waits for the ledger within its budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/local-server';
import {
  ALICE,
  BOB,
  MARKETPLACE,
  NFT_TOKEN,
  PAWS_TOKEN,
  call,
  nftOnLedger,
  ownedSerials,
  pawsBalance,
  receiptOf,
  signAndSubmit,
  signIn,
} from '../support/sandbox-client';
import { LAG_CLOCK, LAG_CLOCK_ENV, LAG_STEP_MS, followedOn, settledOn, timedInto } from '../support/lag-flows';
import { receiptFromNode } from '../../src/sandbox/wallet/node-client';

const MIRROR_LAG_MS = LAG_CLOCK.mirrorLagMs;
let server: TestServer;
const cookies: Record<string, string> = {};
let aliceSerials: number[] = [];
const timings: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer({ env: LAG_CLOCK_ENV });
  for (const account of [ALICE, BOB]) cookies[account] = await signIn(server.origin, account);
  aliceSerials = await ownedSerials(server.origin, ALICE);
}, 60_000);
afterAll(async () => {
  console.info(`write flows under a ${MIRROR_LAG_MS / 1000} s mirror lag (1 s consensus): ${JSON.stringify(timings)}`);
  await server?.dispose();
});

const timed = <T>(flow: string, run: () => Promise<T>) => timedInto(timings, flow, run);
const followed = (transactionId: string) => followedOn(server.origin, transactionId);

let listingId = '';
let listedSerial = 0;
let settlementId = '';
let bobPawsBeforeBuy = 0n;

describe(`write flows under a ${MIRROR_LAG_MS / 1000} s mirror lag`, () => {
  it(
    'the node answers a submission after its precheck; the receipt comes with consensus, the mirror node 6 s later',
    async () => {
      const serial = aliceSerials[5] as number;
      const prepared = await call<{ transactionBytes: string; transactionId: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
        cookie: cookies[ALICE],
        body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
      });
      const submitted = await signAndSubmit(server.origin, ALICE, prepared.json.transactionBytes);
      expect(submitted).toEqual({ status: 'OK', transactionId: prepared.json.transactionId });
      expect(await receiptFromNode(server.origin, submitted.transactionId)).toBe('UNKNOWN');
      expect((await receiptOf(server.origin, submitted.transactionId)).status).toBe('SUCCESS');
      expect((await nftOnLedger(server.origin, serial)).spender).toBeNull();
      expect(await followed(submitted.transactionId)).toBe('success');
      expect((await nftOnLedger(server.origin, serial)).spender).toBe(MARKETPLACE);
    },
    2 * LAG_STEP_MS,
  );

  it(
    'lists: complete, called once right after the wallet’s approval, waits for the approval on the ledger',
    async () => {
      listedSerial = aliceSerials[0] as number;
      const prepared = await call<{ pendingListing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/prepare', {
        cookie: cookies[ALICE],
        body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: listedSerial, pawsPrice: '40' },
      });
      const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
        cookie: cookies[ALICE],
        body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: listedSerial, spenderAccountId: MARKETPLACE },
      });
      const approval = await signAndSubmit(server.origin, ALICE, allowance.json.transactionBytes);
      expect(approval.status).toBe('OK');
      const completed = await timed('listing', () =>
        call<{ listing: { id: string; status: string } }>(server.origin, 'POST', '/api/paws/listings/complete', {
          cookie: cookies[ALICE],
          body: { pendingListing: prepared.json.pendingListing, approvalTransactionId: approval.transactionId },
        }),
      );
      expect(completed).toMatchObject({ status: 200, json: { listing: { status: 'active' } } });
      expect(timings.listing).toBeGreaterThanOrEqual(MIRROR_LAG_MS);
      listingId = completed.json.listing.id;
    },
    2 * LAG_STEP_MS,
  );

  it(
    'buys with a first-time PAWS allowance: the buy, called once right after the approval, waits for it on the ledger',
    async () => {
      const short = await call(server.origin, 'POST', '/api/paws/buy/prepare', { cookie: cookies[BOB], body: { listingId, buyerId: BOB } });
      expect(short).toMatchObject({ status: 400, json: { code: 'PAWS_ALLOWANCE_LOW', amount: '40' } });
      const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/token-allowance/prepare', {
        cookie: cookies[BOB],
        body: { ownerAccountId: BOB, tokenId: PAWS_TOKEN, amount: '40', spenderAccountId: MARKETPLACE },
      });
      const approval = await signAndSubmit(server.origin, BOB, allowance.json.transactionBytes);
      expect(approval.status).toBe('OK');
      bobPawsBeforeBuy = await pawsBalance(server.origin, BOB);
      const bought = await timed('buy after allowance', () =>
        call<{ success: boolean; transactionId: string }>(server.origin, 'POST', '/api/paws/buy/prepare', {
          cookie: cookies[BOB],
          body: { listingId, buyerId: BOB, allowanceTransactionId: approval.transactionId },
        }),
      );
      const settled = await settledOn(server.origin, bought);
      settlementId = settled.transactionId;
      // Settled in the request (the receipt said SUCCESS), the mirror node does not show it yet.
      if (settled.confirmedInRequest) {
        expect((await nftOnLedger(server.origin, listedSerial)).owner).toBe(ALICE);
        expect(await pawsBalance(server.origin, BOB)).toBe(bobPawsBeforeBuy);
      }
    },
    2 * LAG_STEP_MS,
  );

  it(
    'sets as avatar the tiger just bought: the server waits for the purchase on the ledger first',
    async () => {
      const saved = await timed('avatar', () =>
        call(server.origin, 'POST', '/api/profile', {
          cookie: cookies[BOB],
          body: { accountId: BOB, avatarNftSerial: listedSerial, afterTransactionIds: [settlementId] },
        }),
      );
      expect(saved).toMatchObject({ status: 200, json: { profile: { avatarNftSerial: listedSerial } } });
      expect(await followed(settlementId)).toBe('success');
      expect(await nftOnLedger(server.origin, listedSerial)).toEqual({ owner: BOB, spender: null });
      expect(await pawsBalance(server.origin, BOB)).toBe(bobPawsBeforeBuy - 40_000_000n);
    },
    2 * LAG_STEP_MS,
  );

  it(
    'syncs the tigers after a purchase: the sync waits for the purchase on the ledger first',
    async () => {
      const listing = await call<{ pendingListing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/prepare', {
        cookie: cookies[ALICE],
        body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: aliceSerials[1], pawsPrice: '2.5' },
      });
      const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
        cookie: cookies[ALICE],
        body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: aliceSerials[1], spenderAccountId: MARKETPLACE },
      });
      const approval = await signAndSubmit(server.origin, ALICE, allowance.json.transactionBytes);
      const listed = await call<{ listing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/complete', {
        cookie: cookies[ALICE],
        body: { pendingListing: listing.json.pendingListing, approvalTransactionId: approval.transactionId },
      });
      // Bob's remaining allowance (40 approved, 40 spent) is 0: approve 2.5 more, then buy.
      const topUp = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/token-allowance/prepare', {
        cookie: cookies[BOB],
        body: { ownerAccountId: BOB, tokenId: PAWS_TOKEN, amount: '2.5', spenderAccountId: MARKETPLACE },
      });
      const topUpId = (await signAndSubmit(server.origin, BOB, topUp.json.transactionBytes)).transactionId;
      const bought = await call<{ transactionId: string }>(server.origin, 'POST', '/api/paws/buy/prepare', {
        cookie: cookies[BOB],
        body: { listingId: listed.json.listing.id, buyerId: BOB, allowanceTransactionId: topUpId },
      });
      expect(bought.status).toBe(200);
      const synced = await timed('sync', () =>
        call<{ nfts: { serialNumber: number }[] }>(server.origin, 'POST', `/api/profile/${BOB}/sync-nfts`, {
          cookie: cookies[BOB],
          body: { afterTransactionIds: [bought.json.transactionId] },
        }),
      );
      expect(synced.status).toBe(200);
      expect(synced.json.nfts.map((nft) => nft.serialNumber)).toContain(aliceSerials[1]);
    },
    4 * LAG_STEP_MS,
  );

  it(
    'unlists and revokes: the listing goes at once; the client follows the revocation until the ledger shows it',
    async () => {
      const serial = aliceSerials[2] as number;
      const prepared = await call<{ pendingListing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/prepare', {
        cookie: cookies[ALICE],
        body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: '9' },
      });
      const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
        cookie: cookies[ALICE],
        body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
      });
      const approval = await signAndSubmit(server.origin, ALICE, allowance.json.transactionBytes);
      const listed = await call<{ listing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/complete', {
        cookie: cookies[ALICE],
        body: { pendingListing: prepared.json.pendingListing, approvalTransactionId: approval.transactionId },
      });
      expect(listed.status).toBe(200);
      const started = Date.now();
      expect((await call(server.origin, 'DELETE', `/api/paws/listings/${listed.json.listing.id}`, { cookie: cookies[ALICE] })).status).toBe(200);
      const revoke = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/delete/prepare', {
        cookie: cookies[ALICE],
        body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial },
      });
      const revoked = await signAndSubmit(server.origin, ALICE, revoke.json.transactionBytes);
      expect(revoked.status).toBe('OK');
      expect(await followed(revoked.transactionId)).toBe('success');
      timings['unlist and revoke'] = Date.now() - started;
      expect((await nftOnLedger(server.origin, serial)).spender).toBeNull();
    },
    2 * LAG_STEP_MS,
  );
});
