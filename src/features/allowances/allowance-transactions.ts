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

/** A transaction frozen for the owner's wallet: its bytes (base64) and the id frozen into them, known before it is signed. */
export interface PreparedTransaction {
  transactionBytes: string;
  transactionId: string;
}

function freeze(transaction: Transaction, { payerAccountId, nodeAccountIds }: FreezeOptions): PreparedTransaction {
  const transactionId = TransactionId.generate(AccountId.fromString(payerAccountId));
  transaction
    .setTransactionId(transactionId)
    .setNodeAccountIds(nodeAccountIds.map((id) => AccountId.fromString(id)))
    .freeze();
  return { transactionBytes: Buffer.from(transaction.toBytes()).toString('base64'), transactionId: transactionId.toString() };
}

/** Frozen bytes approving `spender` to transfer one serial of the owner's NFTs. */
export function nftAllowanceApproveBytes(
  input: { owner: string; tokenId: string; serial: number; spender: string },
  options: FreezeOptions,
): PreparedTransaction {
  const nftId = new NftId(TokenId.fromString(input.tokenId), input.serial);
  return freeze(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nftId, input.owner, input.spender), options);
}

/** Frozen bytes approving `spender` to spend `amount` (smallest unit) of the owner's tokens. */
export function tokenAllowanceApproveBytes(
  input: { owner: string; tokenId: string; amount: bigint; spender: string },
  options: FreezeOptions,
): PreparedTransaction {
  const transaction = new AccountAllowanceApproveTransaction().approveTokenAllowance(input.tokenId, input.owner, input.spender, input.amount);
  return freeze(transaction, options);
}

/** Frozen bytes removing every spender's allowance on one serial (the unlist revocation). */
export function nftAllowanceDeleteBytes(input: { owner: string; tokenId: string; serial: number }, options: FreezeOptions): PreparedTransaction {
  const nftId = new NftId(TokenId.fromString(input.tokenId), input.serial);
  return freeze(new AccountAllowanceDeleteTransaction().deleteAllTokenNftAllowances(nftId, input.owner), options);
}
