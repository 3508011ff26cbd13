/** Spec 000 §5: ids starting with '0.0.' or of 10 characters or fewer in full; others as first 6 … last 4. */
export function formatAccountId(accountId: string): string {
  if (accountId.startsWith('0.0.') || accountId.length <= 10) return accountId;
  return `${accountId.slice(0, 6)}...${accountId.slice(-4)}`;
}

/** HBAR balance with 2 decimals. */
export function formatHbar(value: string | number): string {
  const amount = Number(value);
  return Number.isFinite(amount) ? amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '0.00';
}

/** An HBAR price with at most 2 decimals and thousands separators ('1,250', '99.5'). */
export function formatHbarPrice(value: number): string {
  return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : '0';
}

/** A PAWS amount with at most 2 decimals (001 §9). */
export function formatPaws(value: string | number): string {
  const amount = Number(value);
  return Number.isFinite(amount) ? amount.toLocaleString('en-US', { maximumFractionDigits: 2 }) : '0';
}

/** PAWS price: 6 decimals under 0.01, else 4. */
export function formatPawsPrice(price: number): string {
  return price.toFixed(price < 0.01 ? 6 : 4);
}

/** Market cap in K or M. */
export function formatMarketCap(value: number): string {
  if (value >= 1_000_000) return `$${(value / 1_000_000).toFixed(2)}M`;
  if (value >= 1_000) return `$${(value / 1_000).toFixed(2)}K`;
  return `$${value.toFixed(2)}`;
}
