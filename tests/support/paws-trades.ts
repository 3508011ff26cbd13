/** The PAWS market's write flows as a holder's client runs them, for API tests: list, approve PAWS, buy. */
import { expect } from 'vitest';
import { MARKETPLACE, NFT_TOKEN, PAWS_TOKEN, call, signAndExecute, signIn } from './sandbox-client';

/** A signed-in holder on a test server: its origin, account and session cookie. */
export interface Holder {
  origin: string;
  accountId: string;
  cookie: string;
}

/** Signs `accountId` in on the server at `origin`, as its wallet would. */
export async function signedInHolder(origin: string, accountId: string): Promise<Holder> {
  return { origin, accountId, cookie: await signIn(origin, accountId) };
}

/** Lists `serial` for `price` PAWS: prepare, approve the NFT allowance in the "wallet", complete. */
export async function listForPaws(seller: Holder, serial: number, price: string): Promise<{ id: string; pawsPrice: string; nftName: string }> {
  const prepared = await call<{ pendingListing: { id: string } }>(seller.origin, 'POST', '/api/paws/listings/prepare', {
    cookie: seller.cookie,
    body: { sellerId: seller.accountId, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: price, nftName: 'ignored', rarityRank: 1 },
  });
  expect(prepared.status).toBe(200);
  const allowance = await call<{ transactionBytes: string }>(seller.origin, 'POST', '/api/paws/allowance/prepare', {
    cookie: seller.cookie,
    body: { ownerAccountId: seller.accountId, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
  });
  const approval = await signAndExecute(seller.origin, seller.accountId, allowance.json.transactionBytes);
  expect(approval.status).toBe('SUCCESS');
  const completed = await call<{ listing: { id: string; pawsPrice: string; nftName: string } }>(seller.origin, 'POST', '/api/paws/listings/complete', {
    cookie: seller.cookie,
    body: { pendingListing: prepared.json.pendingListing, approvalTransactionId: approval.transactionId },
  });
  expect(completed.status).toBe(200);
  return completed.json.listing;
}

/** The buyer's PAWS allowance to the marketplace, set to `amount` whole PAWS through the "wallet". */
export async function approvePawsSpend(buyer: Holder, amount: string): Promise<void> {
  const prepared = await call<{ transactionBytes: string }>(buyer.origin, 'POST', '/api/paws/token-allowance/prepare', {
    cookie: buyer.cookie,
    body: { ownerAccountId: buyer.accountId, tokenId: PAWS_TOKEN, amount, spenderAccountId: MARKETPLACE },
  });
  expect(prepared.status).toBe(200);
  expect((await signAndExecute(buyer.origin, buyer.accountId, prepared.json.transactionBytes)).status).toBe('SUCCESS');
}

/** Buys a PAWS listing (the server settles it on the ledger before it answers). */
export function buyListing(buyer: Holder, listingId: string) {
  return call(buyer.origin, 'POST', '/api/paws/buy/prepare', { cookie: buyer.cookie, body: { listingId, buyerId: buyer.accountId } });
}

/** Tells a stand-in of the server's sandbox network to fail its next requests (src/sandbox/faults.ts). */
export async function injectFault(origin: string, rule: { service: string; match: string; fault: string; times?: number }): Promise<void> {
  expect((await call(origin, 'POST', '/sandbox/faults', { body: rule })).status).toBe(201);
}
