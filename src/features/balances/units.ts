/** Converts an integer amount in the smallest unit to a decimal string (1234500000, 8 -> "12.345"). */
export function formatUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Parses a decimal string into the smallest unit; undefined when malformed or more precise than `decimals`. */
export function parseUnits(value: string, decimals: number): bigint | undefined {
  const match = /^(\d{1,30})(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return undefined;
  return BigInt((match[1] as string) + fraction.padEnd(decimals, '0'));
}

/** The largest amount the ledger holds, in a token's smallest unit (int64); more would wrap in the SDK. */
export const MAX_TOKEN_UNITS = 2n ** 63n - 1n;

/** Tinybars per HBAR. */
export const HBAR_DECIMALS = 8;
