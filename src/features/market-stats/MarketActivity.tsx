import { useEffect, useId, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { formatHbarPrice, formatPaws } from '@/lib/format';
import { useIslandStore } from '@/lib/use-island-store';
import { $listings, $sales, reloadMarket } from '@/features/hbar-market/market-client';
import { MARKET_STREAM } from '@/features/market-events/market-event';
import { useStreamEvents } from '@/features/market-events/use-stream-events';
import { ageText } from '@/features/hbar-market/market-model';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityKindFilter,
  type ActivityMarketFilter,
  type TimelineRow,
  hbarListingRow,
  hbarSaleRow,
  mergeTimeline,
  pawsRow,
} from './activity';
import { tigerViewHref } from '@/features/tiger/tiger-view-href';
import { AccountName } from '@/features/accounts/AccountName';
import { fetchActivityPage } from './market-stats-client';

type MarketChoice = ActivityMarketFilter | 'all';
type KindChoice = ActivityKindFilter | 'all';

const MARKETS: { value: MarketChoice; label: string }[] = [
  { value: 'all', label: 'All markets' },
  { value: 'hbar', label: 'HBAR' },
  { value: 'paws', label: 'PAWS' },
];
const KINDS: { value: KindChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'sale', label: 'Sales' },
  { value: 'listing', label: 'Listings' },
  { value: 'offer', label: 'Offers' },
];

interface PawsState {
  rows: TimelineRow[];
  cursor: string | undefined;
  complete: boolean;
  loading: boolean;
  failed: boolean;
}

const EMPTY_PAWS: PawsState = { rows: [], cursor: undefined, complete: false, loading: true, failed: false };

/** The PAWS timeline of one kind, page after page ('Load more'); a failed read leaves it empty (spec 000 §7). */
function usePawsTimeline(kind: KindChoice, enabled: boolean) {
  const [state, setState] = useState<PawsState>(EMPTY_PAWS);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState(EMPTY_PAWS);
    fetchActivityPage({ kind: kind === 'all' ? undefined : kind })
      .then((page) => live && setState({ rows: page.items.map(pawsRow), cursor: page.cursor, complete: !page.cursor, loading: false, failed: false }))
      .catch((error: unknown) => {
        console.warn('Failed to fetch activity', error);
        if (live) setState({ rows: [], cursor: undefined, complete: true, loading: false, failed: true });
      });
    return () => {
      live = false;
    };
  }, [kind, enabled]);

  // A PAWS event of the market: its first page is read again and its new rows go on top, the pages read after it stay.
  useStreamEvents(
    [enabled ? MARKET_STREAM : null],
    () => {
      void fetchActivityPage({ kind: kind === 'all' ? undefined : kind })
        .then((page) =>
          setState((current) => {
            const fresh = page.items.map(pawsRow);
            const known = new Set(fresh.map((row) => row.id));
            return { ...current, rows: [...fresh, ...current.rows.filter((row) => !known.has(row.id))] };
          }),
        )
        .catch(() => undefined);
    },
    (event) => event.data.market === 'paws',
  );

  async function more(): Promise<void> {
    if (!state.cursor) return;
    setState((current) => ({ ...current, loading: true }));
    try {
      const page = await fetchActivityPage({ kind: kind === 'all' ? undefined : kind, cursor: state.cursor });
      setState((current) => ({
        rows: [...current.rows, ...page.items.map(pawsRow)],
        cursor: page.cursor,
        complete: !page.cursor,
        loading: false,
        failed: false,
      }));
    } catch (error) {
      console.warn('Failed to fetch activity', error);
      setState((current) => ({ ...current, loading: false }));
    }
  }
  return { ...state, more };
}

function Choices<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-1 border-0 p-0">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <Button
          key={option.value}
          size="sm"
          variant={option.value === value ? 'default' : 'outline'}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </fieldset>
  );
}

const KIND_WORDS: Record<TimelineRow['detail'], string> = {
  sale: 'Sale',
  'offer-accepted': 'Offer accepted',
  'hbar-sale': 'Sale',
  listing: 'Listed',
  'hbar-listing': 'Listed',
  'offer-made': 'Offer made',
  'offer-cancelled': 'Offer cancelled',
};

function Row({ row, now }: { row: TimelineRow; now: number }) {
  const price = row.currency === 'HBAR' ? `${formatHbarPrice(row.price)} ℏ` : `${formatPaws(row.price)} PAWS`;
  const party = (accountId: string | null) => (accountId ? <AccountName accountId={accountId} /> : 'unknown');
  const parties =
    row.kind === 'sale' ? (
      <>
        {party(row.sellerId)} → {party(row.buyerId)}
      </>
    ) : row.kind === 'listing' ? (
      <>by {party(row.sellerId)}</>
    ) : (
      <>
        by {party(row.buyerId)}
        {row.quantity > 1 ? ` · ${row.quantity} tigers` : ''}
      </>
    );
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 border-b border-border px-1 py-2 last:border-b-0" data-testid="activity-row">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <Badge variant={row.kind === 'sale' ? 'success' : row.kind === 'listing' ? 'secondary' : 'outline'}>{KIND_WORDS[row.detail]}</Badge>
        {row.serial === null ? (
          <span className="font-semibold break-words">{row.name}</span>
        ) : (
          <a href={tigerViewHref(row.serial)} className="font-semibold break-words text-foreground underline-offset-4 hover:text-primary hover:underline">
            {row.name}
          </a>
        )}
        <Badge variant="outline">{row.market === 'hbar' ? 'HBAR' : 'PAWS'}</Badge>
      </div>
      <span className="text-right font-bold tabular-nums text-primary">{price}</span>
      <span className="min-w-0 text-xs break-all text-muted-foreground">{parties}</span>
      <time dateTime={row.at} className="text-right text-xs whitespace-nowrap text-muted-foreground">
        {ageText(row.at, now)}
      </time>
    </li>
  );
}

/**
 * The activity of both markets (issue 20): PAWS listings, sales and offers from our timeline, HBAR
 * sales and listings from the market's recent data, filterable by market and kind, each row
 * linking to the tiger's view.
 */
export default function MarketActivity() {
  const [market, setMarket] = useState<MarketChoice>('all');
  const [kind, setKind] = useState<KindChoice>('all');
  const [visible, setVisible] = useState(ACTIVITY_PAGE_SIZE);
  const paws = usePawsTimeline(kind, market !== 'hbar');
  const sales = useIslandStore($sales);
  const listings = useIslandStore($listings);
  const [now, setNow] = useState(() => Date.now());
  const heading = useId();
  // The HBAR market's sales and listings the job saw change are read again.
  useStreamEvents([market === 'paws' ? null : MARKET_STREAM], reloadMarket, (event) => event.data.market === 'hbar');
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const hbar = useMemo(
    () => [...(sales.data?.marketActivity ?? []).map(hbarSaleRow), ...(listings.data?.marketListings ?? []).map(hbarListingRow)],
    [sales.data, listings.data],
  );
  const rows = mergeTimeline({ paws: paws.rows, pawsComplete: paws.complete, hbar, market, kind });
  const hbarLoading = market !== 'paws' && (!sales.data || !listings.data);
  const pawsLoading = market !== 'hbar' && paws.loading && !paws.rows.length;
  const loading = rows.length === 0 && (hbarLoading || pawsLoading);
  const shown = rows.slice(0, visible);
  const pawsMore = market !== 'hbar' && !paws.complete;

  function filter<T>(set: (value: T) => void): (value: T) => void {
    return (value) => {
      set(value);
      setVisible(ACTIVITY_PAGE_SIZE);
    };
  }

  /** Shows the next rows: those already loaded first, then the next page of the PAWS timeline. */
  function showMore(): void {
    setVisible((count) => count + ACTIVITY_PAGE_SIZE);
    if (rows.length < visible + ACTIVITY_PAGE_SIZE && pawsMore) void paws.more();
  }

  return (
    <section id="activity" aria-labelledby={heading} className="grid scroll-mt-24 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={heading} className="text-xl font-bold">
          Activity
        </h2>
        <div className="flex flex-wrap gap-3">
          <Choices label="Market" options={MARKETS} value={market} onChange={filter(setMarket)} />
          <Choices label="Kind" options={KINDS} value={kind} onChange={filter(setKind)} />
        </div>
      </div>
      <div className="rounded-xl border border-border bg-card/40 px-3" aria-busy={loading}>
        {loading ? (
          <p className="py-6 text-center text-sm text-muted-foreground" role="status">
            Loading activity…
          </p>
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No activity yet.</p>
        ) : (
          <ol aria-label="Sales and listings, newest first">
            {shown.map((row) => (
              <Row key={row.id} row={row} now={now} />
            ))}
          </ol>
        )}
      </div>
      {!loading && (rows.length > visible || pawsMore) && (
        <Button variant="outline" className="justify-self-center" disabled={paws.loading && market !== 'hbar'} onClick={showMore}>
          {paws.loading && market !== 'hbar' ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </section>
  );
}
