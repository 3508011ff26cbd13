const SDK_FORMAT = /^(\d+\.\d+\.\d+)@(\d{1,19})\.(\d{1,9})$/;
const MIRROR_FORMAT = /^(\d+\.\d+\.\d+)-(\d{1,19})-(\d{1,9})$/;

/** A transaction id split into its payer and valid start (seconds and nanoseconds as strings). */
export interface TransactionIdParts {
  payer: string;
  seconds: string;
  nanos: string;
}

/** Parses either the SDK form `0.0.5@1700000000.000000001` or the mirror form `0.0.5-1700000000-000000001`. */
export function parseTransactionId(value: string): TransactionIdParts | null {
  const match = SDK_FORMAT.exec(value) ?? MIRROR_FORMAT.exec(value);
  if (!match) return null;
  const [, payer = '', seconds = '', nanos = ''] = match;
  return { payer, seconds: String(BigInt(seconds)), nanos: nanos.padStart(9, '0') };
}

/** The mirror node's path form of a transaction id: `0.0.5-1700000000-000000001`. */
export function toMirrorTransactionId(value: string): string | null {
  const parts = parseTransactionId(value);
  return parts ? `${parts.payer}-${parts.seconds}-${parts.nanos}` : null;
}

/** The SDK's string form of a transaction id: `0.0.5@1700000000.000000001`. */
export function toSdkTransactionId(value: string): string | null {
  const parts = parseTransactionId(value);
  return parts ? `${parts.payer}@${parts.seconds}.${parts.nanos}` : null;
}

/**
 * Where a holder can check a transaction: its page on HashScan for mainnet (found by transaction id);
 * null on the sandbox network, which no public explorer knows.
 */
export function transactionExplorerUrl(network: 'mainnet' | 'sandbox', transactionId: string): string | null {
  const id = toMirrorTransactionId(transactionId);
  return network === 'mainnet' && id ? `https://hashscan.io/mainnet/transactionsById/${id}` : null;
}
