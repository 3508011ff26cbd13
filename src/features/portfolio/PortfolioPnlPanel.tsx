import { useEffect, useRef, useState } from 'react';
import { Card } from '@/components/ui/Card';
import { errorCode, errorText } from '@/lib/api';
import { formatHbar, formatPaws, formatUsd } from '@/lib/format';
import { useNearViewport } from '@/lib/use-near-viewport';
import type { LotPnl } from './pnl-rules';
import { loadPortfolio, tradesCsvPath } from './portfolio-client';
import type { PortfolioAnswer, PortfolioReading } from './portfolio-model';
import { valueChartLines } from './value-chart-rules';

const CHART_WIDTH = 600;
const CHART_HEIGHT = 160;
/** While the holder's trades are still being read from the ledger, the panel asks again this often. */
const READING_RETRY_MS = 3_000;
const LINE_CLASS = { invested: 'stroke-amber-400', realized: 'stroke-emerald-400', value: 'stroke-sky-400 [stroke-dasharray:6_4]' } as const;

type State =
  | { kind: 'idle' | 'loading' }
  | { kind: 'reading'; answer: PortfolioReading }
  | { kind: 'loaded'; answer: PortfolioAnswer }
  | { kind: 'private' }
  | { kind: 'failed'; message: string };

const usdText = (usd: number | null | undefined) => (usd === null || usd === undefined ? 'USD n/a' : formatUsd(usd));

/** "12.25 PAWS · 0.5 HBAR", leaving out a currency at zero. */
function moneyText(money: { hbar: string; paws: string } | null): string {
  if (!money) return '—';
  const parts = [Number(money.paws) !== 0 ? `${formatPaws(money.paws)} PAWS` : '', Number(money.hbar) !== 0 ? `${formatHbar(money.hbar)} HBAR` : ''].filter(
    Boolean,
  );
  return parts.length ? parts.join(' · ') : '0';
}

/** A phrase of the rules as a sentence: 'no cost basis: …' → 'No cost basis: ….' */
const sentence = (phrase: string) => `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}${/[.!?]$/.test(phrase) ? '' : '.'}`;

/** What one tiger's row says: how it came, its cost, its P&L and the notes (its estimate first). */
function lotFacts(lot: LotPnl) {
  return {
    acquiredBy: lot.acquiredBy,
    cost: lot.cost ? `${moneyText(lot.cost)} (${usdText(lot.cost.usd)})` : 'no cost basis',
    pnl: lot.realized
      ? `${moneyText(lot.realized)} (${usdText(lot.realized.usd)})`
      : lot.unrealized
        ? `${formatPaws(lot.unrealized.paws)} PAWS (${usdText(lot.unrealized.usd)}) unrealized`
        : '—',
    notes: [lot.estimatedValue?.method ?? '', ...lot.notes].filter(Boolean).map(sentence).join(' '),
  };
}

const lotKey = (lot: LotPnl) => `${lot.serial}-${lot.boughtAt ?? lot.soldAt ?? 'held'}`;

function LotRow({ lot }: { lot: LotPnl }) {
  const facts = lotFacts(lot);
  return (
    <tr className="border-t border-border align-top">
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        #{lot.serial}
      </th>
      <td className="py-2 pr-3">{facts.acquiredBy}</td>
      <td className="py-2 pr-3 tabular-nums">{facts.cost}</td>
      <td className="py-2 pr-3 tabular-nums">{facts.pnl}</td>
      <td className="py-2 text-xs text-muted-foreground">{facts.notes}</td>
    </tr>
  );
}

/** On a phone: each tiger a card, its facts named, instead of a table squeezed to 320 px. */
function LotCard({ lot }: { lot: LotPnl }) {
  const facts = lotFacts(lot);
  return (
    <li className="grid gap-1 border-t border-border py-3 text-sm">
      <p className="font-medium">Wild Tiger #{lot.serial}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-muted-foreground">Acquired by</dt>
        <dd>{facts.acquiredBy}</dd>
        <dt className="text-muted-foreground">Cost</dt>
        <dd className="tabular-nums">{facts.cost}</dd>
        <dt className="text-muted-foreground">P&amp;L</dt>
        <dd className="tabular-nums">{facts.pnl}</dd>
      </dl>
      {facts.notes && <p className="text-xs text-muted-foreground">{facts.notes}</p>}
    </li>
  );
}

function ValueChart({ answer }: { answer: PortfolioAnswer }) {
  const { lines, maxUsd } = valueChartLines(answer.valueOverTime, CHART_WIDTH, CHART_HEIGHT);
  if (answer.valueOverTime.length < 2) return null;
  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} className="h-40 w-full" role="img" aria-label={`Value over time, up to ${formatUsd(maxUsd)}`}>
        {lines.map((line) => line.path && <path key={line.name} d={line.path} fill="none" strokeWidth={2} className={LINE_CLASS[line.name]} />)}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        <span className="text-amber-400">Invested (USD at purchase)</span>
        <span className="text-emerald-400">Realized P&amp;L (USD)</span>
        <span className="text-sky-400">Estimated value now</span>
      </figcaption>
    </figure>
  );
}

/**
 * The holder's profit and loss from the ledger: totals, each tiger's cost and P&L, the value over time
 * and the trades as CSV. Loads when scrolled near; another holder's shows only when they shared it.
 */
export default function PortfolioPnlPanel({ accountId }: { accountId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const [state, setState] = useState<State>({ kind: 'idle' });
  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      loadPortfolio(accountId, controller.signal).then(
        (answer) => {
          if (answer.status === 'complete') return setState({ kind: 'loaded', answer });
          // A holder with many transactions is read over several requests: each reads on from the last.
          setState({ kind: 'reading', answer });
          retry = setTimeout(read, READING_RETRY_MS);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState(
            errorCode(error) === 'PORTFOLIO_PRIVATE' ? { kind: 'private' } : { kind: 'failed', message: errorText(error, 'The portfolio could not be read') },
          );
        },
      );
    setState({ kind: 'loading' });
    void read();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [near, accountId]);

  if (state.kind === 'private') return null;
  // How many tigers each total counts: none is no figure, not 0.
  const lots = state.kind === 'loaded' ? state.answer.lots : [];
  const counted = { realized: lots.filter((lot) => lot.realized).length, unrealized: lots.filter((lot) => lot.unrealized).length };
  return (
    <Card className="grid min-w-0 gap-4 p-5" ref={ref} data-testid="portfolio-pnl">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold">Profit &amp; Loss</h2>
        {state.kind === 'loaded' && (
          <a href={tradesCsvPath(accountId)} download className="text-sm text-amber-400 underline-offset-4 hover:underline">
            Download trades (CSV)
          </a>
        )}
      </div>
      {state.kind === 'failed' && (
        <p role="alert" className="text-sm text-red-300">
          {state.message}
        </p>
      )}
      {(state.kind === 'idle' || state.kind === 'loading') && <p className="text-sm text-muted-foreground">Reading the ledger…</p>}
      {state.kind === 'reading' && (
        <p className="text-sm text-muted-foreground" role="status" data-testid="portfolio-reading">
          Reading this account’s transactions from the ledger: {state.answer.tradesRead} {state.answer.tradesRead === 1 ? 'trade' : 'trades'} so far
          {state.answer.readThrough ? `, up to ${state.answer.readThrough.slice(0, 10)}` : ''}. The profit and loss shows once every trade is read.
        </p>
      )}
      {state.kind === 'loaded' && (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            <div className="rounded-lg border border-border p-3">
              <dt className="text-sm text-muted-foreground">Realized</dt>
              {/* Unknown is not 0: with no tiger sold from a cost basis, there is no realized P&L to show. */}
              <dd className="font-bold tabular-nums" data-testid="pnl-realized">
                {counted.realized ? moneyText(state.answer.totals.realized) : '—'}
              </dd>
              <dd className="text-sm text-muted-foreground">
                {counted.realized ? `${usdText(state.answer.totals.realized.usd)} at the time of each trade` : 'No tiger sold that had a cost basis'}
              </dd>
            </div>
            <div className="rounded-lg border border-border p-3">
              <dt className="text-sm text-muted-foreground">Unrealized (against each tiger’s estimated value)</dt>
              <dd className="font-bold tabular-nums" data-testid="pnl-unrealized">
                {counted.unrealized ? `${formatPaws(state.answer.totals.unrealized.paws)} PAWS` : '—'}
              </dd>
              <dd className="text-sm text-muted-foreground">
                {counted.unrealized ? usdText(state.answer.totals.unrealized.usd) : 'No tiger held has both a cost basis and an estimate'}
              </dd>
            </div>
            <div className="rounded-lg border border-border p-3">
              <dt className="text-sm text-muted-foreground">Tigers without a P&amp;L</dt>
              <dd className="font-bold tabular-nums">{state.answer.totals.lotsWithoutPnl}</dd>
              <dd className="text-sm text-muted-foreground">mint, airdrop, transfer, other tokens or no estimate</dd>
            </div>
          </dl>
          <ValueChart answer={state.answer} />
          {state.answer.lots.length === 0 ? (
            <p className="text-sm text-muted-foreground">No tigers held or traded by this account.</p>
          ) : (
            <>
              <ul className="sm:hidden" aria-label="Each tiger’s P&L">
                {state.answer.lots.map((lot) => (
                  <LotCard key={lotKey(lot)} lot={lot} />
                ))}
              </ul>
              <div className="hidden overflow-x-auto sm:block">
                <table className="w-full text-sm">
                  <thead className="text-left text-muted-foreground">
                    <tr>
                      <th scope="col" className="pb-2 pr-3 font-medium">
                        Tiger
                      </th>
                      <th scope="col" className="pb-2 pr-3 font-medium">
                        Acquired by
                      </th>
                      <th scope="col" className="pb-2 pr-3 font-medium">
                        Cost
                      </th>
                      <th scope="col" className="pb-2 pr-3 font-medium">
                        P&amp;L
                      </th>
                      <th scope="col" className="pb-2 font-medium">
                        Notes
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.answer.lots.map((lot) => (
                      <LotRow key={lotKey(lot)} lot={lot} />
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <p className="text-xs text-muted-foreground">
            From the ledger’s transactions: fees are royalties and network fees; several tigers in one transaction are split pro rata; other tokens are named,
            not priced. USD prices: HBAR {state.answer.priceSources.hbar}, PAWS {state.answer.priceSources.paws}.
            {state.answer.estimateRule ? ` Estimated values: ${state.answer.estimateRule}` : ''}
          </p>
        </>
      )}
    </Card>
  );
}
