import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { SkeletonGroup } from '@/components/ui/Skeleton';
import { cn } from '@/lib/cn';
import { useUrlView } from '@/lib/use-url-view';
import { selectedCount, toggleTrait } from '@/features/collection/collection-rules';
import { Pagination } from '@/features/collection/Pagination';
import { TraitFilters } from '@/features/collection/TraitFilters';
import { ActiveFilterChips, FiltersToggle, SortSelect } from '@/features/collection/BrowseToolbar';
import { PAWS_PAGE_SIZE } from './listing';
import { DEFAULT_PAWS_VIEW, PAWS_SORT_OPTIONS, isPawsSortKey, pawsViewFromQuery, pawsViewToApiQuery, pawsViewToQuery } from './listings-view-rules';
import { $listings, $listingsQuery, type ListingsPage, type PublicListing } from './paws-client';
import { formatCount } from '@/lib/format';

interface PawsListingsBrowserProps {
  /** One listing's card (with its Buy action). */
  renderListing: (listing: PublicListing) => ReactNode;
}

const grid = 'grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4';

function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="grid place-items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}

/**
 * The PAWS market's listings (issue 20 item 4): sorted and filtered by the server, the view
 * (sort, trait filters, page) kept in the page URL so a reload or a shared link shows the same and
 * Back/Forward step through it.
 */
export function PawsListingsBrowser({ renderListing }: PawsListingsBrowserProps) {
  const listings = useStore($listings);
  const [view, commit] = useUrlView(pawsViewFromQuery, pawsViewToQuery);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const lastData = useRef<ListingsPage | undefined>(undefined);
  const topRef = useRef<HTMLDivElement>(null);

  if (listings.data) lastData.current = listings.data;
  const data = listings.data ?? lastData.current;

  useEffect(() => {
    if (view) $listingsQuery.set(pawsViewToApiQuery(view, PAWS_PAGE_SIZE));
  }, [view]);

  // A page past the end (an old link, fewer listings now) goes to the last page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: commit is a new function each render; this runs when the data or the view change
  useEffect(() => {
    const current = listings.data;
    const last = current ? Math.max(1, Math.ceil(current.total / PAWS_PAGE_SIZE)) : 1;
    if (view && current && current.total > 0 && view.page > last) commit({ ...view, page: last }, 'replace');
  }, [listings.data, view]);

  const shown = view ?? DEFAULT_PAWS_VIEW;
  const activeFilters = selectedCount(shown.traits);
  const totalPages = data ? Math.max(1, Math.ceil(data.total / PAWS_PAGE_SIZE)) : 1;
  const busy = listings.loading && data !== undefined;
  const toggle = (type: string, value: string) => view && commit({ ...view, traits: toggleTrait(view.traits, type, value), page: 1 });
  const clear = () => view && commit({ ...view, traits: {}, page: 1 });

  return (
    <div ref={topRef} className="grid scroll-mt-24 items-start gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside aria-labelledby="paws-filters-heading" className="lg:sticky lg:top-24 lg:-m-1 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto lg:p-1">
        <div className="flex items-center justify-between gap-2 lg:mb-3">
          <h3 id="paws-filters-heading" className="sr-only text-lg font-bold lg:not-sr-only">
            Filters
          </h3>
        </div>
        <div id="paws-filters" className={cn(filtersOpen ? 'block' : 'hidden', 'lg:block')}>
          <TraitFilters counts={data?.traitCounts} selection={shown.traits} onToggle={toggle} />
        </div>
      </aside>

      <div className="grid min-w-0 gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <SortSelect
            id="paws-sort"
            className="flex-1 sm:max-w-64"
            value={shown.sort}
            options={PAWS_SORT_OPTIONS}
            onChange={(sort) => view && isPawsSortKey(sort) && commit({ ...view, sort, page: 1 })}
          />
          <FiltersToggle open={filtersOpen} controls="paws-filters" active={activeFilters} onToggle={() => setFiltersOpen((open) => !open)} />
        </div>

        <ActiveFilterChips selection={shown.traits} onRemove={toggle} onClear={clear} />

        <p role="status" className="min-h-6 text-sm text-stone-300" data-testid="paws-listings-summary">
          {data
            ? activeFilters > 0
              ? `${formatCount(data.total)} of ${formatCount(data.allTotal)} listings match the filters`
              : `${formatCount(data.total)} ${data.total === 1 ? 'listing' : 'listings'}`
            : ''}
          {busy && <span className="ml-2 text-muted-foreground">Updating…</span>}
        </p>

        {!data ? (
          listings.error ? (
            <Empty title="Failed to fetch listings" />
          ) : (
            <SkeletonGroup count={8} className={grid} itemClassName="aspect-[3/4] rounded-xl" />
          )
        ) : data.listings.length === 0 ? (
          activeFilters > 0 ? (
            <Empty title="No listings match the filters">
              <button type="button" className={buttonVariants({ variant: 'outline', size: 'sm' })} onClick={clear}>
                Clear filters
              </button>
            </Empty>
          ) : (
            <Empty title="No Listings Available">
              <p className="text-muted-foreground">List one of your tigers from the My NFTs tab.</p>
            </Empty>
          )
        ) : (
          <div className={cn(grid, busy && 'opacity-60 transition-opacity')} aria-busy={busy} data-testid="paws-listings-grid">
            {data.listings.map(renderListing)}
          </div>
        )}

        {data && view && data.total > 0 && (
          <Pagination
            page={Math.min(view.page, totalPages)}
            totalPages={totalPages}
            onPage={(page) => {
              commit({ ...view, page });
              topRef.current?.scrollIntoView({ block: 'start' });
            }}
          />
        )}
      </div>
    </div>
  );
}
