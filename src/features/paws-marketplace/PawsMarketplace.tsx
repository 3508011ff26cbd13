import { useWriteUnderWay } from '@/features/writes/use-writes';
import { listingWriteId, pawsPurchaseWriteId } from '@/features/paws-market/listing';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { SkeletonGroup } from '@/components/ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { $balances } from '@/features/balances/balance-store';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import type { OwnedNft } from '@/features/accounts/account-types';
import { verifyOwnership } from '@/features/accounts/holdings-client';
import { toast } from '@/features/toast/toast-store';
import { tryAgainAfter } from '@/features/toast/try-again';
import { formatCount, formatPaws } from '@/lib/format';
import { useIslandStore } from '@/lib/use-island-store';
import { $wallet, connectWallet } from '@/features/wallet/wallet-store';
import { ListingDialog, PawsPurchaseDialog, UnlistDialog } from '@/features/paws-market/lazy-dialogs';
import { OfferNotices } from '@/features/offers/OfferNotices';
import { MySalesHistory, SalesNotice } from '@/features/market-stats/MySales';
import { MarketCardOffers, OffersMadePanel, OffersReceivedPanel } from '@/features/offers/OfferPanels';
import { isOwnListing } from '@/features/paws-market/listing';
import { TigerCard } from '@/features/paws-market/PawsListingCard';
import { $myListings, $rarity, type PublicListing, refreshAfterTrade } from '@/features/paws-market/paws-client';
import { useOwnedNfts } from '@/features/paws-market/use-owned-nfts';
import { useLivePawsMarket } from '@/features/paws-market/use-live-market';
import { errorText } from '@/lib/api/error-text';
import { PawsListingsBrowser } from '@/features/paws-market/PawsListingsBrowser';
import type { UnlistTarget } from '@/features/paws-market/unlist-write';
import { signInState } from '@/features/wallet/sign-in-state';
import { SessionCheck } from '@/features/wallet/SessionCheck';
import { signInFromPage } from '@/features/wallet/sign-in-focus';
import { SellerProceeds } from '@/features/paws-market/SaleFees';
import { AddToCartButton } from '@/features/paws-cart/AddToCartButton';
import { CartButton } from '@/features/paws-cart/CartButton';
import { BulkAcceptDialog, BulkListDialog, BulkUnlistDialog } from '@/features/paws-bulk/lazy-dialogs';
import { AcceptSeveral } from '@/features/paws-bulk/AcceptSeveral';
import type { ReceivedOffer } from '@/features/offers/offer-client';
import { SelectBox, SelectionBar, selectionHeaderClass, useSelection } from '@/features/paws-bulk/SelectionBar';
import { OwnedTigersGrid } from '@/features/paws-bulk/OwnedTigersGrid';
import { $reopenWrite, hostWriteDialogs, writeKind } from '@/features/writes/reopen-write';

function SkeletonGrid() {
  return <SkeletonGroup count={8} className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" itemClassName="aspect-[3/4] rounded-xl" />;
}

function Grid({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">{children}</div>;
}

function Empty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="grid place-items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}

function RarityBadge() {
  const { data, loading, error } = useStore($rarity);
  if (loading) return <Badge variant="outline">Loading rarity data…</Badge>;
  if (error || !data || data.stats.totalNFTs === 0) return <Badge variant="outline">Limited rarity data available</Badge>;
  return (
    <Badge variant="outline" wrap>
      Rarity data: {formatCount(data.stats.totalNFTs)} NFTs · {data.stats.coveragePercentage.toFixed(1)}% coverage
    </Badge>
  );
}

/** The PAWS marketplace (/paws-marketplace): browse and buy, your NFTs to list, your listings to unlist. */
export default function PawsMarketplace() {
  const wallet = useIslandStore($wallet);
  const balances = useIslandStore($balances);
  const mine = useStore($myListings);
  const owned = useOwnedNfts();
  const [buying, setBuying] = useState<PublicListing | null>(null);
  const [listing, setListing] = useState<OwnedNft | null>(null);
  const [unlisting, setUnlisting] = useState<UnlistTarget | null>(null);
  const [syncing, setSyncing] = useState(false);
  // Several tigers (My NFTs, by serial) or listings (My Listings, by id) selected for a bulk listing or unlisting.
  const pickTigers = useSelection();
  const pickListings = useSelection();
  const [bulkListing, setBulkListing] = useState<OwnedNft[] | null>(null);
  const [bulkUnlisting, setBulkUnlisting] = useState<PublicListing[] | null>(null);
  const [bulkAccepting, setBulkAccepting] = useState<ReceivedOffer[] | null>(null);
  const walletType = PUBLIC_CONFIG.wallet;
  const underWay = useWriteUnderWay();
  const reopen = useStore($reopenWrite);
  // Pushed market events keep the listings, My Listings and My NFTs as they are now, in every tab.
  useLivePawsMarket(wallet.isAuthenticated && wallet.accountId ? wallet.accountId : null);
  // The tray's link to a bulk write (under way, or its outcome): its dialog opens on it, showing the write.
  useEffect(() => hostWriteDialogs(['offers-accept-many', 'bulk-listing', 'bulk-unlist']), []);
  useEffect(() => {
    const kind = reopen ? writeKind(reopen) : null;
    if (kind === 'offers-accept-many') setBulkAccepting([]);
    else if (kind === 'bulk-listing') setBulkListing([]);
    else if (kind === 'bulk-unlist') setBulkUnlisting([]);
    else return;
    $reopenWrite.set(null);
  }, [reopen]);

  if (!wallet.isConnected || !wallet.accountId) {
    return (
      <Empty title="Connect your Hedera wallet">
        <p className="max-w-md text-muted-foreground">Connect a Hedera wallet to buy tigers for $PAWS and to list your own.</p>
        <Button onClick={() => void connectWallet(walletType)} disabled={wallet.isConnecting}>
          {wallet.isConnecting ? 'Connecting…' : 'Connect Wallet'}
        </Button>
      </Empty>
    );
  }
  const accountId = wallet.accountId;
  const listingUnderWay = (serial: number) => underWay(listingWriteId(accountId, serial));
  if (signInState(wallet) === 'checking') return <SessionCheck />;
  if (!wallet.isAuthenticated) {
    return (
      <Empty title="Sign in to trade">
        <p className="max-w-md text-muted-foreground">Sign the sign-in message in your wallet to buy, list and unlist tigers.</p>
        <Button onClick={() => void signInFromPage()} disabled={wallet.isAuthenticating}>
          {wallet.isAuthenticating ? 'Authenticating…' : 'Authenticate'}
        </Button>
        {wallet.error && <p className="text-sm text-red-400">{wallet.error}</p>}
      </Empty>
    );
  }

  const listedSerials = new Set((mine.data?.listings ?? []).map((entry) => entry.serialNumber));

  function tryBuy(entry: PublicListing): void {
    if (!wallet.isConnected)
      return void toast({ title: 'Wallet Required', description: 'Please connect your wallet to purchase NFTs', variant: 'destructive' });
    if (isOwnListing(entry, accountId)) return void toast({ title: 'Invalid Purchase', description: 'You cannot buy your own NFT', variant: 'destructive' });
    setBuying(entry);
  }

  async function sync(): Promise<void> {
    if (!accountId) return;
    setSyncing(true);
    try {
      await verifyOwnership(accountId);
      refreshAfterTrade();
      toast({ title: 'NFTs Synced', description: 'Your tigers were read from the ledger.' });
    } catch (failure) {
      toast({
        title: 'Sync Failed',
        description: errorText(failure, 'Failed to sync NFTs'),
        variant: 'destructive',
        action: tryAgainAfter(failure, () => void sync(), 'syncing your tigers'),
      });
    } finally {
      setSyncing(false);
    }
  }

  return (
    // One column no wider than the screen (a wide badge or row would widen a plain grid's track at 320 px).
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center gap-2">
        {/* Spec 001 §2: the balance chip only above 0; a balance known to be 0 is said in words, never left unsaid. */}
        {balances.isReady && Number(balances.pawsBalance) > 0 && <Badge>{formatPaws(balances.pawsBalance)} PAWS</Badge>}
        {balances.isReady && !balances.loadFailed && balances.accountId === accountId && Number(balances.pawsBalance) === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="no-paws">
            You hold no PAWS yet: listings here are priced in $PAWS.
          </p>
        )}
        <RarityBadge />
      </div>
      <Tabs defaultValue="market">
        <TabsList aria-label="PAWS marketplace sections" layout="inline-flex flex-wrap justify-start">
          <TabsTrigger value="market">Marketplace</TabsTrigger>
          <TabsTrigger value="mine">My NFTs</TabsTrigger>
          <TabsTrigger value="listings">My Listings</TabsTrigger>
          <TabsTrigger value="offers-made">Offers Made</TabsTrigger>
          <TabsTrigger value="offers-received">Offers Received</TabsTrigger>
        </TabsList>

        <TabsContent value="market" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-xl font-bold">Available Listings</h2>
            <CartButton />
          </div>
          <PawsListingsBrowser
            renderListing={(entry) => (
              <TigerCard
                key={entry.id}
                tiger={entry}
                action={
                  !isOwnListing(entry, accountId) && (
                    <div className="grid gap-2">
                      <Button className="w-full" onClick={() => tryBuy(entry)} aria-busy={!!accountId && underWay(pawsPurchaseWriteId(accountId, entry.id))}>
                        {accountId && underWay(pawsPurchaseWriteId(accountId, entry.id)) ? 'Buying…' : 'Buy'}
                      </Button>
                      <AddToCartButton listing={entry} buyerId={accountId} className="w-full" />
                    </div>
                  )
                }
              >
                <p className="text-lg font-bold text-primary">{formatPaws(entry.pawsPrice)} PAWS</p>
                <MarketCardOffers listing={entry} />
              </TigerCard>
            )}
          />
        </TabsContent>

        <TabsContent value="mine" className="grid gap-4">
          <div className={selectionHeaderClass(pickTigers.selecting, 'flex items-center justify-between gap-2')}>
            <h2 className="text-xl font-bold">My NFTs</h2>
            <div className="flex flex-wrap items-center gap-2">
              <SelectionBar
                selecting={pickTigers.selecting}
                count={pickTigers.selected.size}
                action="List selected"
                onToggle={pickTigers.toggle}
                onAct={() => {
                  setBulkListing((owned.data?.nfts ?? []).filter((nft) => pickTigers.selected.has(String(nft.serialNumber))));
                  pickTigers.end();
                }}
              />
              <Button variant="outline" size="sm" onClick={() => void sync()} disabled={syncing}>
                {syncing ? 'Syncing…' : 'Sync NFTs'}
              </Button>
            </div>
          </div>
          {owned.loading && !owned.data ? (
            <SkeletonGrid />
          ) : owned.error ? (
            <Empty title="Failed to fetch profile NFTs">
              <Button onClick={() => void sync()} disabled={syncing}>
                Sync from Blockchain
              </Button>
            </Empty>
          ) : !owned.data?.nfts.length ? (
            <Empty title="No tigers found in your wallet">
              <Button onClick={() => void sync()} disabled={syncing}>
                Sync from Blockchain
              </Button>
            </Empty>
          ) : (
            <OwnedTigersGrid
              className="lg:grid-cols-4"
              accountId={accountId}
              nfts={owned.data.nfts}
              isListed={(nft) => nft.isListed || listedSerials.has(nft.serialNumber)}
              underWay={underWay}
              listingUnderWay={listingUnderWay}
              onList={setListing}
              onUnlist={setUnlisting}
              selection={pickTigers}
            />
          )}
        </TabsContent>

        <TabsContent value="listings" className="grid gap-4">
          <div className={selectionHeaderClass(pickListings.selecting, 'flex flex-wrap items-center justify-between gap-2')}>
            <h2 className="text-xl font-bold">My Active Listings</h2>
            <SelectionBar
              selecting={pickListings.selecting}
              count={pickListings.selected.size}
              action="Unlist selected"
              onToggle={pickListings.toggle}
              onAct={() => {
                setBulkUnlisting((mine.data?.listings ?? []).filter((entry) => pickListings.selected.has(entry.id)));
                pickListings.end();
              }}
            />
          </div>
          {mine.loading && !mine.data ? (
            <SkeletonGrid />
          ) : mine.error ? (
            <Empty title="Failed to fetch user listings" />
          ) : !mine.data?.listings.length ? (
            <Empty title="No Active Listings">
              <p className="text-muted-foreground">Tigers you list for PAWS show up here.</p>
            </Empty>
          ) : (
            <Grid>
              {mine.data.listings.map((entry) => (
                <TigerCard
                  key={entry.id}
                  tiger={entry}
                  action={
                    <Button
                      className="w-full"
                      variant="outline"
                      onClick={() => setUnlisting({ listingId: entry.id, serialNumber: entry.serialNumber, nftName: entry.nftName, sellerId: accountId })}
                    >
                      Unlist NFT
                    </Button>
                  }
                >
                  <p className="text-lg font-bold text-primary">{formatPaws(entry.pawsPrice)} PAWS</p>
                  <SellerProceeds price={entry.pawsPrice} sellerId={accountId} />
                  {pickListings.selecting && (
                    <SelectBox
                      label={`Select ${entry.nftName}`}
                      checked={pickListings.selected.has(entry.id)}
                      onChange={(on) => pickListings.select(entry.id, on)}
                    />
                  )}
                </TigerCard>
              ))}
            </Grid>
          )}
          <MySalesHistory accountId={accountId} />
        </TabsContent>

        <TabsContent value="offers-made">
          <OffersMadePanel accountId={accountId} />
        </TabsContent>

        <TabsContent value="offers-received" className="grid gap-4">
          <AcceptSeveral onOpen={setBulkAccepting} />
          <OffersReceivedPanel accountId={accountId} />
        </TabsContent>
      </Tabs>
      <OfferNotices />
      <SalesNotice accountId={accountId} />
      <PawsPurchaseDialog listing={buying} onClose={() => setBuying(null)} />
      <ListingDialog nft={listing} onClose={() => setListing(null)} />
      <UnlistDialog target={unlisting} onClose={() => setUnlisting(null)} />
      <BulkListDialog tigers={bulkListing} onClose={() => setBulkListing(null)} />
      <BulkUnlistDialog listings={bulkUnlisting} onClose={() => setBulkUnlisting(null)} />
      <BulkAcceptDialog offers={bulkAccepting} tigers={owned.data?.nfts ?? []} onClose={() => setBulkAccepting(null)} />
    </div>
  );
}
