import { useStore } from '@nanostores/react';
import { type ReactNode, Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { TierBadge } from '@/features/tiger/TierBadge';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorText } from '@/lib/api/index';
import { formatAccountId, formatCount, formatHbarPrice, formatNumber, formatPaws } from '@/lib/format';
import { $listings, $rarity, $sales, reloadMarket } from '@/features/hbar-market/market-client';
import { type NftCardModel, ageText, buildListingCards, listingSerial } from '@/features/hbar-market/market-model';
import { PurchaseDialog } from '@/features/hbar-market/lazy-dialogs';
import { hbarPurchaseWriteId, purchaseBlocker } from '@/features/hbar-market/purchase-machine';
import { ListingDialog, PawsPurchaseDialog, UnlistDialog } from '@/features/paws-market/lazy-dialogs';
import { AddToCartButton } from '@/features/paws-cart/AddToCartButton';
import { SellerProceeds } from '@/features/paws-market/SaleFees';
import { isOwnListing, listingWriteId, pawsPurchaseWriteId, unlistWriteId } from '@/features/paws-market/listing';
import type { PublicListing } from '@/features/paws-market/paws-client';
import type { UnlistTarget } from '@/features/paws-market/unlist-write';
import type { OwnedNft } from '@/features/accounts/account-types';
import { toast } from '@/features/toast/toast-store';
import { $wallet } from '@/features/wallet/wallet-store';
import { useWriteUnderWay } from '@/features/writes/use-writes';
import { $writes, NO_WRITES } from '@/features/writes/write-store';
import { useIslandStore } from '@/lib/use-island-store';
import { purchasedListing } from '@/features/paws-market/purchased-listings';
import { NOT_MINTED, UNKNOWN_OWNER } from '@/features/collection/collection-rules';
import { NftMedia } from '@/features/tiger/NftMedia';
import { AccountName, ProfileLink } from '@/features/accounts/AccountName';
import { rankText, tierByRank, traitLabel } from '@/features/tiger/tiers';
import { $tigerView } from './tiger-view-client';
import { refreshTigerView } from '@/features/tiger/tiger-view-store';
import { tigerStream } from '@/features/market-events/market-event';
import { useStreamEvents } from '@/features/market-events/use-stream-events';
import { WatchTiger } from '@/features/watchlist/WatchTiger';
import { TigerValue } from '@/features/trait-floors/TigerValue';
import { dialogOfWrite } from '@/features/tiger/tiger-view-href';
import { $writeToReopen } from '@/features/tiger/tiger-view-store';
import { type TigerViewAnswer, formatShare, reopenWaitsForOwner, withTigerParam } from './tiger-view-rules';

/** How soon the view reads the tiger again when the ledger did not say who owns it and a reopened dialog waits on that. */
const OWNER_RETRY_MS = 3_000;
/** Offers on the tiger (make, cancel, the best one): loaded with the view's offers section. */
const TigerOffers = lazy(() => import('@/features/offers/TigerOffers').then((module) => ({ default: module.TigerOffers })));

/** HBAR sales of the tiger the view lists (from the market's recent sales). */
const HBAR_SALES_SHOWN = 5;

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="grid gap-2" aria-labelledby={id}>
      <h3 id={id} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The tiger's PAWS listing `listingId` as far as its view tells (a purchase reopened while its sale settles, the listing no longer for sale). */
function listingOfView(data: TigerViewAnswer, listingId: string): PublicListing {
  return {
    id: listingId,
    sellerId: data.pawsSettling?.sellerId ?? data.owner,
    tokenId: data.tokenId,
    serialNumber: data.serial,
    nftName: data.name,
    nftImage: data.image ?? '',
    pawsPrice: data.pawsSettling?.pawsPrice ?? '0',
    rarityRank: data.rarityRank,
    rarityPct: data.rarityPct,
    rarityScore: data.rarityScore,
    traits: data.traits.map(({ trait_type, value }) => ({ trait_type, value })),
    status: 'claimed',
    createdAt: data.pawsSettling?.since ?? '',
    updatedAt: data.pawsSettling?.since ?? '',
    approvalTransactionId: null,
    sale: null,
  };
}

function Owner({ data }: { data: TigerViewAnswer }) {
  if (data.owner === NOT_MINTED) return <span>{NOT_MINTED}</span>;
  if (data.owner === UNKNOWN_OWNER) return <span>Unknown</span>;
  if (!data.ownerProfile) return <span className="font-mono">{formatAccountId(data.owner)}</span>;
  return <ProfileLink accountId={data.owner} name={data.ownerProfile.username} />;
}

/** One listing of the tiger: market, price, seller, age and its action. */
function ListingRow({
  market,
  price,
  seller,
  date,
  now,
  action,
}: {
  market: string;
  price: string;
  seller: string | null;
  date: string | null;
  now: number;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-card p-3" data-testid={`listing-${market}`}>
      <div className="grid min-w-0 gap-0.5">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{market} listing</p>
        <p className="text-lg leading-tight font-bold text-highlight tabular-nums">{price}</p>
        <p className="text-xs text-muted-foreground">
          {seller && (
            <>
              Seller <AccountName accountId={seller} />
            </>
          )}
          {date && ` · ${ageText(date, now) || new Date(date).toLocaleDateString('en-US')}`}
        </p>
      </div>
      {action}
    </div>
  );
}

/** The tiger as the listing dialog takes it (the owner's own tiger, from the view). */
function ownedNftOf(data: TigerViewAnswer): OwnedNft {
  return {
    id: `${data.tokenId}-${data.serial}`,
    tokenId: data.tokenId,
    serialNumber: data.serial,
    nftName: data.name,
    nftImage: data.image ?? '',
    metadata: '',
    isListed: false,
    marketplaceApproved: false,
    rarityRank: data.rarityRank,
    rarityPct: data.rarityPct,
    rarityScore: data.rarityScore,
    traits: data.traits.map(({ trait_type, value }) => ({ trait_type, value })),
  };
}

interface SaleLine {
  key: string;
  market: 'HBAR' | 'PAWS';
  price: string;
  date: string;
  buyer: string | null;
}

/**
 * The view of one tiger (issue 20 item 1): a dialog labelled by the tiger's name, a full-screen
 * sheet on phones. The art large, rank / supply, tier, score, each trait with its share of the
 * collection, the owner, the HBAR and PAWS listings with their buy flows, the last sales of both
 * markets, and the owner's list and unlist actions. Its address carries `?tiger=N` while open.
 * Opened by the tray's link (`$writeToReopen`), it reopens that write's dialog over it, once it has
 * what the dialog shows; its buttons say so while a write of theirs is under way ('Buying…').
 */
export function TigerView({ serial, onClose }: { serial: number | null; onClose: () => void }) {
  const open = serial !== null;
  const view = useStore($tigerView);
  const wallet = useStore($wallet);
  const hbarListings = useStore($listings);
  const hbarSales = useStore($sales);
  const rarity = useStore($rarity);
  const [buyingHbar, setBuyingHbar] = useState<NftCardModel | null>(null);
  const [buyingPaws, setBuyingPaws] = useState<PublicListing | null>(null);
  const [listing, setListing] = useState<OwnedNft | null>(null);
  const [unlisting, setUnlisting] = useState<UnlistTarget | null>(null);
  const [offerToReopen, setOfferToReopen] = useState<string | null>(null);
  // The tiger's own stream: a listing, sale, offer or move of it elsewhere shows here at once.
  useStreamEvents([serial === null ? null : tigerStream(serial)], () => {
    refreshTigerView();
    reloadMarket();
  });
  const reopen = useStore($writeToReopen);
  const underWay = useWriteUnderWay();
  const writes = useIslandStore($writes, NO_WRITES);
  const now = Date.now();

  // The dialog's own history entry (pushed by Dialog.tsx as it opens) carries the address of the view.
  useEffect(() => {
    if (serial === null) return;
    window.history.replaceState(window.history.state, '', withTigerParam(window.location.href, serial));
  }, [serial]);

  const data = view.data && view.data.serial === serial ? view.data : undefined;
  const hbarCard = useMemo(() => {
    if (serial === null) return null;
    const records = (hbarListings.data?.marketListings ?? []).filter((record) => listingSerial(record) === serial && record.isAvailableForPurchase !== false);
    return buildListingCards(records, hbarSales.data?.marketActivity ?? [], rarity.data?.rarityData)[0] ?? null;
  }, [serial, hbarListings.data, hbarSales.data, rarity.data]);

  const sales = useMemo<SaleLine[]>(() => {
    if (serial === null) return [];
    const hbar: SaleLine[] = (hbarSales.data?.marketActivity ?? [])
      .filter((sale) => sale.nftSerialId === serial)
      .slice(0, HBAR_SALES_SHOWN)
      .map((sale) => ({
        key: `h${sale.saleDate}`,
        market: 'HBAR',
        price: `${formatHbarPrice(Number(sale.salePrice))} HBAR`,
        date: sale.saleDate,
        buyer: sale.buyerAddress,
      }));
    const paws: SaleLine[] = (data?.pawsSales ?? []).map((sale) => ({
      key: `p${sale.transactionId}`,
      market: 'PAWS',
      price: `${formatPaws(sale.pawsPrice)} PAWS`,
      date: sale.soldAt,
      buyer: sale.buyerId,
    }));
    return [...hbar, ...paws].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  }, [serial, hbarSales.data, data?.pawsSales]);

  function close(): void {
    $writeToReopen.set(null);
    setOfferToReopen(null);
    window.history.replaceState(window.history.state, '', withTigerParam(window.location.href, null));
    onClose();
  }

  /** A flow opened from the view ends: the view reads the tiger again (it may have been bought, listed or unlisted). */
  function after(reset: () => void): () => void {
    return () => {
      reset();
      refreshTigerView();
    };
  }

  function buyHbar(card: NftCardModel): void {
    const { isConnected, accountId } = $wallet.get();
    const blocked = purchaseBlocker({ isConnected, accountId, listed: Boolean(card.currentListing) });
    if (blocked) return void toast({ ...blocked, variant: 'destructive' });
    setBuyingHbar(card);
  }

  function buyPaws(entry: PublicListing): void {
    const { isConnected, accountId } = $wallet.get();
    if (!isConnected || !accountId)
      return void toast({ title: 'Wallet Required', description: 'Please connect your wallet to purchase NFTs', variant: 'destructive' });
    if (isOwnListing(entry, accountId)) return void toast({ title: 'Invalid Purchase', description: 'You cannot buy your own NFT', variant: 'destructive' });
    setBuyingPaws(entry);
  }

  const name = data?.name ?? (serial === null ? '' : `Wild Tiger #${serial}`);
  const viewer = wallet.accountId;
  const ownsIt = Boolean(data && viewer && data.owner === viewer);
  const paws = data?.pawsListing ?? null;
  const ownPaws = Boolean(paws && viewer && paws.sellerId === viewer);
  // A PAWS sale of this tiger settling (a buyer's claim on the server, or the viewer's own purchase at the ledger): the owner changes at consensus.
  const ownPurchase =
    viewer && serial !== null
      ? Object.values(writes).find(
          (write) =>
            write.accountId === viewer &&
            write.serial === serial &&
            write.id.startsWith('paws-purchase:') &&
            (write.step === 'ledger' || write.step === 'stalled'),
        )
      : undefined;
  const settling = Boolean(data && !paws && (data.pawsSettling || ownPurchase));
  const tier = tierByRank(data?.rarityRank);
  // The tray's link: the viewer's write under way, whose dialog opens once the view has what it shows.
  const reopening = reopen && underWay(reopen) ? dialogOfWrite(reopen) : null;
  const reopenable = reopening && reopening.accountId === viewer ? reopening : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as what the dialog shows arrives
  useEffect(() => {
    if (!reopenable || !data || !viewer || (reopenable.kind === 'hbar-purchase' && !hbarCard && hbarListings.loading)) return;
    if (reopenWaitsForOwner(reopenable.kind, data.owner)) return;
    $writeToReopen.set(null);
    const { kind, key } = reopenable;
    const ofThisTiger = key === String(data.serial);
    if (kind === 'listing' && ofThisTiger && ownsIt) setListing(ownedNftOf(data));
    if (kind === 'unlist' && ofThisTiger) setUnlisting({ listingId: paws?.id ?? null, serialNumber: data.serial, nftName: data.name, sellerId: viewer });
    if (kind === 'hbar-purchase' && ofThisTiger && hbarCard) setBuyingHbar(hbarCard);
    // The purchase's own listing: while its sale settles the tiger is no longer listed for sale.
    if (kind === 'paws-purchase') {
      const bought = paws?.id === key ? paws : purchasedListing(reopen as string);
      if (bought) setBuyingPaws({ ...listingOfView(data, key), ...bought });
    }
    if (kind === 'offer-accept') setOfferToReopen(key);
  }, [reopenable, data, viewer, hbarCard, hbarListings.loading]);

  // The owner was unknown (the ledger did not answer in time): a dialog the tray asked for waits, and the view reads again.
  const waitingForOwner = Boolean(reopenable && data && reopenWaitsForOwner(reopenable.kind, data.owner));
  // biome-ignore lint/correctness/useExhaustiveDependencies: each read that still does not know the owner schedules the next
  useEffect(() => {
    if (!waitingForOwner) return;
    const timer = setTimeout(refreshTigerView, OWNER_RETRY_MS);
    return () => clearTimeout(timer);
  }, [waitingForOwner, data]);

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => !next && close()}>
        {/* Mounted per opening, so focus goes back to the card that opened it (Dialog.tsx reads the opener as it mounts). */}
        {serial !== null && (
          <DialogContent
            closeLabel="Close tiger view"
            maxWidth="max-w-5xl"
            className="max-sm:inset-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0 max-sm:p-4"
            data-testid="tiger-view"
          >
            <DialogHeader>
              <DialogTitle textSize="text-xl sm:text-2xl" className="[overflow-wrap:anywhere]">
                {name}
              </DialogTitle>
              <DialogDescription>{data ? `${rankText(data.rarityRank, data.totalSupply)} · ${tier}` : 'Loading the tiger…'}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
              <div className="grid content-start gap-3">
                <NftMedia serial={serial} image={data?.image ?? null} name={name} variant="large" className="rounded-lg" />
                {data && (
                  <dl className="grid grid-cols-3 gap-2 text-center" aria-label="Rarity">
                    <div className="rounded-lg bg-muted/60 p-2">
                      <dt className="text-xs text-muted-foreground">Rank</dt>
                      <dd className="font-bold tabular-nums" data-testid="tiger-view-rank">
                        {data.rarityRank !== null ? `${formatCount(data.rarityRank)} / ${formatCount(data.totalSupply)}` : '—'}
                      </dd>
                    </div>
                    <div className="rounded-lg bg-muted/60 p-2">
                      <dt className="text-xs text-muted-foreground">Tier</dt>
                      <dd>
                        <TierBadge tier={tier} />
                      </dd>
                    </div>
                    <div className="rounded-lg bg-muted/60 p-2">
                      <dt className="text-xs text-muted-foreground">Rarity score</dt>
                      <dd className="font-bold tabular-nums">{data.rarityScore !== null ? formatNumber(data.rarityScore, 2) : '—'}</dd>
                    </div>
                  </dl>
                )}
                {data && viewer && wallet.isAuthenticated && !ownsIt && <WatchTiger serial={data.serial} accountId={viewer} />}
              </div>

              <div className="grid content-start gap-5">
                {view.error && !data ? (
                  <p className="rounded-lg border border-destructive/60 p-3 text-sm" role="alert">
                    {errorText(view.error, 'Failed to fetch tiger')}
                  </p>
                ) : !data ? (
                  <div className="grid gap-3" aria-hidden="true">
                    <Skeleton className="h-5 w-1/2 rounded-md" />
                    <Skeleton className="h-20 w-full rounded-md" />
                    <Skeleton className="h-40 w-full rounded-md" />
                  </div>
                ) : (
                  <>
                    <p className="text-sm">
                      <span className="text-muted-foreground">Owner </span>
                      <span data-testid="tiger-view-owner">
                        <Owner data={data} />
                      </span>
                      {ownsIt && <Badge className="ml-2">You</Badge>}
                      {settling && (
                        <Badge variant="outline" className="ml-2">
                          Sale settling
                        </Badge>
                      )}
                    </p>

                    <Section title="Listings" id="tiger-view-listings">
                      {hbarCard?.currentListing ? (
                        <ListingRow
                          market="HBAR"
                          price={`${formatHbarPrice(hbarCard.currentListing.price)} HBAR`}
                          seller={hbarCard.currentListing.sellerAddress}
                          date={hbarCard.currentListing.listingDate}
                          now={now}
                          action={
                            <Button onClick={() => buyHbar(hbarCard)}>
                              {viewer && underWay(hbarPurchaseWriteId(viewer, serial)) ? 'Buying…' : 'Buy with HBAR'}
                            </Button>
                          }
                        />
                      ) : (
                        <p className="text-sm text-muted-foreground" data-testid="no-hbar-listing">
                          {hbarListings.loading ? 'Loading the HBAR listing…' : 'Not listed for HBAR on SentX.'}
                        </p>
                      )}
                      {paws ? (
                        <ListingRow
                          market="PAWS"
                          price={`${formatPaws(paws.pawsPrice)} PAWS`}
                          seller={paws.sellerId}
                          date={paws.createdAt}
                          now={now}
                          action={
                            ownPaws ? (
                              <Button
                                variant="outline"
                                onClick={() =>
                                  viewer && setUnlisting({ listingId: paws.id, serialNumber: paws.serialNumber, nftName: paws.nftName, sellerId: viewer })
                                }
                              >
                                {underWay(unlistWriteId(paws.sellerId, paws.serialNumber)) ? 'Unlisting…' : 'Unlist NFT'}
                              </Button>
                            ) : (
                              <div className="flex flex-wrap gap-2">
                                {viewer && (
                                  <AddToCartButton
                                    listing={paws}
                                    buyerId={viewer}
                                    away={typeof window !== 'undefined' && window.location.pathname !== '/paws-marketplace'}
                                  />
                                )}
                                <Button onClick={() => buyPaws(paws)}>
                                  {viewer && underWay(pawsPurchaseWriteId(viewer, paws.id)) ? 'Buying…' : 'Buy with PAWS'}
                                </Button>
                              </div>
                            )
                          }
                        />
                      ) : settling ? (
                        <p className="rounded-lg border border-primary/50 bg-primary/10 p-3 text-sm" role="status" data-testid="paws-sale-settling">
                          Sale settling: the owner changes at consensus.{' '}
                          {data.pawsSettling && (
                            <span className="text-muted-foreground">
                              Bought for {formatPaws(data.pawsSettling.pawsPrice)} PAWS by <AccountName accountId={data.pawsSettling.buyerId} />.
                            </span>
                          )}
                        </p>
                      ) : (
                        <div className="flex flex-wrap items-center justify-between gap-3">
                          <p className="text-sm text-muted-foreground" data-testid="no-paws-listing">
                            Not listed on the PAWS marketplace.
                          </p>
                          {ownsIt && data && (
                            <Button onClick={() => setListing(ownedNftOf(data))}>
                              {viewer && underWay(listingWriteId(viewer, data.serial)) ? 'Listing…' : 'List for PAWS'}
                            </Button>
                          )}
                        </div>
                      )}
                      {paws && ownPaws && viewer && <SellerProceeds price={paws.pawsPrice} sellerId={viewer} />}
                    </Section>

                    <Section title="Traits" id="tiger-view-traits">
                      {data.traits.length ? (
                        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Traits">
                          {data.traits.map((trait) => (
                            <li key={trait.trait_type} className="rounded-lg border border-border bg-card px-3 py-2">
                              <p className="text-xs text-muted-foreground">{traitLabel(trait.trait_type)}</p>
                              <p className="flex flex-wrap items-baseline justify-between gap-x-2">
                                <span className="font-semibold [overflow-wrap:anywhere]">{trait.value}</span>
                                <span className="text-xs text-muted-foreground tabular-nums" title={`${trait.count} of ${data.rankedCount} tigers`}>
                                  {formatShare(trait.share)} have it
                                </span>
                              </p>
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <p className="text-sm text-muted-foreground">No trait data for this tiger.</p>
                      )}
                    </Section>

                    <Section title="Trait floors and estimated value" id="tiger-view-value">
                      <TigerValue traits={data.traits} />
                    </Section>

                    <Section title="Last sales" id="tiger-view-sales">
                      {sales.length ? (
                        <ul className="grid gap-1 text-sm" aria-label="Last sales">
                          {sales.map((sale) => (
                            <li key={sale.key} className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-border py-1 last:border-0">
                              <span>
                                <Badge variant="outline" className="mr-2">
                                  {sale.market}
                                </Badge>
                                <span className="font-semibold tabular-nums">{sale.price}</span>
                              </span>
                              <span className="text-xs text-muted-foreground">
                                {sale.buyer && (
                                  <>
                                    to <AccountName accountId={sale.buyer} /> ·{' '}
                                  </>
                                )}
                                <time dateTime={sale.date}>{ageText(sale.date, now) || new Date(sale.date).toLocaleDateString('en-US')}</time>
                              </span>
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <p className="text-sm text-muted-foreground">No recent sales on either market.</p>
                      )}
                    </Section>

                    {/* Offers carry their own heading; a tiger not minted yet cannot be offered on (the server refuses it too). */}
                    {data.owner === NOT_MINTED ? (
                      <p className="text-sm text-muted-foreground" data-testid="tiger-view-not-minted">
                        Not minted yet: it cannot be offered on, bought or listed.
                      </p>
                    ) : (
                      <Suspense fallback={<Skeleton className="h-16 w-full rounded-md" />}>
                        <TigerOffers serial={data.serial} ownerId={/^0\.0\.\d+$/.test(data.owner) ? data.owner : null} reopenOfferId={offerToReopen} />
                      </Suspense>
                    )}
                  </>
                )}
              </div>
            </div>
          </DialogContent>
        )}
      </Dialog>
      <PurchaseDialog card={buyingHbar} onClose={after(() => setBuyingHbar(null))} />
      <PawsPurchaseDialog listing={buyingPaws} onClose={after(() => setBuyingPaws(null))} />
      <ListingDialog nft={listing} onClose={after(() => setListing(null))} />
      <UnlistDialog target={unlisting} onClose={after(() => setUnlisting(null))} />
    </>
  );
}
