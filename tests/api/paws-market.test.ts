import { AccountId, NftId, TokenId, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxSeed } from '../../src/sandbox/ledger/seed';
import { sandboxSuite } from '../support/api-suite';
import { approvePawsSpend, buyListing, listForPaws } from '../support/paws-trades';
import {
  ALICE,
  BOB,
  CAROL,
  DAVE,
  MARKETPLACE,
  NFT_TOKEN,
  PAWS_TOKEN,
  call,
  nftOnLedger,
  ownedSerials,
  pawsBalance,
  royaltyOn,
  signAndExecute,
  signIn,
} from '../support/sandbox-client';

const suite = sandboxSuite({ holders: [ALICE, BOB, CAROL, DAVE] });
let aliceSerials: number[] = [];
let carolSerials: number[] = [];

beforeAll(async () => {
  aliceSerials = await ownedSerials(suite.origin, ALICE);
  carolSerials = await ownedSerials(suite.origin, CAROL);
});

describe('PAWS marketplace', () => {
  it('lists a tiger with the collection’s own name and rarity, and shows it once', async () => {
    const serial = aliceSerials[0] as number;
    const listing = await listForPaws(suite.holder(ALICE), serial, '125.5');
    expect(listing.pawsPrice).toBe('125.5');
    expect(listing.nftName).toBe(`Wild Tiger #${serial}`);
    const page = await call<{ listings: { id: string }[]; total: number }>(suite.origin, 'GET', '/api/paws/listings?page=1&limit=20');
    expect(page.json.listings.map((entry) => entry.id)).toContain(listing.id);
    const again = await call(suite.origin, 'POST', '/api/paws/listings/prepare', {
      cookie: suite.holder(ALICE).cookie,
      body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: '1' },
    });
    expect(again).toMatchObject({ status: 409, json: { error: 'This tiger is already listed' } });
  });

  it('asks for a PAWS allowance, then settles atomically: the tiger to the buyer, the PAWS to the seller', async () => {
    const serial = aliceSerials[1] as number;
    const listing = await listForPaws(suite.holder(ALICE), serial, '300');
    const [aliceBefore, bobBefore] = [await pawsBalance(suite.origin, ALICE), await pawsBalance(suite.origin, BOB)];
    const short = await buyListing(suite.holder(BOB), listing.id);
    expect(short).toMatchObject({
      status: 400,
      json: { error: 'Insufficient PAWS token allowance', tokenId: PAWS_TOKEN, spenderAccountId: MARKETPLACE, amount: '300' },
    });
    await approvePawsSpend(suite.holder(BOB), '300');
    const bought = await buyListing(suite.holder(BOB), listing.id);
    // Paid from the allowance as it stood: the answer says what it was and is (issue 55).
    expect(bought).toMatchObject({
      status: 200,
      json: { success: true, transactionId: expect.stringMatching(/^0\.0\.7000100@/), allowance: { before: '300', after: '0', offersKeep: '0', lapsed: [] } },
    });
    expect(await nftOnLedger(suite.origin, serial)).toEqual({ owner: BOB, spender: null });
    expect(await pawsBalance(suite.origin, BOB)).toBe(bobBefore - 300_000_000n);
    expect(await pawsBalance(suite.origin, ALICE)).toBe(aliceBefore + 300_000_000n - royaltyOn(300_000_000n));
    // the same request again returns the same sale and moves nothing (the allowance note is the payment's own, told once)
    const repeat = await buyListing(suite.holder(BOB), listing.id);
    const { allowance: _told, ...sale } = bought.json;
    expect(repeat.json).toEqual(sale);
    expect(await pawsBalance(suite.origin, BOB)).toBe(bobBefore - 300_000_000n);
    const page = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', '/api/paws/listings');
    expect(page.json.listings.map((entry) => entry.id)).not.toContain(listing.id);
  });

  it('10 concurrent buyers: exactly one sale, the others pay nothing', async () => {
    const serial = aliceSerials[2] as number;
    const listing = await listForPaws(suite.holder(ALICE), serial, '50');
    await approvePawsSpend(suite.holder(BOB), '1000');
    await approvePawsSpend(suite.holder(CAROL), '1000');
    const [bobBefore, carolBefore, aliceBefore] = (await Promise.all([BOB, CAROL, ALICE].map((account) => pawsBalance(suite.origin, account)))) as [
      bigint,
      bigint,
      bigint,
    ];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => buyListing(suite.holder(index % 2 ? BOB : CAROL), listing.id)));
    const winners = answers.filter((answer) => answer.status === 200);
    const winnerIds = new Set(winners.map((answer) => (answer.json.listing as { sale: { buyerId: string } }).sale.buyerId));
    expect(winnerIds.size).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.status).toBe(409);
    const winner = [...winnerIds][0] as string;
    const loser = winner === BOB ? CAROL : BOB;
    const after: Record<string, bigint> = Object.fromEntries(
      await Promise.all([BOB, CAROL, ALICE].map(async (account) => [account, await pawsBalance(suite.origin, account)])),
    );
    expect(after[winner]).toBe((winner === BOB ? bobBefore : carolBefore) - 50_000_000n);
    expect(after[loser]).toBe(loser === BOB ? bobBefore : carolBefore);
    expect(after[ALICE]).toBe(aliceBefore + 50_000_000n - royaltyOn(50_000_000n));
    expect((await nftOnLedger(suite.origin, serial)).owner).toBe(winner);
  });

  it('a listing whose tiger moved away is neither shown nor sold', async () => {
    const serial = aliceSerials[3] as number;
    const listing = await listForPaws(suite.holder(ALICE), serial, '10');
    const transfer = new TransferTransaction()
      .addNftTransfer(new NftId(TokenId.fromString(NFT_TOKEN), serial), ALICE, DAVE)
      .setTransactionId(TransactionId.generate(ALICE))
      .setNodeAccountIds([AccountId.fromString('0.0.3')])
      .freeze();
    expect((await signAndExecute(suite.origin, ALICE, Buffer.from(transfer.toBytes()).toString('base64'))).status).toBe('SUCCESS');
    await approvePawsSpend(suite.holder(CAROL), '10');
    const carolBefore = await pawsBalance(suite.origin, CAROL);
    const attempt = await buyListing(suite.holder(CAROL), listing.id);
    expect(attempt.status).toBe(409);
    expect(await pawsBalance(suite.origin, CAROL)).toBe(carolBefore);
    const page = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', '/api/paws/listings');
    expect(page.json.listings.map((entry) => entry.id)).not.toContain(listing.id);
  });

  it('unlisting removes the listing; revoking the allowance clears it on the ledger', async () => {
    const serial = aliceSerials[4] as number;
    const listing = await listForPaws(suite.holder(ALICE), serial, '42');
    expect((await nftOnLedger(suite.origin, serial)).spender).toBe(MARKETPLACE);
    const removed = await call(suite.origin, 'DELETE', `/api/paws/listings/${listing.id}`, { cookie: suite.holder(ALICE).cookie });
    expect(removed).toMatchObject({ status: 200, json: { success: true } });
    const revoke = await call<{ transactionBytes: string }>(suite.origin, 'POST', '/api/paws/allowance/delete/prepare', {
      cookie: suite.holder(ALICE).cookie,
      body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial },
    });
    expect((await signAndExecute(suite.origin, ALICE, revoke.json.transactionBytes)).status).toBe('SUCCESS');
    expect((await nftOnLedger(suite.origin, serial)).spender).toBeNull();
    const mine = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', `/api/paws/listings/user/${ALICE}`);
    expect(mine.json.listings.map((entry) => entry.id)).not.toContain(listing.id);
  });

  it('refuses to let a seller buy their own listing', async () => {
    const listing = await listForPaws(suite.holder(CAROL), carolSerials[0] as number, '5');
    expect(await buyListing(suite.holder(CAROL), listing.id)).toMatchObject({ status: 400, json: { error: 'You cannot buy your own NFT' } });
  });

  it('answers 401 without a session and 403 for another account on every write', async () => {
    const listing = await listForPaws(suite.holder(CAROL), carolSerials[1] as number, '7');
    const writes: Array<[string, string, Record<string, unknown> | undefined, string]> = [
      ['POST', '/api/paws/listings/prepare', { sellerId: CAROL, tokenId: NFT_TOKEN, serialNumber: carolSerials[2], pawsPrice: '1' }, BOB],
      ['POST', '/api/paws/listings/complete', { pendingListing: { id: '00000000-0000-4000-8000-000000000000' }, approvalTransactionId: 'x' }, ''],
      ['DELETE', `/api/paws/listings/${listing.id}`, undefined, BOB],
      ['POST', '/api/paws/buy/prepare', { listingId: listing.id, buyerId: ALICE }, BOB],
      ['POST', '/api/paws/purchase', { listingId: listing.id, buyerId: ALICE }, BOB],
      ['POST', '/api/paws/allowance/prepare', { ownerAccountId: CAROL, tokenId: NFT_TOKEN, serialNumber: carolSerials[2], spenderAccountId: MARKETPLACE }, BOB],
      ['POST', '/api/paws/token-allowance/prepare', { ownerAccountId: CAROL, tokenId: PAWS_TOKEN, amount: '5', spenderAccountId: MARKETPLACE }, BOB],
    ];
    for (const [method, path, body, intruder] of writes) {
      const anonymous = await call(suite.origin, method, path, body ? { body } : {});
      expect(anonymous.status, `${method} ${path} without a session`).toBe(401);
      if (intruder) {
        const foreign = await call(suite.origin, method, path, { cookie: suite.holder(intruder).cookie, ...(body ? { body } : {}) });
        expect(foreign.status, `${method} ${path} as ${intruder}`).toBe(403);
      }
    }
    const still = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', '/api/paws/listings');
    expect(still.json.listings.map((entry) => entry.id)).toContain(listing.id);
  });

  it('refuses amounts that would wrap: an allowance beyond int64 base units, a price with more than 2 decimals', async () => {
    const allowance = await call(suite.origin, 'POST', '/api/paws/token-allowance/prepare', {
      cookie: suite.holder(BOB).cookie,
      body: { ownerAccountId: BOB, tokenId: PAWS_TOKEN, amount: '18446744073709.552616', spenderAccountId: MARKETPLACE },
    });
    expect(allowance).toMatchObject({ status: 400, json: { code: 'INVALID_AMOUNT' } });
    expect(allowance.json).not.toHaveProperty('transactionBytes');
    const price = await call(suite.origin, 'POST', '/api/paws/listings/prepare', {
      cookie: suite.holder(CAROL).cookie,
      body: { sellerId: CAROL, tokenId: NFT_TOKEN, serialNumber: carolSerials[2], pawsPrice: '12.345' },
    });
    expect(price).toMatchObject({
      status: 400,
      json: { code: 'INVALID_PRICE', error: 'Please enter a valid PAWS price', reason: 'The price must be at most 2 decimals' },
    });
  });

  it('refuses a listing by a seller who cannot receive PAWS', async () => {
    const seed = sandboxSeed();
    const holder = seed.accounts.find((account) => account.label === null && account.paws === null && seed.nftOwners.includes(account.accountId));
    if (!holder) throw new Error('the seed has a tiger holder without PAWS');
    const cookie = await signIn(suite.origin, holder.accountId);
    const serial = seed.nftOwners.indexOf(holder.accountId) + 1;
    const answer = await call(suite.origin, 'POST', '/api/paws/listings/prepare', {
      cookie,
      body: { sellerId: holder.accountId, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: '10' },
    });
    expect(answer).toMatchObject({ status: 409, json: { code: 'SELLER_CANNOT_RECEIVE_PAWS' } });
  });

  it('validates prices and completion input', async () => {
    const serial = carolSerials[2] as number;
    for (const pawsPrice of ['0', '-1', 'abc', '1.1234567']) {
      const answer = await call(suite.origin, 'POST', '/api/paws/listings/prepare', {
        cookie: suite.holder(CAROL).cookie,
        body: { sellerId: CAROL, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice },
      });
      expect(answer, pawsPrice).toMatchObject({ status: 400, json: { error: 'Please enter a valid PAWS price' } });
    }
    const prepared = await call<{ pendingListing: { id: string } }>(suite.origin, 'POST', '/api/paws/listings/prepare', {
      cookie: suite.holder(CAROL).cookie,
      body: { sellerId: CAROL, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: 3 },
    });
    const noApproval = await call(suite.origin, 'POST', '/api/paws/listings/complete', {
      cookie: suite.holder(CAROL).cookie,
      body: { pendingListing: prepared.json.pendingListing },
    });
    expect(noApproval).toMatchObject({ status: 400, json: { error: 'NFT allowance approval failed - no transaction ID received' } });
    const notApproved = await call(suite.origin, 'POST', '/api/paws/listings/complete', {
      cookie: suite.holder(CAROL).cookie,
      body: { pendingListing: prepared.json.pendingListing, approvalTransactionId: '0.0.7001001@1.1' },
    });
    expect(notApproved.status).toBe(400);
    const notOwned = await call(suite.origin, 'POST', '/api/paws/listings/prepare', {
      cookie: suite.holder(DAVE).cookie,
      body: { sellerId: DAVE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: '1' },
    });
    expect(notOwned.status).toBe(403);
  });
});
