import {
  AccountAllowanceApproveTransaction,
  AccountAllowanceDeleteTransaction,
  AccountId,
  NftId,
  TokenId,
  type Transaction,
  TransactionId,
} from '@hiero-ledger/sdk';

export interface FreezeOptions {
  /** The account that pays for and signs the transaction (the owner). */
  payerAccountId: string;
  nodeAccountIds: readonly string[];
}

function freeze(transaction: Transaction, { payerAccountId, nodeAccountIds }: FreezeOptions): string {
  transaction
    .setTransactionId(TransactionId.generate(AccountId.fromString(payerAccountId)))
    .setNodeAccountIds(nodeAccountIds.map((id) => AccountId.fromString(id)))
    .freeze();
  return Buffer.from(transaction.toBytes()).toString('base64');
}

/** Frozen bytes (base64) approving `spender` to transfer one serial of the owner's NFTs. */
export function nftAllowanceApproveBytes(input: { owner: string; tokenId: string; serial: number; spender: string }, options: FreezeOptions): string {
  const nftId = new NftId(TokenId.fromString(input.tokenId), input.serial);
  return freeze(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nftId, input.owner, input.spender), options);
}

/** Frozen bytes (base64) approving `spender` to spend `amount` (smallest unit) of the owner's tokens. */
export function tokenAllowanceApproveBytes(input: { owner: string; tokenId: string; amount: bigint; spender: string }, options: FreezeOptions): string {
  const transaction = new AccountAllowanceApproveTransaction().approveTokenAllowance(input.tokenId, input.owner, input.spender, input.amount);
  return freeze(transaction, options);
}

/** Frozen bytes (base64) removing every spender's allowance on one serial (the unlist revocation). */
export function nftAllowanceDeleteBytes(input: { owner: string; tokenId: string; serial: number }, options: FreezeOptions): string {
  const nftId = new NftId(TokenId.fromString(input.tokenId), input.serial);
  return freeze(new AccountAllowanceDeleteTransaction().deleteAllTokenNftAllowances(nftId, input.owner), options);
}
