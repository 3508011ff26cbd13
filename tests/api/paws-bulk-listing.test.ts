import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxSuite } from '../support/api-suite';
import { bulkListForPaws } from '../support/paws-trades';
import { ALICE, BOB, MARKETPLACE, NFT_TOKEN, call, nftOnLedger, ownedSerials, signAndExecute } from '../support/sandbox-client';

const suite = sandboxSuite({ holders: [ALICE, BOB] });
let aliceSerials: number[] = [];

beforeAll(async () => {
  aliceSerials = await ownedSerials(suite.origin, ALICE);
});

const alice = () => suite.holder(ALICE);

describe('bulk listing and unlisting', () => {
  it('lists 25 tigers with two allowance transactions (20 and 5, the ledger’s limit), and completing again lists nothing twice', async () => {
    const serials = aliceSerials.slice(0, 25);
    const items = serials.map((serialNumber, index) => ({ serialNumber, pawsPrice: String(100 + index) }));
    const { prepared, completeItems, completed } = await bulkListForPaws(alice(), items);
    expect(prepared.transactions.map((transaction) => transaction.serialNumbers.length)).toEqual([20, 5]);
    expect(completed.status).toBe(200);
    expect(completed.json.failed).toEqual([]);
    expect(completed.json.listings).toHaveLength(25);
    expect(Object.fromEntries(completed.json.listings.map((listing) => [listing.serialNumber, listing.pawsPrice]))).toEqual(
      Object.fromEntries(items.map((item) => [item.serialNumber, item.pawsPrice])),
    );
    for (const serial of serials) expect(await nftOnLedger(suite.origin, serial)).toEqual({ owner: ALICE, spender: MARKETPLACE });
    const again = await call<{ listings: { id: string }[] }>(suite.origin, 'POST', '/api/paws/listings/bulk/complete', {
      cookie: alice().cookie,
      body: { items: completeItems },
    });
    expect(again.json.listings.map((listing) => listing.id).sort()).toEqual(completed.json.listings.map((listing) => listing.id).sort());
    const twice = await call(suite.origin, 'POST', '/api/paws/listings/bulk/complete', {
      cookie: alice().cookie,
      body: { items: [completeItems[0], completeItems[0]] },
    });
    expect(twice).toMatchObject({ status: 400, json: { code: 'INVALID_REQUEST' } });
    const mine = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', `/api/paws/listings/user/${ALICE}`);
    expect(mine.json.listings).toHaveLength(25);

    // Unlisting five at once, then revoking their allowances in one transaction.
    const five = completed.json.listings.slice(0, 5);
    const removed = await call<{ removed: { listingId: string; serialNumber: number }[]; failed: unknown[] }>(
      suite.origin,
      'POST',
      '/api/paws/listings/bulk/unlist',
      {
        cookie: alice().cookie,
        body: { listingIds: five.map((listing) => listing.id) },
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.json.removed).toHaveLength(5);
    // Asked again (its answer lost), the same listings count as removed, so the revocation still follows.
    const unlistedAgain = await call<{ removed: unknown[]; failed: unknown[] }>(suite.origin, 'POST', '/api/paws/listings/bulk/unlist', {
      cookie: alice().cookie,
      body: { listingIds: five.map((listing) => listing.id) },
    });
    expect(unlistedAgain.json.failed).toEqual([]);
    expect(unlistedAgain.json.removed).toHaveLength(5);
    const revoke = await call<{ transactions: { serialNumbers: number[]; transactionBytes: string }[] }>(
      suite.origin,
      'POST',
      '/api/paws/allowance/delete/bulk/prepare',
      {
        cookie: alice().cookie,
        body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumbers: five.map((listing) => listing.serialNumber) },
      },
    );
    expect(revoke.json.transactions).toHaveLength(1);
    expect((await signAndExecute(suite.origin, ALICE, revoke.json.transactions[0]?.transactionBytes as string)).status).toBe('SUCCESS');
    for (const listing of five) expect(await nftOnLedger(suite.origin, listing.serialNumber)).toEqual({ owner: ALICE, spender: null });
    const left = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', `/api/paws/listings/user/${ALICE}`);
    expect(left.json.listings).toHaveLength(20);
  });

  it('refuses, with nothing stored, a tiger not the seller’s, a tiger named twice, a bad price and too many tigers', async () => {
    const bobSerial = (await ownedSerials(suite.origin, BOB))[0] as number;
    const prepare = (items: unknown) =>
      call(suite.origin, 'POST', '/api/paws/listings/bulk/prepare', { cookie: alice().cookie, body: { sellerId: ALICE, tokenId: NFT_TOKEN, items } });
    const mine = aliceSerials[26] as number;
    expect(
      await prepare([
        { serialNumber: mine, pawsPrice: '5' },
        { serialNumber: bobSerial, pawsPrice: '5' },
      ]),
    ).toMatchObject({
      status: 403,
      json: { code: 'NOT_TIGER_OWNER' },
    });
    expect(
      (
        await prepare([
          { serialNumber: mine, pawsPrice: '5' },
          { serialNumber: mine, pawsPrice: '6' },
        ])
      ).status,
    ).toBe(400);
    expect(await prepare([{ serialNumber: mine, pawsPrice: '5.001' }])).toMatchObject({ status: 400, json: { code: 'INVALID_PRICE' } });
    const many = Array.from({ length: 51 }, (_, index) => ({ serialNumber: index + 1, pawsPrice: '1' }));
    expect((await prepare(many)).status).toBe(400);
    const approvals = await call(suite.origin, 'POST', '/api/paws/allowance/bulk/prepare', {
      cookie: alice().cookie,
      body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumbers: [mine, bobSerial], spenderAccountId: MARKETPLACE },
    });
    expect(approvals).toMatchObject({ status: 403, json: { code: 'NOT_TIGER_OWNER' } });
    expect((await nftOnLedger(suite.origin, mine)).spender).toBeNull();
  });
});
