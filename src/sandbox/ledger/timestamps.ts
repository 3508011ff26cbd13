/** `seconds.nanos` with nine nanosecond digits. */
export function formatTimestamp(ns: bigint): string {
  return `${ns / 1_000_000_000n}.${(ns % 1_000_000_000n).toString().padStart(9, '0')}`;
}
