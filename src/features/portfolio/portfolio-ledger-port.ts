/**
 * What the portfolio reads from the ledger (the mirror node's transaction history): the account's
 * transactions that moved a tiger, one tiger's transfers, and a transaction's detail with its fees.
 */
import type { LedgerTransaction } from '@/features/ledger/ledger-reader-port';

/** A custom fee the ledger charged (AssessedCustomFee); `tokenId` null: HBAR. */
export interface AssessedFee {
  amount: bigint;
  collector: string;
  /** effective_payer_account_ids: who bore it (a royalty: the NFT's sender). */
  payers: string[];
  tokenId: string | null;
}

/** A transaction as /api/v1/transactions/{id} shows it (TransactionDetail): transfers plus the fees. */
export interface TradeTransaction extends LedgerTransaction {
  /** The network fee the payer was charged, tinybars (already inside the payer's HBAR transfer). */
  chargedTxFee: bigint;
  assessedCustomFees: AssessedFee[];
}

/** One transfer of a serial (NftTransactionTransfer). */
export interface NftMove {
  transactionId: string;
  consensusTimestamp: string;
  nonce: number;
  sender: string | null;
  receiver: string | null;
  type: string;
}

/** A transaction to read in detail: its id and which record (child records count up from nonce 1). */
export interface TransactionRef {
  transactionId: string;
  nonce: number;
  consensusTimestamp: string;
}

export interface PortfolioLedger {
  /** The account's successful transactions that moved a serial of `tokenId` to or from it, oldest first. */
  accountNftTransactions(accountId: string, tokenId: string): Promise<TransactionRef[]>;
  /** Every transfer of one serial, oldest first. */
  nftHistory(tokenId: string, serial: number): Promise<NftMove[]>;
  /** One record in detail; null when the mirror node does not have it. */
  transactionDetail(ref: TransactionRef): Promise<TradeTransaction | null>;
}
