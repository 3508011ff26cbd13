import { useStore } from '@nanostores/react';
import { Button } from '@/components/ui/Button';
import { formatPaws } from '@/lib/format';
import type { PublicListing } from '@/features/paws-market/paws-client';
import { $wallet } from '@/features/wallet/wallet-store';
import { useWriteDialog } from '@/features/writes/use-writes';
import { bulkUnlistWriteId, startBulkUnlist } from './bulk-unlist-write';
import { WriteDialog } from '@/features/writes/WriteDialog';

const PENDING_NOTE = 'You can close this window: the unlisting goes on, and the bar at the bottom of the page shows it until it is done.';

/** Unlisting several tigers at once: the listings come down, then one wallet transaction (per 20 tigers) revokes the marketplace's permission. */
export function BulkUnlistDialog({ listings, onClose }: { listings: PublicListing[] | null; onClose: () => void }) {
  const wallet = useStore($wallet);
  const seller = wallet.accountId;
  const { write, close: endWrite } = useWriteDialog(listings && seller ? bulkUnlistWriteId(seller) : null, () => undefined);
  if (!listings || !seller) return null;

  function close(): void {
    endWrite();
    onClose();
  }

  return (
    <WriteDialog
      write={write}
      onClose={close}
      closeLabel="Close bulk unlisting"
      pendingNote={PENDING_NOTE}
      title={write?.step === 'done' ? 'Tigers Unlisted' : write ? write.title : `Unlist ${listings.length} tigers`}
      description="The listings come down at once; your wallet then revokes the marketplace’s permission on all of them in one transaction."
      progressLabel="Bulk unlisting progress"
      actions={
        !write && (
          <Button
            onClick={() =>
              void startBulkUnlist(
                seller,
                listings.map((listing) => ({ listingId: listing.id, serialNumber: listing.serialNumber, name: listing.nftName })),
              )
            }
          >
            Unlist {listings.length} tigers
          </Button>
        )
      }
    >
      {!write && (
        <ul className="grid gap-1 text-sm" aria-label="Tigers to unlist">
          {listings.map((listing) => (
            <li key={listing.id} className="flex justify-between gap-2">
              <span>{listing.nftName}</span>
              <span className="tabular-nums text-muted-foreground">{formatPaws(listing.pawsPrice)} PAWS</span>
            </li>
          ))}
        </ul>
      )}
    </WriteDialog>
  );
}
