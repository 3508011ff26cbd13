/**
 * Display formats. Numbers and dates are formatted here without Intl: the first Intl formatter a
 * page makes loads the locale data, a blocking task of about 40 ms on a fast machine (150 ms on a
 * mid-range phone), and every toLocaleString call with options makes a new one.
 */

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** Adds one to the last digit of a string of digits ('0999' -> '1000'). */
function incremented(digits: string): string {
  let carry: boolean = true;
  let result = '';
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    const digit: number = Number(digits[index]) + (carry ? 1 : 0);
    carry = digit === 10;
    result = String(digit % 10) + result;
  }
  return carry ? `1${result}` : result;
}

/**
 * A number as `toLocaleString('en-US', { maximumFractionDigits, minimumFractionDigits })` shows it:
 * thousands separators, at most `maxDigits` decimals, trailing zeros kept down to `minDigits`. As
 * Intl does, it rounds the number's shortest decimal form half away from zero (0.995 -> '1').
 */
export function formatNumber(value: number, maxDigits = 3, minDigits = 0): string {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || magnitude >= 1e21)
    return value.toLocaleString('en-US', { maximumFractionDigits: maxDigits, minimumFractionDigits: minDigits });
  // Below 1e-6 String() switches to exponents; such a value shows as 0 at three decimals or fewer.
  const [whole = '0', decimals = ''] = (magnitude < 1e-6 ? '0' : String(magnitude)).split('.');
  let digits = `${whole}${decimals.slice(0, maxDigits).padEnd(maxDigits, '0')}`;
  if (Number(decimals[maxDigits] ?? 0) >= 5) digits = incremented(digits);
  const integer = digits.slice(0, digits.length - maxDigits) || '0';
  let fraction = digits.slice(digits.length - maxDigits);
  while (fraction.length > minDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${integer.replace(GROUPS, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** A whole count with thousands separators ('3,333'). */
export function formatCount(value: number): string {
  return formatNumber(value, 0);
}

/** US dollars with cents, as Intl's en-US currency format shows them: '$1,234.50', '-$3.00'. */
export function formatUsd(value: number): string {
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}$${formatNumber(Math.abs(value), 2, 2)}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A day in UTC as 'Nov 24' (`month: 'short'`) or 'November 24, 2026' (`month: 'long'` with the year). */
export function formatUtcDay(time: Date, month: 'short' | 'long' = 'short'): string {
  if (Number.isNaN(time.getTime())) return '';
  const name = MONTHS[time.getUTCMonth()] ?? '';
  return month === 'short' ? `${name.slice(0, 3)} ${time.getUTCDate()}` : `${name} ${time.getUTCDate()}, ${time.getUTCFullYear()}`;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** A moment in the visitor's time zone as toLocaleString('en-US') shows it: '11/24/2026, 10:17:02 AM'. */
export function formatLocalDateTime(time: Date): string {
  if (Number.isNaN(time.getTime())) return '';
  const hours = time.getHours();
  const clock = `${hours % 12 || 12}:${pad2(time.getMinutes())}:${pad2(time.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${time.getMonth() + 1}/${time.getDate()}/${time.getFullYear()}, ${clock}`;
}

/** Spec 000 §5: ids starting with '0.0.' or of 10 characters or fewer in full; others as first 6 … last 4. */
export function formatAccountId(accountId: string): string {
  if (accountId.startsWith('0.0.') || accountId.length <= 10) return accountId;
  return `${accountId.slice(0, 6)}...${accountId.slice(-4)}`;
}

/** HBAR balance with 2 decimals. */
export function formatHbar(value: string | number): string {
  const amount = Number(value);
  return Number.isFinite(amount) ? formatNumber(amount, 2, 2) : '0.00';
}

/** An HBAR price with at most 2 decimals and thousands separators ('1,250', '99.5'). */
export function formatHbarPrice(value: number): string {
  return Number.isFinite(value) ? formatNumber(value, 2) : '0';
}

/** A PAWS amount with at most 2 decimals (001 §9). */
export function formatPaws(value: string | number): string {
  const amount = Number(value);
  return Number.isFinite(amount) ? formatNumber(amount, 2) : '0';
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
