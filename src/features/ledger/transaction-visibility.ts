/** When a transaction can still appear on the mirror node (pure: shared by the server and the browser). */
import { parseTransactionId } from './transaction-id';

/**
 * How long after its valid start a transaction may still appear on the mirror node: the longest
 * valid duration a node accepts (180 s) plus a generous allowance for the mirror's lag.
 */
export const TRANSACTION_VISIBLE_WITHIN_MS = 240_000;

/** When a transaction, if it has not appeared on the mirror node by then, never will (ms since the epoch; 0 for a malformed id). */
export function visibleUntil(transactionId: string): number {
  const parts = parseTransactionId(transactionId);
  return parts ? Number(parts.seconds) * 1000 + TRANSACTION_VISIBLE_WITHIN_MS : 0;
}

/** True when a transaction with this id, absent from the mirror node at `nowMs`, can no longer appear there. */
export function isPastValidity(transactionId: string, nowMs: number): boolean {
  return !!parseTransactionId(transactionId) && nowMs > visibleUntil(transactionId);
}
