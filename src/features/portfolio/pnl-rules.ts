/**
 * Profit and loss from a holder's tiger legs (issue 58 item 2), pure: each tiger's holdings as lots
 * (bought, then sold or still held), realized P&L per lot in HBAR, PAWS and USD at the time of each
 * trade, unrealized P&L of what is held against its estimated value, totals, and the value over time.
 * A lot without a cost basis (a mint, an airdrop, a plain transfer, history the ledger does not show)
 * or paid in other tokens has no P&L, and says why; totals count only lots with one, and say how many
 * were left out. Ledger amounts stay exact (bigint base units); USD is rounded to cents.
 */
import { formatUnits, HBAR_DECIMALS } from '@/features/balances/units';
import { type PriceHistory, priceAt } from '@/features/prices/price-port';
import type { Amounts, TigerLeg } from './cost-basis-rules';

/** Today's prices and each held tiger's estimated value (PAWS base units, and how it was estimated). */
export interface Valuation {
  now: number;
  pawsDecimals: number;
  hbarUsd: number | null;
  pawsUsd: number | null;
  estimated: Map<number, { pawsUnits: bigint; method: string }>;
}

/** Amounts as decimal strings of whole HBAR and PAWS. */
export interface Money {
  hbar: string;
  paws: string;
  usd: number | null;
}

export interface LotPnl {
  serial: number;
  boughtAt: string | null;
  soldAt: string | null;
  /** How the holder got the tiger: `purchase`, `mint`, `airdrop`, `transfer`, or `unknown` (before the history the ledger shows). */
  acquiredBy: string;
  /** What it cost: price plus the fees the holder bore (royalties, network); null without a cost basis. */
  cost: Money | null;
  /** What the sale brought: price less the holder's fees; null while held or when it left without a price. */
  proceeds: Money | null;
  realized: Money | null;
  estimatedValue: { paws: string; usd: number | null; method: string } | null;
  /** Unrealized in PAWS (HBAR costs converted at today's rate, said in `notes`) and USD; null without a basis or an estimate. */
  unrealized: { paws: string; usd: number | null } | null;
  notes: string[];
}

export interface PnlTotals {
  realized: Money;
  unrealized: { paws: string; usd: number | null };
  /** Lots left out of the totals: no cost basis, a price in other tokens, or no estimate. */
  lotsWithoutPnl: number;
}

export interface ValuePoint {
  at: string;
  /** Tigers held after this point's trades (those whose arrival the ledger shows; now: every tiger held). */
  held: number;
  /** The USD the held tigers with a cost basis cost, at the time of their purchases. */
  investedUsd: number | null;
  realizedUsd: number | null;
  /** Only on the last point (now): the held tigers' estimated value in USD. */
  valueUsd?: number | null;
}

interface Lot {
  serial: number;
  buy: TigerLeg | null;
  sell: TigerLeg | null;
}

/**
 * The lots of each tiger, in the order the ledger shows the legs (consensus time), plus a lot of
 * unknown acquisition for each tiger in `held` that no leg shows arriving.
 */
function lotsOf(legs: readonly TigerLeg[], held: readonly number[] = []): Lot[] {
  const sideRank = (leg: TigerLeg) => (leg.side === 'buy' ? 0 : 1);
  const sorted = [...legs].sort((a, b) => compareTimestamps(a.consensusTimestamp, b.consensusTimestamp) || sideRank(a) - sideRank(b));
  const open = new Map<number, Lot>();
  const lots: Lot[] = [];
  for (const leg of sorted) {
    if (leg.side === 'buy') {
      const lot = { serial: leg.serial, buy: leg, sell: null };
      open.set(leg.serial, lot);
      lots.push(lot);
    } else {
      const lot = open.get(leg.serial);
      if (lot) {
        lot.sell = leg;
        open.delete(leg.serial);
      } else lots.push({ serial: leg.serial, buy: null, sell: leg });
    }
  }
  for (const serial of held) if (!open.has(serial)) lots.push({ serial, buy: null, sell: null });
  return lots;
}

/** A consensus timestamp (`seconds.nanos`) as an ISO date. */
export function timestampIso(consensusTimestamp: string): string {
  return new Date(timestampMs(consensusTimestamp)).toISOString();
}

function timestampMs(consensusTimestamp: string): number {
  const [seconds = '0', nanos = '0'] = consensusTimestamp.split('.');
  return Number(seconds) * 1000 + Math.floor(Number(nanos.padEnd(9, '0')) / 1_000_000);
}

const NANOS_PER_SECOND = 1_000_000_000n;

/** A consensus timestamp ('seconds.nanoseconds') in nanoseconds. */
function timestampNs(consensusTimestamp: string): bigint {
  const [seconds = '0', nanos = '0'] = consensusTimestamp.split('.');
  return BigInt(seconds) * NANOS_PER_SECOND + BigInt(nanos.padEnd(9, '0'));
}

function compareTimestamps(a: string, b: string): number {
  const difference = timestampNs(a) - timestampNs(b);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** The consensus timestamp one nanosecond before `consensusTimestamp`: a list read on from it starts at `consensusTimestamp`. */
export function justBefore(consensusTimestamp: string): string {
  const total = timestampNs(consensusTimestamp) - 1n;
  return `${total / NANOS_PER_SECOND}.${String(total % NANOS_PER_SECOND).padStart(9, '0')}`;
}

/** Cents, as a number. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 100) / 100;
}

/** USD of `amounts` at `at` from the price history; null when a price it needs is missing. */
export function usdAt(amounts: Amounts, at: number, history: PriceHistory, pawsDecimals: number): number | null {
  return usdOf(amounts, pawsDecimals, amounts.hbar === 0n ? 0 : priceAt(history.hbar, at), amounts.paws === 0n ? 0 : priceAt(history.paws, at));
}

function usdOf(amounts: Amounts, pawsDecimals: number, hbarUsd: number | null, pawsUsd: number | null): number | null {
  if ((amounts.hbar !== 0n && hbarUsd === null) || (amounts.paws !== 0n && pawsUsd === null)) return null;
  return (Number(amounts.hbar) / 10 ** HBAR_DECIMALS) * (hbarUsd ?? 0) + (Number(amounts.paws) / 10 ** pawsDecimals) * (pawsUsd ?? 0);
}

const add = (a: Amounts, b: Amounts): Amounts => ({ hbar: a.hbar + b.hbar, paws: a.paws + b.paws });
const sub = (a: Amounts, b: Amounts): Amounts => ({ hbar: a.hbar - b.hbar, paws: a.paws - b.paws });

/** What a leg cost (buy) or brought (sell) the holder, its fees counted. */
function legNet(leg: TigerLeg): Amounts {
  const fees = add(leg.fees.royalty, { hbar: leg.fees.networkTinybars, paws: 0n });
  return leg.side === 'buy' ? add(leg.price, fees) : sub(leg.price, fees);
}

function money(amounts: Amounts, usd: number | null, pawsDecimals: number): Money {
  return { hbar: formatUnits(amounts.hbar, HBAR_DECIMALS), paws: formatUnits(amounts.paws, pawsDecimals), usd: usd === null ? null : roundUsd(usd) };
}

interface LotFigures {
  pnl: LotPnl;
  realized: { amounts: Amounts; usd: number | null } | null;
  unrealized: { pawsUnits: bigint; usd: number | null } | null;
  costUsd: number | null;
  estimatedUsd: number | null;
}

/** One lot's P&L, with the exact figures the totals add up. */
function lotFigures(lot: Lot, history: PriceHistory, valuation: Valuation): LotFigures {
  const d = valuation.pawsDecimals;
  const notes = [...(lot.buy?.notes ?? []), ...(lot.sell?.notes ?? [])];
  const hasBasis = lot.buy?.kind === 'purchase' && lot.buy.foreign.length === 0;
  const cost = hasBasis && lot.buy ? legNet(lot.buy) : null;
  const costUsd = cost && lot.buy ? usdAt(cost, timestampMs(lot.buy.consensusTimestamp), history, d) : null;
  const sold = lot.sell?.kind === 'sale' && lot.sell.foreign.length === 0;
  const proceeds = sold && lot.sell ? legNet(lot.sell) : null;
  const proceedsUsd = proceeds && lot.sell ? usdAt(proceeds, timestampMs(lot.sell.consensusTimestamp), history, d) : null;
  if (!lot.buy) notes.push('no cost basis: bought before the history the ledger shows');

  let realized: LotFigures['realized'] = null;
  if (cost && proceeds) realized = { amounts: sub(proceeds, cost), usd: costUsd === null || proceedsUsd === null ? null : proceedsUsd - costUsd };
  else if (lot.sell && lot.sell.kind !== 'sale') notes.push('left without a sale price: no realized P&L');

  const estimate = lot.sell ? undefined : valuation.estimated.get(lot.serial);
  const estimatedUsd = estimate ? usdOf({ hbar: 0n, paws: estimate.pawsUnits }, d, null, valuation.pawsUsd) : null;
  let unrealized: LotFigures['unrealized'] = null;
  if (!lot.sell && cost && estimate) {
    let hbarInPaws = 0n;
    if (cost.hbar !== 0n && valuation.hbarUsd !== null && valuation.pawsUsd) {
      // HBAR / 10^8 * hbarUsd / pawsUsd PAWS, in PAWS base units.
      hbarInPaws = BigInt(Math.round((Number(cost.hbar) / 10 ** HBAR_DECIMALS) * (valuation.hbarUsd / valuation.pawsUsd) * 10 ** d));
      notes.push('unrealized PAWS: the HBAR cost converted at today’s HBAR/PAWS rate');
    }
    const hbarUnconverted = cost.hbar !== 0n && hbarInPaws === 0n;
    if (!hbarUnconverted) {
      unrealized = {
        pawsUnits: estimate.pawsUnits - cost.paws - hbarInPaws,
        usd: estimatedUsd === null || costUsd === null ? null : estimatedUsd - costUsd,
      };
    } else notes.push('no HBAR/PAWS rate today: no unrealized P&L');
  } else if (!lot.sell && !estimate) notes.push('no floor to estimate its value from');

  const pnl: LotPnl = {
    serial: lot.serial,
    boughtAt: lot.buy ? timestampIso(lot.buy.consensusTimestamp) : null,
    soldAt: lot.sell ? timestampIso(lot.sell.consensusTimestamp) : null,
    acquiredBy: lot.buy?.kind ?? 'unknown',
    cost: cost ? money(cost, costUsd, d) : null,
    proceeds: proceeds ? money(proceeds, proceedsUsd, d) : null,
    realized: realized ? money(realized.amounts, realized.usd, d) : null,
    estimatedValue: estimate
      ? { paws: formatUnits(estimate.pawsUnits, d), usd: estimatedUsd === null ? null : roundUsd(estimatedUsd), method: estimate.method }
      : null,
    unrealized: unrealized ? { paws: formatUnits(unrealized.pawsUnits, d), usd: unrealized.usd === null ? null : roundUsd(unrealized.usd) } : null,
    notes: [...new Set(notes)],
  };
  return { pnl, realized, unrealized, costUsd, estimatedUsd };
}

/** Every lot's P&L, the totals, and the value over time (a point per trade, and now); `held`: the tigers the account owns now. */
export function portfolioPnl(legs: readonly TigerLeg[], held: readonly number[], history: PriceHistory, valuation: Valuation) {
  const d = valuation.pawsDecimals;
  const figures = lotsOf(legs, held).map((lot) => ({ lot, ...lotFigures(lot, history, valuation) }));
  let realized: Amounts = { hbar: 0n, paws: 0n };
  let realizedUsd: number | null = 0;
  let unrealizedPaws = 0n;
  let unrealizedUsd: number | null = 0;
  let lotsWithoutPnl = 0;
  for (const f of figures) {
    if (f.lot.sell) {
      if (f.realized) {
        realized = add(realized, f.realized.amounts);
        realizedUsd = realizedUsd === null || f.realized.usd === null ? null : realizedUsd + f.realized.usd;
      } else lotsWithoutPnl += 1;
    } else if (f.unrealized) {
      unrealizedPaws += f.unrealized.pawsUnits;
      unrealizedUsd = unrealizedUsd === null || f.unrealized.usd === null ? null : unrealizedUsd + f.unrealized.usd;
    } else lotsWithoutPnl += 1;
  }
  const totals: PnlTotals = {
    realized: money(realized, realizedUsd, d),
    unrealized: { paws: formatUnits(unrealizedPaws, d), usd: unrealizedUsd === null ? null : roundUsd(unrealizedUsd) },
    lotsWithoutPnl,
  };
  return { lots: figures.map((f) => f.pnl), totals, valueOverTime: valueOverTime(figures, valuation) };
}

/** A point after each trade time: tigers held, the USD invested in those with a basis, the USD realized so far; then now's estimate. */
function valueOverTime(figures: readonly (LotFigures & { lot: Lot })[], valuation: Valuation): ValuePoint[] {
  const events = figures
    .flatMap((f) => [
      ...(f.lot.buy ? [{ at: f.lot.buy.consensusTimestamp, f, opens: true }] : []),
      ...(f.lot.sell ? [{ at: f.lot.sell.consensusTimestamp, f, opens: false }] : []),
    ])
    .sort((a, b) => compareTimestamps(a.at, b.at));
  const points: ValuePoint[] = [];
  let held = 0;
  let invested: number | null = 0;
  let realizedUsd: number | null = 0;
  for (const event of events) {
    const basisUsd = event.f.pnl.cost ? event.f.costUsd : 0;
    if (event.opens) {
      held += 1;
      invested = invested === null || basisUsd === null ? null : invested + basisUsd;
    } else {
      if (event.f.lot.buy) held -= 1;
      invested = invested === null || basisUsd === null ? null : invested - basisUsd;
      if (event.f.realized) realizedUsd = realizedUsd === null || event.f.realized.usd === null ? null : realizedUsd + event.f.realized.usd;
    }
    const point = {
      at: timestampIso(event.at),
      held,
      investedUsd: invested === null ? null : roundUsd(invested),
      realizedUsd: realizedUsd === null ? null : roundUsd(realizedUsd),
    };
    if (points.at(-1)?.at === point.at) points[points.length - 1] = point;
    else points.push(point);
  }
  const open = figures.filter((f) => !f.lot.sell);
  const valueUsd = open.every((f) => f.estimatedUsd !== null) ? roundUsd(open.reduce((sum, f) => sum + (f.estimatedUsd ?? 0), 0)) : null;
  points.push({
    at: new Date(valuation.now).toISOString(),
    held: open.length,
    investedUsd: invested === null ? null : roundUsd(invested),
    realizedUsd: realizedUsd === null ? null : roundUsd(realizedUsd),
    valueUsd,
  });
  return points;
}
