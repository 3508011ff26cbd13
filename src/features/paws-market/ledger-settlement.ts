import { NftId, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import type { LedgerWriter } from '@/features/ledger/ledger-writer-port';
import type { BatchSettlement, BatchSettlementInput, PreparedSettlement, Settlement } from './settlement';

/**
 * Settlement through the ledger-write port (the SDK on mainnet, the sandbox ledger locally): one
 * transfer for one tiger or a checkout's batch. Apart from settlement.ts so that a Lambda loads the
 * SDK on its first settlement, not on its cold start.
 */
export function createLedgerSettlement(writer: LedgerWriter): Settlement & BatchSettlement {
  async function prepareBatch({ buyerId, pawsTokenId, sales }: BatchSettlementInput): Promise<PreparedSettlement> {
    const transfer = new TransferTransaction();
    const credits = new Map<string, bigint>();
    for (const sale of sales) {
      transfer.addApprovedNftTransfer(new NftId(TokenId.fromString(sale.nftTokenId), sale.serial), sale.sellerId, buyerId);
      credits.set(sale.sellerId, (credits.get(sale.sellerId) ?? 0n) + sale.amount);
    }
    transfer.addApprovedTokenTransfer(pawsTokenId, buyerId, -[...credits.values()].reduce((sum, amount) => sum + amount, 0n));
    for (const [sellerId, amount] of credits) transfer.addTokenTransfer(pawsTokenId, sellerId, amount);
    const transaction = writer.freeze(transfer);
    const transactionId = transaction.transactionId?.toString();
    if (!transactionId) throw new Error('A frozen settlement has no transaction id');
    return {
      transactionId,
      execute: async () => writer.execute((await writer.signAsOperator(transaction)).toBytes()),
    };
  }
  return {
    prepare: ({ nftTokenId, serial, sellerId, buyerId, pawsTokenId, amount }) =>
      prepareBatch({ buyerId, pawsTokenId, sales: [{ nftTokenId, serial, sellerId, amount }] }),
    prepareBatch,
  };
}
