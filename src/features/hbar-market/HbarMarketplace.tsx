import { type ReactNode, useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/Button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { useIslandStore } from '@/lib/use-island-store';
import { toast } from '@/features/toast/toast-store';
import { $wallet, connectWallet } from '@/features/wallet/wallet-store';
import { $market, reloadMarket } from './market-client';
import {
  type ListingSort,
  MARKET_PAGE_SIZE,
  type NftCardModel,
  SKELETON_CARDS,
  LISTING_SORT_OPTIONS,
  buildListingCards,
  buildSaleCards,
  isListingSort,
  pageItems,
  pageWindow,
  sortListingCards,
} from './market-model';
import { MarketNftCard, MarketNftCardSkeleton } from './MarketNftCard';
import { hbarPurchaseWriteId, purchaseBlocker } from './purchase-machine';
import { useWriteUnderWay } from '@/features/writes/use-writes';
import { PurchaseDialog } from './lazy-dialogs';
import { formatCount } from '@/lib/format';
import { signInState } from '@/features/wallet/sign-in-state';
import { signInFromPage } from '@/features/wallet/sign-in-focus';
import { MARKET_STREAM } from '@/features/market-events/market-event';
import { useStreamEvents } from '@/features/market-events/use-stream-events';

type Tab = 'sales' | 'listings';
const TAB_TRIGGER = 'min-h-9 min-w-0 px-2 py-1 text-center leading-tight whitespace-normal sm:px-4 sm:py-0 sm:whitespace-nowrap';
/** The cards' columns: the `card-wide` variant (global.css) is worked out from them; change both together. */
const GRID = 'grid grid-cols-1 gap-4 min-[360px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4';

/** The last data a store had: a refetch (after a purchase) keeps the cards on screen meanwhile. */
function useLastData<T>(value: T | undefined): T | undefined {
  const last = useRef(value);
  if (value !== undefined) last.current = value;
  return last.current;
}

/** A clock for the age texts, ticking each minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function SkeletonGrid({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className={cn(GRID, 'motion-safe:animate-pulse')} aria-hidden="true" data-testid="market-skeletons">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <MarketNftCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid place-items-center gap-2 rounded-xl border border-dashed border-border bg-card/40 px-6 py-14 text-center">
      <svg viewBox="0 0 24 24" className="size-10 text-primary" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M4 7h16l-1.5 11.5a2 2 0 0 1-2 1.5h-9a2 2 0 0 1-2-1.5L4 7Z" strokeLinejoin="round" />
        <path d="M9 7V5a3 3 0 0 1 6 0v2" strokeLinecap="round" />
      </svg>
      <h3 className="text-lg font-bold">{title}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

interface PagedGridProps {
  name: string;
  cards: NftCardModel[];
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  now: number;
  toolbar?: ReactNode;
  empty: ReactNode;
  onBuy: (card: NftCardModel) => void;
  buyDisabled: boolean;
  buyHintId: string;
}

/** 'Showing a-b of n', the cards of one page, Previous / 'Page x of y' / Next (spec 000 §2, §5). */
function PagedGrid({ name, cards, loading, page, onPage, now, toolbar, empty, onBuy, buyDisabled, buyHintId }: PagedGridProps) {
  const buyer = useIslandStore($wallet).accountId;
  const underWay = useWriteUnderWay();
  const view = pageWindow(cards.length, page, MARKET_PAGE_SIZE);
  const shown = pageItems(cards, view);
  return (
    <div className="grid gap-4">
      <div className="flex min-h-10 flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {loading ? `Loading ${name.toLowerCase()}…` : view.total > 0 ? `Showing ${view.start}-${view.end} of ${view.total}` : ''}
        </p>
        {toolbar}
      </div>
      {loading ? (
        <SkeletonGrid label={`Loading ${name.toLowerCase()}`} />
      ) : view.total === 0 ? (
        empty
      ) : (
        <>
          <div className={GRID}>
            {shown.map((card) => (
              <MarketNftCard
                key={`${card.serialId}-${card.lastSaleDate ?? ''}-${card.currentListing?.marketplaceListingId ?? ''}`}
                card={card}
                now={now}
                onBuy={onBuy}
                buyDisabled={buyDisabled}
                buyHintId={buyHintId}
                buying={!!buyer && underWay(hbarPurchaseWriteId(buyer, card.serialId))}
              />
            ))}
          </div>
          <nav className="flex items-center justify-center gap-3 pt-2" aria-label={`${name} pages`}>
            <Button variant="outline" size="sm" disabled={!view.hasPrevious} onClick={() => onPage(view.page - 1)}>
              <span aria-hidden="true">←</span> Previous
            </Button>
            <span className="min-w-24 text-center text-sm tabular-nums">
              Page {view.page} of {view.pages}
            </span>
            <Button variant="outline" size="sm" disabled={!view.hasNext} onClick={() => onPage(view.page + 1)}>
              Next <span aria-hidden="true">→</span>
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

/** The HBAR marketplace (/marketplace): recent sales and current listings, and buying a listed tiger. */
export default function HbarMarketplace() {
  const wallet = useIslandStore($wallet);
  // The market's pushed events: a sale, listing or move the job saw on SentX or the ledger reads the market again (past the CDN's copy).
  useStreamEvents([MARKET_STREAM], reloadMarket, (event) => event.data.market === 'hbar' || event.type === 'tiger-moved');
  // While hydrating, the value the page was rendered with: another island (the activity feed) may
  // have fetched the sales before this one hydrates. The cards are built and rendered in a
  // transition, which React splits into short tasks.
  const market = useDeferredValue(useLastData(useIslandStore($market)));
  // A card shows its sale, its listing and its tier, so both tabs load until all three have come:
  // the grid is then rendered once, not once per answer, and no card flips from SALE to LISTING or
  // from Unknown to its tier as the rest arrives.
  const loading = !market;
  const rarity = market?.rarity;
  const now = useNow();
  const [tab, setTab] = useState<Tab>('sales');
  const [salesPage, setSalesPage] = useState(1);
  const [listingsPage, setListingsPage] = useState(1);
  const [sort, setSort] = useState<ListingSort>('newest');
  const [buying, setBuying] = useState<NftCardModel | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const sortId = useId();
  const walletType = PUBLIC_CONFIG.wallet;

  const saleRecords = market?.sales.marketActivity;
  const listingRecords = market?.listings.marketListings;
  const saleCards = useMemo(
    () => (loading ? [] : buildSaleCards(saleRecords ?? [], listingRecords ?? [], rarity)),
    [loading, saleRecords, listingRecords, rarity],
  );
  const listingCards = useMemo(
    () => (loading ? [] : sortListingCards(buildListingCards(listingRecords ?? [], saleRecords ?? [], rarity), sort)),
    [loading, listingRecords, saleRecords, rarity, sort],
  );
  const connected = wallet.isConnected && Boolean(wallet.accountId);

  function goToPage(set: (page: number) => void, page: number): void {
    set(page);
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (top.current && top.current.getBoundingClientRect().top < 0) top.current.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }

  // Stable, so that the memoised cards skip the grid's renders.
  const openPurchase = useCallback((card: NftCardModel): void => {
    const { isConnected, accountId } = $wallet.get();
    const blocked = purchaseBlocker({ isConnected, accountId, listed: Boolean(card.currentListing) });
    if (blocked) return void toast({ ...blocked, variant: 'destructive' });
    setBuying(card);
  }, []);

  const count = (value: unknown[] | undefined) => (value ? formatCount(value.length) : '…');
  const sortControl = (
    <div className="flex items-center gap-2">
      <label htmlFor={sortId} className="text-sm font-medium text-muted-foreground">
        Sort listings
      </label>
      <select
        id={sortId}
        value={sort}
        onChange={(event) => {
          if (!isListingSort(event.target.value)) return;
          setSort(event.target.value);
          setListingsPage(1);
        }}
        className="h-10 rounded-md border border-input bg-card px-3 pr-8 text-sm font-semibold text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {LISTING_SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div ref={top} className="grid scroll-mt-24 grid-cols-1 gap-6">
      {!connected && (
        <div className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-amber-950/30 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p id={hintId} className="text-sm text-amber-100">
            <span className="font-semibold text-highlight">Want a tiger?</span> Connect your Hedera wallet to buy a listed tiger with HBAR.
          </p>
          <Button size="sm" onClick={() => void connectWallet(walletType)} disabled={wallet.isConnecting} className="self-start sm:self-auto">
            {wallet.isConnecting ? 'Connecting…' : 'Connect Wallet'}
          </Button>
        </div>
      )}
      {signInState(wallet) === 'signed-out' && (
        <div className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-amber-950/30 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-amber-100">
            <span className="font-semibold text-highlight">Not signed in.</span> Sign in with your wallet to buy a listed tiger with HBAR.
          </p>
          <Button size="sm" onClick={() => void signInFromPage()} disabled={wallet.isAuthenticating} className="self-start sm:self-auto">
            {wallet.isAuthenticating ? 'Authenticating…' : 'Authenticate'}
          </Button>
        </div>
      )}
      <Tabs value={tab} onValueChange={(value) => setTab(value === 'listings' ? 'listings' : 'sales')}>
        {/* On phones the two tabs share the row and their labels may wrap; from sm up they sit side by side on one line. */}
        <TabsList aria-label="Marketplace" layout="grid w-full grid-cols-2 sm:inline-flex sm:h-11 sm:w-auto">
          <TabsTrigger value="sales" layout={TAB_TRIGGER}>
            Recent Sales ({count(saleRecords)})
          </TabsTrigger>
          <TabsTrigger value="listings" layout={TAB_TRIGGER}>
            Current Listings ({count(listingRecords)})
          </TabsTrigger>
        </TabsList>

        <TabsContent value="sales" spacing="mt-5">
          <h2 className="sr-only">Recent Sales</h2>
          <PagedGrid
            name="Recent sales"
            cards={saleCards}
            loading={loading}
            page={salesPage}
            onPage={(page) => goToPage(setSalesPage, page)}
            now={now}
            empty={<EmptyState title="No Recent Sales">Sales of Wild Tigers on the marketplace show up here.</EmptyState>}
            onBuy={openPurchase}
            buyDisabled={!connected}
            buyHintId={hintId}
          />
        </TabsContent>

        <TabsContent value="listings" spacing="mt-5">
          <h2 className="sr-only">Current Listings</h2>
          <PagedGrid
            name="Current listings"
            cards={listingCards}
            loading={loading}
            page={listingsPage}
            onPage={(page) => goToPage(setListingsPage, page)}
            now={now}
            toolbar={sortControl}
            empty={<EmptyState title="No Active Listings">No tiger is for sale right now. Check back soon.</EmptyState>}
            onBuy={openPurchase}
            buyDisabled={!connected}
            buyHintId={hintId}
          />
        </TabsContent>
      </Tabs>
      <PurchaseDialog card={buying} onClose={() => setBuying(null)} />
    </div>
  );
}
