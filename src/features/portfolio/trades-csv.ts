/**
 * The holder's trades as CSV (issue 58 item 2), for tax tools: one row per tiger leg and currency,
 * with the columns date, tiger, side, price, currency, USD value, fees, counterparty, transaction id,
 * then kind and notes. Values are escaped per RFC 4180; a cell a spreadsheet would run as a formula
 * is prefixed with a quote.
 */
import { formatUnits, HBAR_DECIMALS } from '@/features/balances/units';
import type { PriceHistory } from '@/features/prices/price-port';
import type { TigerLeg } from './cost-basis-rules';
import { roundUsd, timestampIso, usdAt } from './pnl-rules';

const TRADES_CSV_COLUMNS = ['date', 'tiger', 'side', 'price', 'currency', 'USD value', 'fees', 'counterparty', 'transaction id', 'kind', 'notes'] as const;

/** One CSV cell: quoted when it holds a comma, quote or line break; a leading =, +, - or @ defused. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The fees the holder bore on a leg, in words ("2.75 PAWS; 0.0012 HBAR"). */
function feesText(leg: TigerLeg, pawsDecimals: number): string {
  const parts: string[] = [];
  if (leg.fees.royalty.paws > 0n) parts.push(`${formatUnits(leg.fees.royalty.paws, pawsDecimals)} PAWS royalty`);
  if (leg.fees.royalty.hbar > 0n) parts.push(`${formatUnits(leg.fees.royalty.hbar, HBAR_DECIMALS)} HBAR royalty`);
  if (leg.fees.networkTinybars > 0n) parts.push(`${formatUnits(leg.fees.networkTinybars, HBAR_DECIMALS)} HBAR network fee`);
  return parts.join('; ');
}

/** The CSV text of the legs, oldest first, with a header row. */
export function tradesCsv(legs: readonly TigerLeg[], history: PriceHistory, pawsDecimals: number): string {
  const rows: string[][] = [[...TRADES_CSV_COLUMNS]];
  const sorted = [...legs].sort((a, b) => a.consensusTimestamp.localeCompare(b.consensusTimestamp, 'en', { numeric: true }));
  for (const leg of sorted) {
    const at = timestampIso(leg.consensusTimestamp);
    const atMs = Date.parse(at);
    const prices: [string, string, string][] = [];
    if (leg.price.hbar > 0n)
      prices.push([formatUnits(leg.price.hbar, HBAR_DECIMALS), 'HBAR', usdText(usdAt({ hbar: leg.price.hbar, paws: 0n }, atMs, history, pawsDecimals))]);
    if (leg.price.paws > 0n)
      prices.push([formatUnits(leg.price.paws, pawsDecimals), 'PAWS', usdText(usdAt({ hbar: 0n, paws: leg.price.paws }, atMs, history, pawsDecimals))]);
    // Other tokens: named, in base units, never priced.
    for (const foreign of leg.foreign) prices.push([foreign.amount.toString(), foreign.tokenId, '']);
    if (prices.length === 0) prices.push(['0', '', '']);
    prices.forEach(([price, currency, usd], index) => {
      const fees = index === 0 ? feesText(leg, pawsDecimals) : '';
      rows.push([at, `#${leg.serial}`, leg.side, price, currency, usd, fees, leg.counterparty ?? '', leg.transactionId, leg.kind, leg.notes.join('; ')]);
    });
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function usdText(usd: number | null): string {
  return usd === null ? '' : roundUsd(usd).toFixed(2);
}
