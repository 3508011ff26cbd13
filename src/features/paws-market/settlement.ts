import { NftId, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import type { LedgerWriter } from '../ledger/ledger-writer';

/**
 * The settlement port of the PAWS marketplace: one atomic transfer signed by the marketplace
 * account, moving the NFT seller -> buyer and the PAWS buyer -> seller, both as approved transfers.
 */
export interface SettlementInput {
  nftTokenId: string;
  serial: number;
  sellerId: string;
  buyerId: string;
  pawsTokenId: string;
  /** PAWS in the smallest unit. */
  amount: bigint;
}

export interface PreparedSettlement {
  /** Known before anything is submitted, so a claim can record it first. */
  transactionId: string;
  /** Signs as the marketplace, submits and waits for the receipt; a ledger rejection is a returned status. */
  execute(): Promise<{ status: string }>;
}

export interface Settlement {
  prepare(input: SettlementInput): Promise<PreparedSettlement>;
}

/** Settlement through the ledger-write port (the SDK on mainnet, the sandbox ledger locally). */
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
