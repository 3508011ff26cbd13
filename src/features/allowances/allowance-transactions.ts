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

/** Frozen bytes approving `spender` to transfer these serials of the owner's NFTs (one allowance each: at most MAX_ALLOWANCES_PER_TRANSACTION). */
export function nftAllowanceApproveBytes(
  input: { owner: string; tokenId: string; serials: readonly number[]; spender: string },
  options: FreezeOptions,
): PreparedTransaction {
  const transaction = new AccountAllowanceApproveTransaction();
  for (const serial of input.serials) transaction.approveTokenNftAllowance(new NftId(TokenId.fromString(input.tokenId), serial), input.owner, input.spender);
  return freeze(transaction, options);
}

/** Frozen bytes approving `spender` to spend `amount` (smallest unit) of the owner's tokens. */
export function tokenAllowanceApproveBytes(
  input: { owner: string; tokenId: string; amount: bigint; spender: string },
  options: FreezeOptions,
): PreparedTransaction {
  const transaction = new AccountAllowanceApproveTransaction().approveTokenAllowance(input.tokenId, input.owner, input.spender, input.amount);
  return freeze(transaction, options);
}

/** Frozen bytes removing every spender's allowance on these serials (the unlist revocation; at most MAX_ALLOWANCES_PER_TRANSACTION). */
export function nftAllowanceDeleteBytes(input: { owner: string; tokenId: string; serials: readonly number[] }, options: FreezeOptions): PreparedTransaction {
  const transaction = new AccountAllowanceDeleteTransaction();
  for (const serial of input.serials) transaction.deleteAllTokenNftAllowances(new NftId(TokenId.fromString(input.tokenId), serial), input.owner);
  return freeze(transaction, options);
}
