/**
 * `hedera.allowances.maxTransactionLimit` (default 20, hiero-consensus-node `HederaConfig.java`):
 * allowances one approve or delete transaction carries, each NFT serial counted as one
 * (`AllowanceValidator.aggregateApproveNftAllowances`); more is MAX_ALLOWANCES_EXCEEDED.
 */
export const MAX_ALLOWANCES_PER_TRANSACTION = 20;

/** Tigers one bulk approval or revocation takes at most (split into transactions of MAX_ALLOWANCES_PER_TRANSACTION). */
export const MAX_BULK_TIGERS = 50;

/** Serials split into as few approve (or delete) transactions as the allowance limit allows, in order. */
export function allowanceBatches(serials: readonly number[]): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < serials.length; start += MAX_ALLOWANCES_PER_TRANSACTION)
    batches.push(serials.slice(start, start + MAX_ALLOWANCES_PER_TRANSACTION));
  return batches;
}
