/** What the sandbox remembers of a transaction for the mirror node's /transactions endpoint. */
import type { HbarTransfer, NftTransfer, TokenTransfer } from '../../features/ledger/ledger-reader';
import type { DecodedTransaction } from './decode';
import type { LedgerStatus } from './ledger-status';
import { formatTimestamp } from './state';

export interface TransactionRecord {
  /** SDK form: `0.0.5@1700000000.000000001`. */
  transactionId: string;
  name: DecodedTransaction['body']['name'];
  result: LedgerStatus;
  consensusTimestamp: string;
  validStartTimestamp: string;
  validDurationSeconds: number;
  memo: string;
  maxFee: bigint;
  node: string;
  /** SHA-384 of the signed transaction, base64. */
  transactionHash: string;
  transfers: HbarTransfer[];
  tokenTransfers: TokenTransfer[];
  nftTransfers: NftTransfer[];
}

/** Builds the record; only a SUCCESS moves value, so only it lists transfers (no fees in the sandbox). */
export async function buildTransactionRecord(
  tx: DecodedTransaction,
  result: LedgerStatus,
  consensusTimestamp: string,
  node: string,
): Promise<TransactionRecord> {
  const hashes = await tx.transaction.getTransactionHashPerNode();
  const hash = hashes.get(node) ?? (await tx.transaction.getTransactionHash());
  const moved = result === 'SUCCESS' && tx.body.name === 'CRYPTOTRANSFER' ? tx.body : null;
  return {
    transactionId: tx.transactionId,
    name: tx.body.name,
    result,
    consensusTimestamp,
    validStartTimestamp: formatTimestamp(tx.validStartNs),
    validDurationSeconds: tx.validDurationSeconds,
    memo: tx.memo,
    maxFee: tx.maxFee,
    node,
    transactionHash: Buffer.from(hash).toString('base64'),
    transfers: moved ? moved.hbar.map((l) => ({ account: l.account, amount: l.amount, isApproval: l.isApproval })) : [],
    tokenTransfers: moved ? moved.tokens.map((l) => ({ tokenId: l.tokenId, account: l.account, amount: l.amount, isApproval: l.isApproval })) : [],
    nftTransfers: moved ? moved.nfts.map((n) => ({ ...n })) : [],
  };
}
