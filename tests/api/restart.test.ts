import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../support/local-server';
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
  signAndExecute,
  signIn,
  signMessageAs,
} from '../support/sandbox-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.dispose();
});

// Each test restarts the server once or twice, on two cores shared with other test files.
describe('a local server restarted in the middle of a flow loses nothing', { timeout: 2 * SERVER_START_TIMEOUT_MS }, () => {
  it('a sign-in challenge issued before the restart verifies after it', async () => {
    const challenge = await call<{ message: string }>(server.origin, 'POST', '/api/auth/challenge', { body: { accountId: BOB } });
    await server.restart();
    const verify = await call(server.origin, 'POST', '/api/auth/verify', {
      body: { accountId: BOB, message: challenge.json.message, signatureMap: signMessageAs(BOB, challenge.json.message) },
    });
    expect(verify.status).toBe(200);
  });

  it('a PAWS listing prepared and approved before the restart completes and sells after it', async () => {
    const alice = await signIn(server.origin, ALICE);
    const serial = (await ownedSerials(server.origin, ALICE))[0] as number;
    const prepared = await call<{ pendingListing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/prepare', {
      cookie: alice,
      body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: '12' },
    });
    const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
      cookie: alice,
      body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
    });
    const approval = await signAndExecute(server.origin, ALICE, allowance.json.transactionBytes);
    await server.restart();
    const completed = await call<{ listing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/complete', {
      cookie: alice,
      body: { pendingListing: prepared.json.pendingListing, approvalTransactionId: approval.transactionId },
    });
    expect(completed.status).toBe(200);

    const bob = await signIn(server.origin, BOB);
    const tokenAllowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/token-allowance/prepare', {
      cookie: bob,
      body: { ownerAccountId: BOB, tokenId: PAWS_TOKEN, amount: '12', spenderAccountId: MARKETPLACE },
    });
    await signAndExecute(server.origin, BOB, tokenAllowance.json.transactionBytes);
    await server.restart();
    const before = await pawsBalance(server.origin, BOB);
    const bought = await call(server.origin, 'POST', '/api/paws/buy/prepare', { cookie: bob, body: { listingId: completed.json.listing.id, buyerId: BOB } });
    expect(bought.status).toBe(200);
    expect((await nftOnLedger(server.origin, serial)).owner).toBe(BOB);
    expect(await pawsBalance(server.origin, BOB)).toBe(before - 12_000_000n);
  });

  it('an HBAR purchase prepared before the restart completes after it', async () => {
    const { cookie: dave, serial, saleVerificationCode } = await payForNewestHbarListing(server.origin, DAVE);
    await server.restart();
    const completed = await call<{ data: { success: boolean } }>(server.origin, 'POST', '/api/market/buy/complete', {
      cookie: dave,
      body: { saleVerificationCode },
    });
    expect(completed.json.data.success).toBe(true);
    expect((await nftOnLedger(server.origin, serial)).owner).toBe(DAVE);
    const activity = await call<{ marketActivity: { nftSerialId: number; buyerAddress: string }[] }>(
      server.origin,
      'GET',
      `/api/market/activity?token=${NFT_TOKEN}&activityFilter=Sales&amount=100`,
    );
    expect(activity.json.marketActivity[0]).toMatchObject({ nftSerialId: serial, buyerAddress: DAVE });
  });
});
