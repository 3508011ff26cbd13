/**
 * The checks of the sandbox ledger, in Hedera's order: node, payer, validity window, duplicates,
 * signatures, then the transaction's own rules. A node's precheck runs the first of them (the
 * payer's signature only) when it accepts a submission; consensus runs them all. Nothing is mutated.
 */
import type { DecodedTransaction } from './decode';
import type { Effects } from './effects';
import type { LedgerStatus } from './ledger-status';
import { checkSignatures } from './signatures';
import type { LedgerState } from './state';
import { approveEffects, deleteEffects } from './validate-allowance';
import { associateEffects } from './validate-associate';
import { burnEffects } from './validate-burn';
import { transferEffects } from './validate-transfer';

export type Verdict = { ok: true; effects: Effects } | { ok: false; status: LedgerStatus };

const MIN_VALID_DURATION_SECONDS = 15;
const MAX_VALID_DURATION_SECONDS = 180;

/**
 * What a node checks before it accepts a submission (its precheck), at `nowNs`: the node, the
 * payer, the validity window, duplicates and the payer's signature. Null when it accepts.
 */
export function precheckTransaction(state: LedgerState, tx: DecodedTransaction, nowNs: bigint): LedgerStatus | null {
  return envelopeStatus(state, tx, nowNs) ?? checkSignatures(tx, state, state.network.nodeAccountId, 'payer');
}

/** Everything a consensus node checks before a transaction changes state at `consensusNs`. */
export function checkTransaction(state: LedgerState, tx: DecodedTransaction, consensusNs: bigint): Verdict {
  const fail = (status: LedgerStatus): Verdict => ({ ok: false, status });
  const status = envelopeStatus(state, tx, consensusNs) ?? checkSignatures(tx, state, state.network.nodeAccountId);
  if (status) return fail(status);
  const effects = computeEffects(state, tx);
  return typeof effects === 'string' ? fail(effects) : { ok: true, effects };
}

/** The checks of the transaction's envelope (node, payer, validity window, duplicates) at `atNs`. */
function envelopeStatus(state: LedgerState, tx: DecodedTransaction, atNs: bigint): LedgerStatus | null {
  const { network } = state;
  if (!tx.nodeAccountIds.includes(network.nodeAccountId)) return 'INVALID_NODE_ACCOUNT';
  if (!state.accounts.has(tx.payer)) return 'PAYER_ACCOUNT_NOT_FOUND';
  if (tx.validDurationSeconds < MIN_VALID_DURATION_SECONDS || tx.validDurationSeconds > MAX_VALID_DURATION_SECONDS) {
    return 'INVALID_TRANSACTION_DURATION';
  }
  if (tx.validStartNs > atNs + BigInt(network.maxClockSkewSeconds) * 1_000_000_000n) return 'INVALID_TRANSACTION_START';
  if (tx.validStartNs + BigInt(tx.validDurationSeconds) * 1_000_000_000n < atNs) return 'TRANSACTION_EXPIRED';
  if (state.transactions.has(tx.transactionId)) return 'DUPLICATE_TRANSACTION';
  return null;
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
    case 'TOKENBURN':
      return burnEffects(state, tx.body);
    case 'TOKENASSOCIATE':
      return associateEffects(state, tx.body);
  }
}
