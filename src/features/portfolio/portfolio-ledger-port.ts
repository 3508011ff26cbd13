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
  /** Staking rewards paid out with the transaction (already inside the accounts' HBAR transfers): not trade money. */
  stakingRewards: { account: string; amount: bigint }[];
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

/** The account's transactions that moved a tiger, and how far its transaction list was read. */
export interface AccountTigerTransactions {
  refs: TransactionRef[];
  /** The consensus timestamp of the last transaction listed (of any kind); null when none was. */
  through: string | null;
  /** True when the list goes on past `through` (the pages asked for were read, not the whole list). */
  more: boolean;
}

export interface PortfolioLedger {
  /**
   * The account's successful transactions that moved a serial of `tokenId` to or from it, oldest first;
   * with `after`, only those after that consensus timestamp (the list read on from where it stopped);
   * at most `pages` pages of the list (of 100 transactions of any kind).
   */
  accountNftTransactions(accountId: string, tokenId: string, after: string | null, pages: number): Promise<AccountTigerTransactions>;
  /** Every transfer of one serial, oldest first. */
  nftHistory(tokenId: string, serial: number): Promise<NftMove[]>;
  /** One record in detail; null when the mirror node does not have it. */
  transactionDetail(ref: TransactionRef): Promise<TradeTransaction | null>;
}
