import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { OwnedNft } from '@/features/accounts/account-types';
import { MAX_ALLOWANCES_PER_TRANSACTION } from '@/features/allowances/allowance-rules';
import { INVALID_PRICE_MESSAGE, isValidPawsPrice } from '@/features/paws-market/listing';
import { SellerProceeds } from '@/features/paws-market/SaleFees';
import { NftMedia } from '@/features/tiger/NftMedia';
import { $wallet } from '@/features/wallet/wallet-store';
import { useWriteDialog } from '@/features/writes/use-writes';
import { bulkListingWriteId, startBulkListing } from './bulk-list-write';
import { WriteDialog } from '@/features/writes/WriteDialog';
import { ListingContext, ListingWarnings } from '@/features/trait-floors/ListingContext';
import { useListingContext } from '@/features/trait-floors/use-trait-floors';

const PENDING_NOTE = 'You can close this window: the listings go on, and the bar at the bottom of the page shows them until they are done.';

/**
 * Listing several tigers at once: one price for all or a price each, with what the seller receives
 * after the royalty, approved in as few wallet transactions as the ledger allows (20 tigers each).
 */
export function BulkListDialog({ tigers, onClose }: { tigers: OwnedNft[] | null; onClose: () => void }) {
  const wallet = useStore($wallet);
  const seller = wallet.accountId;
  const id = useId();
  const [all, setAll] = useState('');
  const [prices, setPrices] = useState<Record<number, string>>({});
  const { write, close: endWrite } = useWriteDialog(tigers && seller ? bulkListingWriteId(seller) : null, () => setPrices({}));
  const context = useListingContext(tigers ? tigers.map((tiger) => tiger.serialNumber) : null, seller);
  if (!tigers || !seller) return null;
  const priceOf = (serial: number) => prices[serial] ?? '';
  const allValid = tigers.every((tiger) => isValidPawsPrice(priceOf(tiger.serialNumber)));
  const approvals = Math.ceil(tigers.length / MAX_ALLOWANCES_PER_TRANSACTION);

  function close(): void {
    endWrite();
    onClose();
  }

  return (
    <WriteDialog
      write={write}
      onClose={close}
      closeLabel="Close bulk listing"
      pendingNote={PENDING_NOTE}
      maxWidth="max-w-2xl"
      title={write?.step === 'done' ? 'Listings Created' : write ? write.title : `List ${tigers.length} tigers`}
      description={
        write?.step === 'done' ? (
          'The listings are live on the PAWS marketplace.'
        ) : (
          <>
            Your wallet asks {approvals === 1 ? 'once' : `${approvals} times`} to approve the marketplace for these tigers (the ledger takes at most{' '}
            {MAX_ALLOWANCES_PER_TRANSACTION} per approval); each goes live once its approval is confirmed.
          </>
        )
      }
      progressLabel="Bulk listing progress"
      actions={
        !write && (
          <Button
            disabled={!allValid}
            onClick={() =>
              void startBulkListing(
                seller,
                tigers.map((tiger) => ({ serialNumber: tiger.serialNumber, name: tiger.nftName, price: priceOf(tiger.serialNumber) })),
              )
            }
          >
            Approve and list {tigers.length} tigers
          </Button>
        )
      }
    >
      {!write && (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <label className="grid flex-1 gap-1 text-xs font-semibold text-muted-foreground" htmlFor={`${id}-all`}>
              One price for all (PAWS)
              <input
                id={`${id}-all`}
                type="number"
                min={0.01}
                step={0.01}
                inputMode="decimal"
                value={all}
                onChange={(event) => setAll(event.target.value)}
                className="h-10 rounded-md border border-input bg-background px-2 text-sm text-foreground"
              />
            </label>
            <Button
              variant="secondary"
              disabled={!isValidPawsPrice(all)}
              onClick={() => setPrices(Object.fromEntries(tigers.map((tiger) => [tiger.serialNumber, all])))}
            >
              Apply to all
            </Button>
          </div>
          <ul className="grid gap-2" aria-label="Tigers to list">
            {tigers.map((tiger) => {
              const price = priceOf(tiger.serialNumber);
              return (
                <li key={tiger.serialNumber} className="grid grid-cols-[48px_minmax(0,1fr)] items-start gap-3 rounded-lg border border-border p-2">
                  <NftMedia serial={tiger.serialNumber} image={tiger.nftImage} name={tiger.nftName} className="rounded-md" />
                  <div className="grid gap-1">
                    <label className="grid gap-1 text-sm font-semibold">
                      {tiger.nftName}
                      <input
                        type="number"
                        min={0.01}
                        step={0.01}
                        inputMode="decimal"
                        aria-label={`Price of ${tiger.nftName} in PAWS`}
                        aria-describedby={`${id}-${tiger.serialNumber}-warnings`}
                        value={price}
                        onChange={(event) => setPrices((current) => ({ ...current, [tiger.serialNumber]: event.target.value }))}
                        className="h-9 rounded-md border border-input bg-background px-2 text-sm font-normal"
                      />
                    </label>
                    {price && !isValidPawsPrice(price) ? (
                      <p className="text-xs text-red-400">{INVALID_PRICE_MESSAGE}</p>
                    ) : (
                      price && <SellerProceeds price={price} sellerId={seller} />
                    )}
                    <ListingWarnings id={`${id}-${tiger.serialNumber}-warnings`} serial={tiger.serialNumber} price={price} context={context} />
                    <ListingContext serial={tiger.serialNumber} context={context} />
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </WriteDialog>
  );
}
