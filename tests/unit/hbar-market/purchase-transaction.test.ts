import { AccountAllowanceApproveTransaction, AccountId, Hbar, NftId, TokenId, TransactionId, TransferTransaction, type Transaction } from '@hiero-ledger/sdk';
import { describe, expect, it } from 'vitest';
import { checkPurchaseTransaction } from '@/features/hbar-market/purchase-transaction';

const NFT = '0.0.7000333';
const PAWS = '0.0.9296439';
const MARKET = '0.0.7000200';
const SELLER = '0.0.7100003';
const BUYER = '0.0.7001004';
const expected = { buyerId: BUYER, tokenId: NFT, serial: 12, priceTinybars: 15_000_000_000n };

function bytes(transaction: Transaction): string {
  transaction
    .setTransactionId(TransactionId.generate(AccountId.fromString(MARKET)))
    .setNodeAccountIds([AccountId.fromString('0.0.3')])
    .freeze();
  return Buffer.from(transaction.toBytes()).toString('base64');
}

function purchase(options: { serial?: number; to?: string; buyerPays?: bigint } = {}): TransferTransaction {
  const pays = options.buyerPays ?? expected.priceTinybars;
  return new TransferTransaction()
    .addHbarTransfer(BUYER, Hbar.fromTinybars((-pays).toString()))
    .addHbarTransfer(SELLER, Hbar.fromTinybars(pays.toString()))
    .addApprovedNftTransfer(new NftId(TokenId.fromString(NFT), options.serial ?? 12), SELLER, options.to ?? BUYER);
}

describe('checking the purchase a market prepared', () => {
  it('accepts the NFT to the buyer for the price, and reads the transaction id, the seller and the HBAR it moves', () => {
    const prepared = purchase();
    const check = checkPurchaseTransaction(bytes(prepared), expected);
    expect(check).toEqual({
      ok: true,
      transactionId: prepared.transactionId?.toString(),
      sellerId: SELLER,
      hbar: {
        payerId: MARKET,
        transfers: [
          { accountId: BUYER, tinybars: '-15000000000' },
          { accountId: SELLER, tinybars: '15000000000' },
        ],
      },
    });
    expect(check.ok && check.transactionId.startsWith(`${MARKET}@`)).toBe(true);
  });

  it('accepts a cheaper purchase (the buyer never pays more than agreed)', () => {
    expect(checkPurchaseTransaction(bytes(purchase({ buyerPays: expected.priceTinybars - 1n })), expected).ok).toBe(true);
  });

  it('refuses a transaction that charges more, moves another serial or delivers to someone else', () => {
    expect(checkPurchaseTransaction(bytes(purchase({ buyerPays: expected.priceTinybars + 1n })), expected)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('more than the price'),
    });
    expect(checkPurchaseTransaction(bytes(purchase({ serial: 13 })), expected)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('does not deliver'),
    });
    expect(checkPurchaseTransaction(bytes(purchase({ to: '0.0.7001001' })), expected)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('does not deliver'),
    });
  });

  it('refuses one that also takes tokens from the buyer', () => {
    const withPaws = purchase().addTokenTransfer(PAWS, BUYER, -5).addTokenTransfer(PAWS, SELLER, 5);
    expect(checkPurchaseTransaction(bytes(withPaws), expected)).toMatchObject({ ok: false, reason: 'it also takes tokens from the buyer' });
  });

  it('refuses what is not a transfer, and bytes that are no transaction', () => {
    const approval = new AccountAllowanceApproveTransaction().approveTokenNftAllowance(new NftId(TokenId.fromString(NFT), 12), BUYER, MARKET);
    expect(checkPurchaseTransaction(bytes(approval), expected)).toEqual({ ok: false, reason: 'it is not a transfer' });
    expect(checkPurchaseTransaction(Buffer.from([1, 2, 3, 4]).toString('base64'), expected)).toMatchObject({ ok: false });
  });
});
