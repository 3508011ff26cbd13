/**
 * The consensus checks of the sandbox ledger, in Hedera's order: node, payer, validity window,
 * duplicates, signatures, then the transaction's own rules. Nothing is mutated.
 */
import type { DecodedTransaction } from './decode';
import type { Effects } from './effects';
import type { LedgerStatus } from './ledger-status';
import { checkSignatures } from './signatures';
import type { LedgerState } from './state';
import { approveEffects, deleteEffects } from './validate-allowance';
import { transferEffects } from './validate-transfer';

export type Verdict = { ok: true; effects: Effects } | { ok: false; status: LedgerStatus };

const MIN_VALID_DURATION_SECONDS = 15;
const MAX_VALID_DURATION_SECONDS = 180;

/** Everything a consensus node checks before a transaction changes state at `consensusNs`. */
export function checkTransaction(state: LedgerState, tx: DecodedTransaction, consensusNs: bigint): Verdict {
  const { network } = state;
  const fail = (status: LedgerStatus): Verdict => ({ ok: false, status });
  if (!tx.nodeAccountIds.includes(network.nodeAccountId)) return fail('INVALID_NODE_ACCOUNT');
  if (!state.accounts.has(tx.payer)) return fail('PAYER_ACCOUNT_NOT_FOUND');
  if (tx.validDurationSeconds < MIN_VALID_DURATION_SECONDS || tx.validDurationSeconds > MAX_VALID_DURATION_SECONDS) {
    return fail('INVALID_TRANSACTION_DURATION');
  }
  if (tx.validStartNs > consensusNs + BigInt(network.maxClockSkewSeconds) * 1_000_000_000n) return fail('INVALID_TRANSACTION_START');
  if (tx.validStartNs + BigInt(tx.validDurationSeconds) * 1_000_000_000n < consensusNs) return fail('TRANSACTION_EXPIRED');
  if (state.transactions.has(tx.transactionId)) return fail('DUPLICATE_TRANSACTION');
  const signatureStatus = checkSignatures(tx, state, network.nodeAccountId);
  if (signatureStatus) return fail(signatureStatus);
  const effects = computeEffects(state, tx);
  return typeof effects === 'string' ? fail(effects) : { ok: true, effects };
}

/** The transaction's own rules against the current state (also used to replay the log). */
export function computeEffects(state: LedgerState, tx: DecodedTransaction): Effects | LedgerStatus {
  switch (tx.body.name) {
    case 'CRYPTOTRANSFER':
      return transferEffects(state, tx.payer, tx.body);
    case 'CRYPTOAPPROVEALLOWANCE':
      return approveEffects(state, tx.body);
    case 'CRYPTODELETEALLOWANCE':
      return deleteEffects(state, tx.body);
  }
}
