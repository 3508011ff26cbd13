/** The portfolio as the API answers it (`GET /api/portfolio/{accountId}`): types shared with the browser, and its assembly. */
import { formatUnits, HBAR_DECIMALS } from '@/features/balances/units';
import type { PriceHistory } from '@/features/prices/price-port';
import type { TigerLeg } from './cost-basis-rules';
import { type LotPnl, type PnlTotals, type ValuePoint, roundUsd, timestampIso, usdAt } from './pnl-rules';

/** One tiger leg as the API shows it: amounts as decimal strings of whole HBAR and PAWS; other tokens in base units. */
export interface TradeView {
  at: string;
  serial: number;
  side: 'buy' | 'sell';
  kind: TigerLeg['kind'];
  price: { hbar: string; paws: string };
  /** USD of the price at the time of the trade; null when a price it needs is unknown. */
  priceUsd: number | null;
  foreign: { tokenId: string; amount: string }[];
  fees: { royaltyHbar: string; royaltyPaws: string; networkHbar: string };
  counterparty: string | null;
  transactionId: string;
  proRata: boolean;
  notes: string[];
}

export interface PortfolioAnswer {
  success: true;
  status: 'complete';
  accountId: string;
  /** The tigers the account holds now. */
  held: number[];
  trades: TradeView[];
  lots: LotPnl[];
  totals: PnlTotals;
  valueOverTime: ValuePoint[];
  /** Where the historical USD prices came from ('unavailable': that currency's USD figures are null). */
  priceSources: { hbar: string; paws: string };
  /** How an estimated value is reached, in words, said once (each lot's own says what set it); null when none is given. */
  estimateRule: string | null;
  updatedAt: string;
}

/**
 * The answer while the account's transactions are still being read from the ledger (more than one
 * load reads): how far, and how many trades so far; no P&L until every trade is read.
 */
export interface PortfolioReading {
  success: true;
  status: 'reading';
  accountId: string;
  /** The time of the last transaction read so far; null before any. */
  readThrough: string | null;
  tradesRead: number;
  updatedAt: string;
}

/** What GET /api/portfolio/{accountId} answers. */
export type PortfolioView = PortfolioAnswer | PortfolioReading;

/** The answer while the reading goes on. */
export function readingAnswer(input: { accountId: string; through: string | null; tradesRead: number; at: number }): PortfolioReading {
  return {
    success: true,
    status: 'reading',
    accountId: input.accountId,
    readThrough: input.through ? timestampIso(input.through) : null,
    tradesRead: input.tradesRead,
    updatedAt: new Date(input.at).toISOString(),
  };
}

/** The API's answer from the loaded legs and their P&L. */
export function portfolioAnswer(input: {
  accountId: string;
  held: number[];
  legs: readonly TigerLeg[];
  pnl: { lots: LotPnl[]; totals: PnlTotals; valueOverTime: ValuePoint[] };
  history: PriceHistory;
  pawsDecimals: number;
  at: number;
  estimateRule: string | null;
}): PortfolioAnswer {
  const d = input.pawsDecimals;
  const trades = [...input.legs]
    .sort((a, b) => a.consensusTimestamp.localeCompare(b.consensusTimestamp, 'en', { numeric: true }))
    .map((leg): TradeView => {
      const usd = usdAt(leg.price, Date.parse(timestampIso(leg.consensusTimestamp)), input.history, d);
      return {
        at: timestampIso(leg.consensusTimestamp),
        serial: leg.serial,
        side: leg.side,
        kind: leg.kind,
        price: { hbar: formatUnits(leg.price.hbar, HBAR_DECIMALS), paws: formatUnits(leg.price.paws, d) },
        priceUsd: usd === null ? null : roundUsd(usd),
        foreign: leg.foreign.map((f) => ({ tokenId: f.tokenId, amount: f.amount.toString() })),
        fees: {
          royaltyHbar: formatUnits(leg.fees.royalty.hbar, HBAR_DECIMALS),
          royaltyPaws: formatUnits(leg.fees.royalty.paws, d),
          networkHbar: formatUnits(leg.fees.networkTinybars, HBAR_DECIMALS),
        },
        counterparty: leg.counterparty,
        transactionId: leg.transactionId,
        proRata: leg.proRata,
        notes: leg.notes,
      };
    });
  return {
    success: true,
    status: 'complete',
    accountId: input.accountId,
    held: input.held,
    trades,
    lots: input.pnl.lots,
    totals: input.pnl.totals,
    valueOverTime: input.pnl.valueOverTime,
    priceSources: { hbar: input.history.hbarSource, paws: input.history.pawsSource },
    estimateRule: input.estimateRule,
    updatedAt: new Date(input.at).toISOString(),
  };
}
