import { type ReactNode, type SubmitEvent, memo, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { SkeletonGroup } from '@/components/ui/Skeleton';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { useUrlView } from '@/lib/use-url-view';
import { useFetched, useRefetching } from '@/lib/use-island-store';
import { $collection, $collectionQuery, $floor, $holders, listedPercent } from './collection-client';
import { formatCount, formatHbarPrice } from '@/lib/format';
import {
  type CollectionView,
  MAX_SEARCH_LENGTH,
  COLLECTION_SORT_OPTIONS,
  cleanSearch,
  isSortKey,
  selectedCount,
  toggleTrait,
  viewFromQuery,
  viewToApiQuery,
  viewToQuery,
} from './collection-rules';
import type { CollectionEntry, CollectionResponse } from './collection-types';
import { CollectionCard } from './CollectionCard';
import { MarketChart } from './MarketChart';
import { Pagination } from './Pagination';
import { TraitFilters } from './TraitFilters';
import { ActiveFilterChips, FiltersToggle, SortSelect } from './BrowseToolbar';
import { MINTED, TOTAL_SUPPLY } from '@/features/tiger/supply';

const SEARCH_DEBOUNCE_MS = 350;
const PRODUCT = 'Wild Tigers';

function StatTile({ label, children, note }: { label: string; children: ReactNode; note?: string | undefined }) {
  return (
    <div className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-extrabold tabular-nums sm:text-2xl">{children}</dd>
      {note && <dd className="mt-0.5 text-xs text-red-300">{note}</dd>}
    </div>
  );
}

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={cn('rounded-xl border border-border bg-card p-5 shadow-sm', className)}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function summaryText(data: CollectionResponse, view: CollectionView): string {
  if (view.search) return `Found ${formatCount(data.total)} ${data.total === 1 ? 'Wild Tiger' : PRODUCT} matching "${view.search}"`;
  return `Showing ${formatCount(data.collectionData.length)} of ${formatCount(data.total)} ${PRODUCT} (Page ${data.page} of ${data.totalPages})`;
}

/**
 * The cards of one page. Memoised: the floor, the holder count and the chart arrive after the page
 * and re-render the browser, but a page's cards change only with its data.
 */
const CardGrid = memo(function CardGrid({ entries, totalSupply, busy }: { entries: CollectionEntry[]; totalSupply: number; busy: boolean }) {
  return (
    <div
      className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4', busy && 'opacity-60 transition-opacity')}
      aria-busy={busy}
      data-testid="collection-grid"
    >
      {entries.map((entry) => (
        <CollectionCard key={entry.serialId} entry={entry} totalSupply={totalSupply} />
      ))}
    </div>
  );
});

const Filters = memo(TraitFilters);
const Chart = memo(MarketChart);

const scrollBehavior = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** The collection browser (/collection, spec 001 §2): stats, search, sort, trait filters, the card grid, pages, market chart. */
export default function CollectionBrowser() {
  const collection = useFetched($collection);
  const floor = useFetched($floor);
  const holders = useFetched($holders);
  const [draft, setDraft] = useState('');
  const [view, commit] = useUrlView(viewFromQuery, viewToQuery, (next) => setDraft(next.search));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const lastData = useRef<CollectionResponse | undefined>(undefined);
  const resultsRef = useRef<HTMLElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  if (collection.data) lastData.current = collection.data;
  // A new page renders in a transition, which React splits into short tasks; the page stays responsive meanwhile.
  const data = useDeferredValue(collection.data ?? lastData.current);

  useEffect(() => {
    if (view) $collectionQuery.set(viewToApiQuery(view));
  }, [view]);

  const viewRef = useRef(view);
  viewRef.current = view;

  // Typing searches after a short pause (back to page 1); the first keystroke adds a history entry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: commit is a new function each render; this runs when the draft or the view change
  useEffect(() => {
    if (!view) return;
    const text = cleanSearch(draft);
    if (text === view.search) return;
    const timer = setTimeout(() => commit({ ...view, search: text, page: 1 }, view.search ? 'replace' : 'push'), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, view]);

  // A page past the end (an old link, fewer matches now) goes to the last page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: commit is a new function each render; this runs when the data or the view change
  useEffect(() => {
    const current = collection.data;
    if (view && current && current.total > 0 && view.page > current.totalPages) commit({ ...view, page: current.totalPages }, 'replace');
  }, [collection.data, view]);

  // Stable, so that the memoised filters skip the renders that do not concern them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: commit only reads the URL and sets state; the view comes from the ref
  const toggleFilter = useCallback((type: string, value: string) => {
    const current = viewRef.current;
    if (current) commit({ ...current, traits: toggleTrait(current.traits, type, value), page: 1 }, 'push');
  }, []);

  function submitSearch(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (view) commit({ ...view, search: cleanSearch(draft), page: 1 }, 'push');
  }

  function goToPage(page: number): void {
    if (!view) return;
    commit({ ...view, page }, 'push');
    resultsRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    summaryRef.current?.focus({ preventScroll: true });
  }

  const shownView = view ?? viewFromQuery('');
  const selection = shownView.traits;
  const activeFilters = selectedCount(selection);
  const floorValue = floor.data
    ? floor.data.floor !== null
      ? `${formatHbarPrice(floor.data.floor)} HBAR`
      : floor.data.success
        ? 'None listed'
        : 'Unavailable'
    : floor.error
      ? 'Unavailable'
      : 'Loading...';
  const holdersValue = holders.data
    ? holders.data.ownerCount !== null
      ? formatCount(holders.data.ownerCount)
      : 'Unavailable'
    : holders.error
      ? 'Unavailable'
      : 'Loading...';
  const busy = useRefetching($collection, data !== undefined);

  return (
    <div className="grid gap-8">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Collection stats">
        <StatTile label="Floor Price" note={floor.error || floor.data?.success === false ? 'Failed to fetch floor price' : undefined}>
          <span data-testid="stat-floor">{floorValue}</span>
        </StatTile>
        <StatTile label="Holders" note={holders.error || holders.data?.success === false ? 'Failed to fetch holders' : undefined}>
          <span data-testid="stat-holders">{holdersValue}</span>
        </StatTile>
        <StatTile label="Listed">
          <span data-testid="stat-listed">{data ? formatCount(data.listedCount) : 'Loading...'}</span>
        </StatTile>
        <StatTile label="% Listed">
          <span data-testid="stat-listed-percent">{data ? listedPercent(data.listedCount, data.totalSupply) : 'Loading...'}</span>
        </StatTile>
      </dl>

      <div className="grid items-start gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-labelledby="collection-filters-heading" className="lg:sticky lg:top-24 lg:-m-1 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto lg:p-1">
          <div className="flex items-center justify-between gap-2 lg:mb-3">
            <h2 id="collection-filters-heading" className="sr-only text-lg font-bold lg:not-sr-only">
              Filters
            </h2>
            {activeFilters > 0 && (
              <button
                type="button"
                className={cn(buttonVariants({ variant: 'link', size: 'inline' }), 'max-lg:hidden')}
                onClick={() => view && commit({ ...view, traits: {}, page: 1 }, 'push')}
              >
                Clear all
              </button>
            )}
          </div>
          <div id="collection-filters" className={cn(filtersOpen ? 'block' : 'hidden', 'lg:block')}>
            <Filters counts={data?.traitCounts} selection={selection} onToggle={toggleFilter} />
          </div>
        </aside>

        <section ref={resultsRef} aria-labelledby="collection-results-heading" className="grid min-w-0 scroll-mt-24 gap-4">
          <h2 id="collection-results-heading" className="sr-only">
            {PRODUCT}
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark every screen reader announces */}
            <form role="search" className="grid flex-1 gap-1" onSubmit={submitSearch}>
              <label htmlFor="collection-search" className="text-xs font-semibold text-muted-foreground">
                Search
              </label>
              <input
                id="collection-search"
                type="search"
                value={draft}
                maxLength={MAX_SEARCH_LENGTH}
                onChange={(event) => setDraft(event.target.value)}
                placeholder="Search by name or #..."
                aria-describedby="collection-search-hint"
                autoComplete="off"
                className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm placeholder:text-stone-400"
              />
              <span id="collection-search-hint" className="sr-only">
                A name, #serial for one tiger, a trait value such as Golden, or an account id for its tigers.
              </span>
            </form>
            <SortSelect
              id="collection-sort"
              className="sm:w-56"
              value={shownView.sort}
              options={COLLECTION_SORT_OPTIONS}
              onChange={(sort) => view && isSortKey(sort) && commit({ ...view, sort, page: 1 }, 'push')}
            />
            <FiltersToggle open={filtersOpen} controls="collection-filters" active={activeFilters} onToggle={() => setFiltersOpen((open) => !open)} />
          </div>

          <ActiveFilterChips
            selection={selection}
            onRemove={(type, value) => view && commit({ ...view, traits: toggleTrait(view.traits, type, value), page: 1 }, 'push')}
            onClear={() => view && commit({ ...view, traits: {}, page: 1 }, 'push')}
          />

          <p ref={summaryRef} tabIndex={-1} role="status" className="min-h-6 text-sm text-stone-300 outline-none" data-testid="collection-summary">
            {data && view ? summaryText(data, view) : collection.error ? '' : 'Loading the collection…'}
            {busy && <span className="ml-2 text-muted-foreground">Updating…</span>}
          </p>

          {Boolean(collection.error) && (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-900 bg-red-950/40 p-4 text-sm text-red-200"
            >
              <span>Failed to fetch collection data{data ? '; showing the last loaded page.' : '.'}</span>
              <button type="button" className={buttonVariants({ variant: 'outline', size: 'sm' })} onClick={() => $collection.invalidate()}>
                Try again
              </button>
            </div>
          )}

          {!data ? (
            collection.error ? null : (
              <SkeletonGroup count={8} className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" itemClassName="aspect-[3/5] rounded-xl" />
            )
          ) : data.collectionData.length === 0 ? (
            <div className="grid place-items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center">
              <p className="text-lg font-semibold">No Tigers Found</p>
              <p className="max-w-md text-sm text-muted-foreground">Try another name, #serial or trait, or clear the filters.</p>
              {(activeFilters > 0 || shownView.search) && (
                <button
                  type="button"
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  onClick={() => {
                    setDraft('');
                    if (view) commit({ ...view, search: '', traits: {}, page: 1 }, 'push');
                  }}
                >
                  Clear search and filters
                </button>
              )}
            </div>
          ) : (
            <CardGrid entries={data.collectionData} totalSupply={data.totalSupply} busy={busy} />
          )}

          {data && view && data.total > 0 && <Pagination page={Math.min(view.page, data.totalPages)} totalPages={data.totalPages} onPage={goToPage} />}
        </section>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel title="Market activity">
          <p className="-mt-1 mb-3 text-sm text-muted-foreground">Daily floor price, volume and sales on the HBAR market.</p>
          <Chart />
        </Panel>
        <Panel title="About the collection">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Total supply</dt>
            <dd className="font-semibold tabular-nums">{formatCount(TOTAL_SUPPLY)}</dd>
            <dt className="text-muted-foreground">Minted</dt>
            <dd className="font-semibold tabular-nums">{formatCount(MINTED)}</dd>
            <dt className="text-muted-foreground">Chain</dt>
            <dd className="font-semibold">Hedera</dd>
            <dt className="text-muted-foreground">Token ID</dt>
            <dd className="font-mono">{PUBLIC_CONFIG.nftTokenId}</dd>
          </dl>
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
            Rarity tiers follow the rank: Legendary up to #100, Epic up to #500, Rare up to #1,000, Uncommon up to #2,000, Common beyond. Prices are current
            HBAR listings; buying happens on the{' '}
            <a href="/marketplace" className="font-semibold text-highlight underline-offset-4 hover:underline">
              marketplace
            </a>
            .
          </p>
        </Panel>
      </div>
    </div>
  );
}
