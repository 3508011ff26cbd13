import { NftId, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import type { LedgerWriter } from '../ledger/ledger-writer';
import type { Settlement } from './settlement';

/**
 * Settlement through the ledger-write port (the SDK on mainnet, the sandbox ledger locally). Apart
 * from settlement.ts so that a Lambda loads the SDK on its first settlement, not on its cold start.
 */
export function createLedgerSettlement(writer: LedgerWriter): Settlement {
  return {
    async prepare(input) {
      const nftId = new NftId(TokenId.fromString(input.nftTokenId), input.serial);
      const transaction = writer.freeze(
        new TransferTransaction()
          .addApprovedNftTransfer(nftId, input.sellerId, input.buyerId)
          .addApprovedTokenTransfer(input.pawsTokenId, input.buyerId, -input.amount)
          .addTokenTransfer(input.pawsTokenId, input.sellerId, input.amount),
      );
      const transactionId = transaction.transactionId?.toString();
      if (!transactionId) throw new Error('A frozen settlement has no transaction id');
      return {
        transactionId,
        execute: async () => writer.execute((await writer.signAsOperator(transaction)).toBytes()),
      };
    },
  };
}
