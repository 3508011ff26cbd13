import { AccountId, Hbar, NftId, TokenId, Transaction, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { describe, expect, it } from 'vitest';
import { frozenTransactionId } from '@/features/hbar-market/frozen-transaction-id';

function frozen(payer: string, nodes = ['0.0.3']): { bytes: string; id: string } {
  const transaction = new TransferTransaction()
    .addHbarTransfer('0.0.7001004', Hbar.fromTinybars('-15000000000'))
    .addHbarTransfer('0.0.7100003', Hbar.fromTinybars('15000000000'))
    .addApprovedNftTransfer(new NftId(TokenId.fromString('0.0.7000333'), 12), '0.0.7100003', '0.0.7001004')
    .setTransactionId(TransactionId.generate(AccountId.fromString(payer)))
    .setNodeAccountIds(nodes.map((node) => AccountId.fromString(node)))
    .freeze();
  return { bytes: Buffer.from(transaction.toBytes()).toString('base64'), id: transaction.transactionId?.toString() ?? '' };
}

describe('the transaction id frozen into prepared bytes', () => {
  it('is read without the SDK, in the SDK’s form', () => {
    for (const payer of ['0.0.7000200', '0.0.7001004', '0.0.2']) {
      const { bytes, id } = frozen(payer, ['0.0.3', '0.0.4']);
      expect(frozenTransactionId(bytes)).toBe(id);
      expect(id).toMatch(/^0\.0\.\d+@\d+\.\d{9}$/);
    }
  });

  it('survives a signature (the wallet-signed bytes carry the same id)', async () => {
    const { bytes, id } = frozen('0.0.7000200');
    const { PrivateKey } = await import('@hiero-ledger/sdk');
    const signed = await Transaction.fromBytes(Buffer.from(bytes, 'base64')).sign(PrivateKey.generateED25519());
    expect(frozenTransactionId(Buffer.from(signed.toBytes()).toString('base64'))).toBe(id);
  });

  it('is undefined for anything else', () => {
    expect(frozenTransactionId('')).toBeUndefined();
    expect(frozenTransactionId('not base64!')).toBeUndefined();
    expect(frozenTransactionId(Buffer.from('hello world').toString('base64'))).toBeUndefined();
    expect(frozenTransactionId(Buffer.from([0x0a, 0x05, 0x01]).toString('base64'))).toBeUndefined();
  });
});
