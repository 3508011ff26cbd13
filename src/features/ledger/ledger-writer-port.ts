/**
 * The ledger-write port. A service builds an SDK transaction (e.g. a TransferTransaction with
 * approved legs), freezes it, has the marketplace operator sign it, and executes the bytes:
 *
 *   const tx = writer.freeze(new TransferTransaction().addApprovedNftTransfer(...));
 *   const result = await writer.execute((await writer.signAsOperator(tx)).toBytes());
 *
 * Bytes signed elsewhere (a user's wallet) go through `execute` too. A ledger rejection is a
 * returned status; only transport failures throw (LedgerUnavailableError).
 */
import type { Transaction } from '@hiero-ledger/sdk';

export interface LedgerExecution {
  /** Hedera status name: SUCCESS, INSUFFICIENT_TOKEN_BALANCE, INVALID_SIGNATURE... */
  status: string;
  /** SDK form: `0.0.5@1700000000.000000001` (empty if the bytes had no readable id). */
  transactionId: string;
  /** Known on the sandbox; on mainnet read it from the mirror node (LedgerReader.getTransaction). */
  consensusTimestamp?: string;
}

/**
 * The consensus nodes' receipts: a free query that a node answers as soon as the transaction reached
 * consensus (seconds before the mirror node shows it), for about 3 minutes after.
 */
export interface ReceiptReader {
  /**
   * The transaction's status once it reached consensus (SUCCESS or the ledger's refusal); null when
   * no node gave one within `waitMs` (not reached consensus yet, unknown to the nodes or past their
   * receipt memory, or no node answered): the mirror node then has the last word.
   */
  receiptStatus(transactionId: string, waitMs: number): Promise<string | null>;
}

export interface LedgerWriter extends ReceiptReader {
  readonly operatorAccountId: string;
  /** Sets a fresh transaction id paid by `payerAccountId` (default: the operator) and the node ids, then freezes. */
  freeze<T extends Transaction>(tx: T, payerAccountId?: string): T;
  /** Adds the marketplace operator's signature. */
  signAsOperator<T extends Transaction>(tx: T): Promise<T>;
  /** Submits signed bytes and waits for the receipt. */
  execute(signedTransactionBytes: Uint8Array): Promise<LedgerExecution>;
}

/** Freeze, sign as operator and execute in one call. */
export async function executeAsOperator(writer: LedgerWriter, tx: Transaction): Promise<LedgerExecution> {
  const signed = await writer.signAsOperator(tx.isFrozen() ? tx : writer.freeze(tx));
  return writer.execute(signed.toBytes());
}
