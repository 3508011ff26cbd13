import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SkeletonGroup } from '@/components/ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { ListingDialog, UnlistDialog } from '@/features/paws-market/lazy-dialogs';
import { BulkListDialog } from '@/features/paws-bulk/lazy-dialogs';
import { SelectionBar, selectionHeaderClass, useSelection } from '@/features/paws-bulk/SelectionBar';
import { OwnedTigersGrid } from '@/features/paws-bulk/OwnedTigersGrid';
import { $myListings } from '@/features/paws-market/paws-client';
import { useOwnedNfts } from '@/features/paws-market/use-owned-nfts';
import type { UnlistTarget } from '@/features/paws-market/unlist-write';
import { toast } from '@/features/toast/toast-store';
import { AvatarPicker } from './AvatarPicker';
import type { OwnedNft } from '@/features/accounts/account-types';
import { OwnedCount } from './OwnedCount';
import { listingWriteId } from '@/features/paws-market/listing';
import { useWriteUnderWay } from '@/features/writes/use-writes';
import { startOwnershipSync, syncWriteId } from './profile-writes';

/** Spec 001 §8: the profile page's own unlist failure text. */
const UNLIST_FAILURE = { title: 'Unlisting Failed', text: 'There was an error returning your Tiger to your den. Please try again.' };

function Banner({ tone, children }: { tone: 'verified' | 'cached'; children: React.ReactNode }) {
  return (
    <div
      role="status"
      className={
        tone === 'verified'
          ? 'flex items-start gap-2 rounded-lg border border-emerald-500/70 bg-emerald-950/60 p-3 text-sm text-emerald-100'
          : 'flex items-start gap-2 rounded-lg border border-yellow-400/70 bg-yellow-950/60 p-3 text-sm text-yellow-100'
      }
    >
      <span aria-hidden="true" className="font-bold">
        {tone === 'verified' ? '✓' : '!'}
      </span>
      <p>{children}</p>
    </div>
  );
}

/** The collection panel: 'Verify Ownership', the owned tigers (list / unlist each, or list several at once) and the avatar picker. */
export function CollectionPanel({
  accountId,
  nfts: known,
  avatarSerial,
}: {
  accountId: string;
  /** Undefined until the holder's tigers are known. */
  nfts: readonly OwnedNft[] | undefined;
  avatarSerial: number | null;
}) {
  const nfts = known ?? [];
  const owned = useOwnedNfts();
  const mine = useStore($myListings);
  const [listing, setListing] = useState<OwnedNft | null>(null);
  const [unlisting, setUnlisting] = useState<UnlistTarget | null>(null);
  const listingBySerial = new Map((mine.data?.listings ?? []).map((entry) => [entry.serialNumber, entry.id]));
  const underWay = useWriteUnderWay();
  const listingUnderWay = (serial: number) => underWay(listingWriteId(accountId, serial));
  const verifying = underWay(syncWriteId(accountId));
  const pick = useSelection();
  const [bulkListing, setBulkListing] = useState<OwnedNft[] | null>(null);

  function unlist(nft: OwnedNft): void {
    const listingId = listingBySerial.get(nft.serialNumber);
    if (!listingId) return void toast({ title: UNLIST_FAILURE.title, description: UNLIST_FAILURE.text, variant: 'destructive' });
    setUnlisting({ listingId, serialNumber: nft.serialNumber, nftName: nft.nftName, sellerId: accountId });
  }

  return (
    <Card className="grid min-w-0 grid-cols-1 gap-4 p-5">
      <div className={selectionHeaderClass(pick.selecting, 'flex flex-wrap items-center justify-between gap-3')}>
        <h2 className="text-lg font-bold">My Wild Tigers</h2>
        <div className="flex flex-wrap items-center gap-2">
          {nfts.length > 1 && (
            <SelectionBar
              selecting={pick.selecting}
              count={pick.selected.size}
              action="List selected"
              onToggle={pick.toggle}
              onAct={() => {
                setBulkListing(nfts.filter((nft) => pick.selected.has(String(nft.serialNumber))));
                pick.end();
              }}
            />
          )}
          <Button variant="outline" onClick={() => void startOwnershipSync(accountId)} disabled={verifying}>
            {verifying ? 'Verifying…' : 'Verify Ownership'}
          </Button>
        </div>
      </div>
      {owned.data?.verified && <Banner tone="verified">Ownership verified: these tigers were read from the Hedera ledger just now.</Banner>}
      {owned.data?.source === 'database-fallback' && (
        <Banner tone="cached">The ledger could not be reached, so this is the last saved copy of your collection. Use Verify Ownership to try again.</Banner>
      )}
      {owned.error && !owned.data && <p className="text-sm text-red-300">Failed to fetch profile NFTs</p>}
      <Tabs defaultValue="collection">
        <TabsList aria-label="Collection sections" className="max-w-full overflow-x-auto">
          <TabsTrigger value="collection">
            Collection (<OwnedCount value={known?.length} />)
          </TabsTrigger>
          <TabsTrigger value="avatar">Set Profile Image</TabsTrigger>
        </TabsList>
        <TabsContent value="collection">
          {!known ? (
            !owned.error && <SkeletonGroup count={4} className="grid grid-cols-2 gap-4 md:grid-cols-3" itemClassName="aspect-[3/4] rounded-xl" />
          ) : nfts.length === 0 ? (
            <div className="grid place-items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center">
              <p className="text-lg font-semibold">No Wild Tigers yet</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                Tigers you hold appear here. Bought one just now? Verify ownership to read the ledger again.
              </p>
            </div>
          ) : (
            <OwnedTigersGrid
              accountId={accountId}
              nfts={nfts}
              isListed={(nft) => nft.isListed || listingBySerial.has(nft.serialNumber)}
              underWay={underWay}
              listingUnderWay={listingUnderWay}
              onList={setListing}
              onUnlist={setUnlisting}
              listedAction={(nft) => (
                <Button
                  className="w-full"
                  variant="outline"
                  onClick={() => unlist(nft)}
                  disabled={mine.loading && !listingBySerial.has(nft.serialNumber)}
                  aria-label={`Unlist ${nft.nftName}`}
                >
                  Unlist
                </Button>
              )}
              badges={(nft) => nft.serialNumber === avatarSerial && <Badge variant="outline">Profile image</Badge>}
              selection={pick}
            />
          )}
        </TabsContent>
        <TabsContent value="avatar">
          {nfts.length ? (
            <AvatarPicker accountId={accountId} nfts={nfts} currentSerial={avatarSerial} />
          ) : (
            <p className="text-sm text-muted-foreground">You need a Wild Tiger to set a profile image.</p>
          )}
        </TabsContent>
      </Tabs>
      <ListingDialog nft={listing} onClose={() => setListing(null)} />
      <BulkListDialog tigers={bulkListing} onClose={() => setBulkListing(null)} />
      <UnlistDialog target={unlisting} onClose={() => setUnlisting(null)} failureTitle={UNLIST_FAILURE.title} failureText={UNLIST_FAILURE.text} />
    </Card>
  );
}
