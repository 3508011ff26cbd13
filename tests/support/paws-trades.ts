/** The PAWS market's write flows as a holder's client runs them, for API tests: list, approve PAWS, buy. */
import { AccountId, TokenId, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { expect } from 'vitest';
import { MARKETPLACE, NFT_TOKEN, PAWS_TOKEN, call, signAndExecute, signAndSubmit, signIn } from './sandbox-client';

/** A signed-in holder on a test server: its origin, account and session cookie. */
export interface Holder {
  origin: string;
  accountId: string;
  cookie: string;
}

/** When the holder's "wallet" answers a signing: with the receipt (SUCCESS; the default), or after the precheck (OK), as HashPack does. */
export interface WalletAnswer {
  wallet?: 'receipt' | 'precheck';
}

/** Signs `accountId` in on the server at `origin`, as its wallet would. */
export async function signedInHolder(origin: string, accountId: string): Promise<Holder> {
  return { origin, accountId, cookie: await signIn(origin, accountId) };
}

/** The holder's "wallet" signs and submits prepared bytes; the transaction's id, once answered as `wallet` says. */
async function walletSigns(holder: Pick<Holder, 'origin' | 'accountId'>, transactionBytes: string, { wallet = 'receipt' }: WalletAnswer): Promise<string> {
  if (wallet === 'precheck') {
    const submitted = await signAndSubmit(holder.origin, holder.accountId, transactionBytes);
    expect(submitted.status).toBe('OK');
    return submitted.transactionId;
  }
  const executed = await signAndExecute(holder.origin, holder.accountId, transactionBytes);
  expect(executed.status).toBe('SUCCESS');
  return executed.transactionId;
}

/** The owner approves the marketplace for one tiger through the "wallet"; the approval's transaction id. */
export async function approveTigerSpend(owner: Holder, serial: number, answer: WalletAnswer = {}): Promise<string> {
  const prepared = await call<{ transactionBytes: string }>(owner.origin, 'POST', '/api/paws/allowance/prepare', {
    cookie: owner.cookie,
    body: { ownerAccountId: owner.accountId, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
  });
  expect(prepared.status).toBe(200);
  return walletSigns(owner, prepared.json.transactionBytes, answer);
}

/** Lists `serial` for `price` PAWS: prepare, approve the NFT allowance in the "wallet", complete. */
export async function listForPaws(
  seller: Holder,
  serial: number,
  price: string,
  answer: WalletAnswer = {},
): Promise<{ id: string; pawsPrice: string; nftName: string }> {
  const prepared = await call<{ pendingListing: { id: string }; marketplaceAccountId: string }>(seller.origin, 'POST', '/api/paws/listings/prepare', {
    cookie: seller.cookie,
    body: { sellerId: seller.accountId, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: price, nftName: 'ignored', rarityRank: 1 },
  });
  expect(prepared.status).toBe(200);
  // The allowance below is the marketplace's, as the server names it.
  expect(prepared.json.marketplaceAccountId).toBe(MARKETPLACE);
  const approvalTransactionId = await approveTigerSpend(seller, serial, answer);
  const completed = await call<{ listing: { id: string; pawsPrice: string; nftName: string } }>(seller.origin, 'POST', '/api/paws/listings/complete', {
    cookie: seller.cookie,
    body: { pendingListing: prepared.json.pendingListing, approvalTransactionId },
  });
  expect(completed.status).toBe(200);
  return completed.json.listing;
}

/** The buyer's PAWS allowance to the marketplace, set to `amount` whole PAWS through the "wallet"; the approval's transaction id. */
export async function approvePawsSpend(buyer: Holder, amount: string, answer: WalletAnswer = {}): Promise<string> {
  const prepared = await call<{ transactionBytes: string }>(buyer.origin, 'POST', '/api/paws/token-allowance/prepare', {
    cookie: buyer.cookie,
    body: { ownerAccountId: buyer.accountId, tokenId: PAWS_TOKEN, amount, spenderAccountId: MARKETPLACE },
  });
  expect(prepared.status).toBe(200);
  return walletSigns(buyer, prepared.json.transactionBytes, answer);
}

/** Buys a PAWS listing (the server settles it on the ledger before it answers), naming an allowance approval for it to wait for. */
export function buyListing(buyer: Holder, listingId: string, allowanceTransactionId?: string) {
  return call<{ success?: boolean; transactionId?: string; code?: string; [field: string]: unknown }>(buyer.origin, 'POST', '/api/paws/buy/prepare', {
    cookie: buyer.cookie,
    body: { listingId, buyerId: buyer.accountId, ...(allowanceTransactionId ? { allowanceTransactionId } : {}) },
  });
}

/** The sender's "wallet" moves `amount` PAWS base units to `to` (a holder spending what backed an offer); the transfer's transaction id. */
export function sendPaws(sender: Pick<Holder, 'origin' | 'accountId'>, to: string, amount: bigint, answer: WalletAnswer = {}): Promise<string> {
  const transfer = new TransferTransaction()
    .addTokenTransfer(TokenId.fromString(PAWS_TOKEN), sender.accountId, -amount)
    .addTokenTransfer(TokenId.fromString(PAWS_TOKEN), to, amount)
    .setTransactionId(TransactionId.generate(sender.accountId))
    .setNodeAccountIds([AccountId.fromString('0.0.3')])
    .freeze();
  return walletSigns(sender, Buffer.from(transfer.toBytes()).toString('base64'), answer);
}

/** Tells a stand-in of the server's sandbox network to fail its next requests (src/sandbox/faults.ts). */
export async function injectFault(origin: string, rule: { service: string; match: string; fault: string; times?: number }): Promise<void> {
  expect((await call(origin, 'POST', '/sandbox/faults', { body: rule })).status).toBe(201);
}

/** What a cart's checkout answers: each listing bought, pending, dropped or refused, and each transfer submitted. */
export interface CheckoutAnswer {
  success?: boolean;
  code?: string;
  amount?: string;
  bought: { listingId: string; serialNumber: number; transactionId: string }[];
  pending: { listingId: string; transactionId: string }[];
  dropped: { listingId: string; reason: string }[];
  failed: { listingId: string; status: string }[];
  transfers: { transactionId: string; status: string; serials: number[] }[];
}

/** Checks out a cart of PAWS listings (the server settles every transfer before it answers), naming an allowance approval for it to wait for. */
export function checkoutCart(buyer: Holder, listingIds: readonly string[], allowanceTransactionId?: string) {
  return call<CheckoutAnswer>(buyer.origin, 'POST', '/api/paws/cart/checkout', {
    cookie: buyer.cookie,
    body: { buyerId: buyer.accountId, listingIds, ...(allowanceTransactionId ? { allowanceTransactionId } : {}) },
  });
}

/** A bulk listing's pending listings and the allowance transactions that approve them (20 tigers each at most). */
export interface BulkPrepared {
  pendingListings: { id: string; serialNumber: number; pawsPrice: string }[];
  transactions: { serialNumbers: number[]; transactionBytes: string; transactionId: string }[];
}

/** Lists several tigers at once: prepare, approve them in as few "wallet" transactions as the ledger allows, complete. */
export async function bulkListForPaws(seller: Holder, items: readonly { serialNumber: number; pawsPrice: string }[]) {
  const prepared = await call<{ pendingListings: BulkPrepared['pendingListings'] }>(seller.origin, 'POST', '/api/paws/listings/bulk/prepare', {
    cookie: seller.cookie,
    body: { sellerId: seller.accountId, tokenId: NFT_TOKEN, items },
  });
  expect(prepared.status).toBe(200);
  const approvals = await call<{ transactions: BulkPrepared['transactions'] }>(seller.origin, 'POST', '/api/paws/allowance/bulk/prepare', {
    cookie: seller.cookie,
    body: { ownerAccountId: seller.accountId, tokenId: NFT_TOKEN, serialNumbers: items.map((item) => item.serialNumber), spenderAccountId: MARKETPLACE },
  });
  expect(approvals.status).toBe(200);
  const approvedBy = new Map<number, string>();
  for (const transaction of approvals.json.transactions) {
    const id = await walletSigns(seller, transaction.transactionBytes, {});
    for (const serial of transaction.serialNumbers) approvedBy.set(serial, id);
  }
  const completeItems = prepared.json.pendingListings.map((pending) => ({
    pendingListingId: pending.id,
    approvalTransactionId: approvedBy.get(pending.serialNumber) as string,
  }));
  const completed = await call<{ listings: { id: string; serialNumber: number; pawsPrice: string }[]; failed: unknown[] }>(
    seller.origin,
    'POST',
    '/api/paws/listings/bulk/complete',
    { cookie: seller.cookie, body: { items: completeItems } },
  );
  return { prepared: { pendingListings: prepared.json.pendingListings, transactions: approvals.json.transactions }, completeItems, completed };
}
