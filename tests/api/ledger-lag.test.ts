/**
 * Every PAWS and profile write flow on mainnet's clock: consensus 1 s after the wallet's answer and
 * the mirror node 6 s after that. Each step is one call, made right after the wallet answered
 * (after the precheck, as HashPack does): the server waits for the ledger within its budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSuite } from '../support/api-suite';
import { type WalletAnswer, approvePawsSpend, approveTigerSpend, buyListing, listForPaws } from '../support/paws-trades';
import {
  ALICE,
  BOB,
  MARKETPLACE,
  NFT_TOKEN,
  call,
  nftOnLedger,
  ownedSerials,
  pawsBalance,
  receiptOf,
  royaltyOn,
  signAndSubmit,
} from '../support/sandbox-client';
import { LAG_CLOCK, LAG_CLOCK_ENV, LAG_STEP_MS, followedOn, settledOn, timedInto } from '../support/lag-flows';
import { receiptFromNode } from '../../src/sandbox/wallet/node-client';
import { formatUnits } from '../../src/features/balances/units';

const MIRROR_LAG_MS = LAG_CLOCK.mirrorLagMs;
const suite = sandboxSuite({ holders: [ALICE, BOB], server: { env: LAG_CLOCK_ENV } });
const alice = () => suite.holder(ALICE);
const bob = () => suite.holder(BOB);
/** Each wallet answers right after the precheck, as HashPack does: the server waits for the ledger. */
const AT_PRECHECK: WalletAnswer = { wallet: 'precheck' };
let aliceSerials: number[] = [];
const timings: Record<string, number> = {};

beforeAll(async () => {
  aliceSerials = await ownedSerials(suite.origin, ALICE);
});
afterAll(() => {
  console.info(`write flows under a ${MIRROR_LAG_MS / 1000} s mirror lag (1 s consensus): ${JSON.stringify(timings)}`);
});

const timed = <T>(flow: string, run: () => Promise<T>) => timedInto(timings, flow, run);
const followed = (transactionId: string) => followedOn(suite.origin, transactionId);

let listingId = '';
let listedSerial = 0;
let settlementId = '';
let bobPawsBeforeBuy = 0n;

describe(`write flows under a ${MIRROR_LAG_MS / 1000} s mirror lag`, () => {
  it(
    'the node answers a submission after its precheck; the receipt comes with consensus, the mirror node 6 s later',
    async () => {
      const serial = aliceSerials[5] as number;
      const prepared = await call<{ transactionBytes: string; transactionId: string }>(suite.origin, 'POST', '/api/paws/allowance/prepare', {
        cookie: alice().cookie,
        body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
      });
      const submitted = await signAndSubmit(suite.origin, ALICE, prepared.json.transactionBytes);
      expect(submitted).toEqual({ status: 'OK', transactionId: prepared.json.transactionId });
      expect(await receiptFromNode(suite.origin, submitted.transactionId)).toBe('UNKNOWN');
      expect((await receiptOf(suite.origin, submitted.transactionId)).status).toBe('SUCCESS');
      expect((await nftOnLedger(suite.origin, serial)).spender).toBeNull();
      // The client following it learns the outcome from the receipt, before the mirror shows it...
      expect(await followed(submitted.transactionId)).toBe('success');
      expect((await nftOnLedger(suite.origin, serial)).spender).toBeNull();
      // ...and, asking for the mirror's word, once the mirror shows the state it made.
      expect(await followedOn(suite.origin, submitted.transactionId, { mirror: true })).toBe('success');
      expect((await nftOnLedger(suite.origin, serial)).spender).toBe(MARKETPLACE);
    },
    2 * LAG_STEP_MS,
  );

  it(
    'lists: complete, called once right after the wallet’s approval, goes live on the approval’s receipt, before the mirror shows it',
    async () => {
      listedSerial = aliceSerials[0] as number;
      const prepared = await call<{ pendingListing: { id: string } }>(suite.origin, 'POST', '/api/paws/listings/prepare', {
        cookie: alice().cookie,
        body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: listedSerial, pawsPrice: '40' },
      });
      const approvalTransactionId = await approveTigerSpend(alice(), listedSerial, AT_PRECHECK);
      const completed = await timed('listing', () =>
        call<{ listing: { id: string; status: string } }>(suite.origin, 'POST', '/api/paws/listings/complete', {
          cookie: alice().cookie,
          body: { pendingListing: prepared.json.pendingListing, approvalTransactionId },
        }),
      );
      expect(completed).toMatchObject({ status: 200, json: { listing: { status: 'active' } } });
      expect(timings.listing).toBeLessThan(MIRROR_LAG_MS);
      expect((await nftOnLedger(suite.origin, listedSerial)).spender).toBeNull();
      listingId = completed.json.listing.id;
      // Shown for sale at once: the listings page and the tiger's view go by the receipt until the mirror catches up.
      const listed = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', '/api/paws/listings?limit=100');
      expect(listed.json.listings.map((listing) => listing.id)).toContain(listingId);
      const view = await call<{ pawsListing: { id: string } | null }>(suite.origin, 'GET', `/api/collection/tiger/${listedSerial}`);
      expect(view.json.pawsListing?.id).toBe(listingId);
    },
    2 * LAG_STEP_MS,
  );

  it(
    'buys with a first-time PAWS allowance: the buy, called once right after the approval, settles on the approval’s receipt',
    async () => {
      const short = await buyListing(bob(), listingId);
      expect(short).toMatchObject({ status: 400, json: { code: 'PAWS_ALLOWANCE_LOW', amount: '40' } });
      const allowanceTransactionId = await approvePawsSpend(bob(), '40', AT_PRECHECK);
      bobPawsBeforeBuy = await pawsBalance(suite.origin, BOB);
      const bought = await timed('buy after allowance', () => buyListing(bob(), listingId, allowanceTransactionId));
      const settled = await settledOn(suite.origin, bought);
      settlementId = settled.transactionId;
      // The approval's receipt and the settlement's: two consensus rounds, no mirror wait.
      if (settled.confirmedInRequest) expect(timings['buy after allowance']).toBeLessThan(MIRROR_LAG_MS);
      // Settled in the request (the receipt said SUCCESS), the mirror node does not show it yet.
      if (settled.confirmedInRequest) {
        expect((await nftOnLedger(suite.origin, listedSerial)).owner).toBe(ALICE);
        expect(await pawsBalance(suite.origin, BOB)).toBe(bobPawsBeforeBuy);
        // Shown at once from the market's own record of the sale: the tiger's view and both holders' tigers.
        const view = await call<{ owner: string }>(suite.origin, 'GET', `/api/collection/tiger/${listedSerial}`);
        expect(view.json.owner).toBe(BOB);
        const held = async (account: string) =>
          (await call<{ nfts: { serialNumber: number }[] }>(suite.origin, 'GET', `/api/profile/${account}/nfts`)).json.nfts.map((nft) => nft.serialNumber);
        expect(await held(BOB)).toContain(listedSerial);
        expect(await held(ALICE)).not.toContain(listedSerial);
        // The collection browser's owner search too.
        const searched = async (account: string) =>
          (
            await call<{ collectionData: { serialNumber: number }[] }>(suite.origin, 'GET', `/api/collection/complete/${NFT_TOKEN}?search=${account}&limit=100`)
          ).json.collectionData.map((entry) => entry.serialNumber);
        expect(await searched(BOB)).toContain(listedSerial);
        expect(await searched(ALICE)).not.toContain(listedSerial);
        // And both PAWS balances: the buyer's less the price, the seller's plus the price less the royalty.
        const alicePawsOnMirror = await pawsBalance(suite.origin, ALICE);
        const shownPaws = async (account: string) =>
          (await call<{ balances: { paws: string } }>(suite.origin, 'GET', `/api/balance/fast/${account}`)).json.balances.paws;
        expect(await shownPaws(BOB)).toBe(formatUnits(bobPawsBeforeBuy - 40_000_000n, 6));
        expect(await shownPaws(ALICE)).toBe(formatUnits(alicePawsOnMirror + 40_000_000n - royaltyOn(40_000_000n), 6));
      }
    },
    2 * LAG_STEP_MS,
  );

  it(
    'sets as avatar the tiger just bought: the server waits for the purchase on the ledger first',
    async () => {
      const saved = await timed('avatar', () =>
        call(suite.origin, 'POST', '/api/profile', {
          cookie: bob().cookie,
          body: { accountId: BOB, avatarNftSerial: listedSerial, afterTransactionIds: [settlementId] },
        }),
      );
      expect(saved).toMatchObject({ status: 200, json: { profile: { avatarNftSerial: listedSerial } } });
      expect(await followed(settlementId)).toBe('success');
      expect(await nftOnLedger(suite.origin, listedSerial)).toEqual({ owner: BOB, spender: null });
      expect(await pawsBalance(suite.origin, BOB)).toBe(bobPawsBeforeBuy - 40_000_000n);
    },
    2 * LAG_STEP_MS,
  );

  it(
    'syncs the tigers after a purchase: the sync waits for the purchase on the ledger first',
    async () => {
      const listed = await listForPaws(alice(), aliceSerials[1] as number, '2.5', AT_PRECHECK);
      // Bob's remaining allowance (40 approved, 40 spent) is 0: approve 2.5 more, then buy.
      const topUpId = await approvePawsSpend(bob(), '2.5', AT_PRECHECK);
      const bought = await buyListing(bob(), listed.id, topUpId);
      expect(bought.status).toBe(200);
      const synced = await timed('sync', () =>
        call<{ nfts: { serialNumber: number }[] }>(suite.origin, 'POST', `/api/profile/${BOB}/sync-nfts`, {
          cookie: bob().cookie,
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
      const listed = await listForPaws(alice(), serial, '9', AT_PRECHECK);
      const started = Date.now();
      expect((await call(suite.origin, 'DELETE', `/api/paws/listings/${listed.id}`, { cookie: alice().cookie })).status).toBe(200);
      const revoke = await call<{ transactionBytes: string }>(suite.origin, 'POST', '/api/paws/allowance/delete/prepare', {
        cookie: alice().cookie,
        body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial },
      });
      const revoked = await signAndSubmit(suite.origin, ALICE, revoke.json.transactionBytes);
      expect(revoked.status).toBe('OK');
      expect(await followed(revoked.transactionId)).toBe('success');
      timings['unlist and revoke'] = Date.now() - started;
      expect(timings['unlist and revoke']).toBeLessThan(MIRROR_LAG_MS);
      expect(await followedOn(suite.origin, revoked.transactionId, { mirror: true })).toBe('success');
      expect((await nftOnLedger(suite.origin, serial)).spender).toBeNull();
    },
    2 * LAG_STEP_MS,
  );
});
