import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { NftMedia } from '@/features/tiger/NftMedia';
import type { OwnedNft } from '@/features/accounts/account-types';
import { $wallet } from '@/features/wallet/wallet-store';
import { pendingListing } from '@/features/ledger/kept-transactions';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { INVALID_PRICE_MESSAGE, isValidPawsPrice, listingWriteId } from './listing';
import { formatPaws } from '@/lib/format';
import { $writes, type WriteStep } from '@/features/writes/write-store';
import { isUnderWay } from '@/features/writes/write-progress';
import { useWriteDialog } from '@/features/writes/use-writes';
import { WriteDialog } from '@/features/writes/WriteDialog';
import { WriteSteps, stepIndex } from '@/features/writes/WriteSteps';
import { LISTING_STEPS, finishListing, startListing } from './listing-write';
import { SellerProceeds } from './SaleFees';
import { ListingContext, ListingWarnings } from '@/features/trait-floors/ListingContext';
import { useListingContext } from '@/features/trait-floors/use-trait-floors';

/** Spec 001 §4: input, approve, complete, success, error. */
export type ListingStep = 'input' | 'approve' | 'complete' | 'success' | 'error';

const STEP_OF: Record<WriteStep, ListingStep> = {
  prepare: 'approve',
  confirm: 'approve',
  wallet: 'approve',
  ledger: 'complete',
  stalled: 'complete',
  done: 'success',
  failed: 'error',
};

/** Closing the dialog at any step: the listing goes on, shown in the tray of writes in progress. */
const PENDING_NOTE = 'You can close this window: the listing goes on, and the bar at the bottom of the page shows it until it is done.';

/**
 * The create-listing dialog: a price, then the listing's write (listing-write.ts) shown step by
 * step. Closing it does not stop the listing; opened again on the tiger, it shows the listing
 * under way (or one whose approval waits for the ledger after a reload) instead of a new one.
 */
export function ListingDialog({ nft, onClose }: { nft: OwnedNft | null; onClose: () => void }) {
  const wallet = useStore($wallet);
  const [price, setPrice] = useState('');
  const priceId = useId();
  const seller = wallet.accountId;
  const writeId = nft && seller ? listingWriteId(seller, nft.serialNumber) : null;

  const { write, close: endWrite } = useWriteDialog(writeId, () => {
    if (!writeId || !nft || !seller) return;
    const pending = pendingListing(seller, nft.serialNumber);
    setPrice(pending?.price ?? '');
    if (pending && !isUnderWay($writes.get()[writeId])) void finishListing(pending);
  });
  const context = useListingContext(nft ? [nft.serialNumber] : null, seller);

  if (!nft) return null;
  const step: ListingStep = write ? STEP_OF[write.step] : 'input';
  const valid = isValidPawsPrice(price);

  function close(): void {
    endWrite();
    onClose();
  }

  function create(): void {
    if (!nft || !seller || !valid) return;
    void startListing(seller, nft, price);
  }

  return (
    <WriteDialog
      write={write}
      onClose={close}
      closeLabel="Close listing"
      pendingNote={PENDING_NOTE}
      title={step === 'success' ? 'Listing Created' : `List ${nft.nftName}`}
      description={
        step === 'approve'
          ? 'Approve the marketplace for this tiger in your wallet.'
          : step === 'complete'
            ? 'Checking the approval on the ledger…'
            : step === 'success'
              ? `${nft.nftName} is listed on the PAWS marketplace. It stays in your wallet until it sells.`
              : 'Set a price in PAWS. The tiger stays in your wallet until it sells.'
      }
      progressLabel="Listing progress"
      steps={false}
      busy={(at) => (at === 'ledger' ? 'Completing…' : 'Waiting for approval…')}
      onRetry={create}
      actions={
        step === 'input' && (
          <Button onClick={create} disabled={!valid}>
            Create Listing
          </Button>
        )
      }
    >
      <div className="grid grid-cols-[96px_minmax(0,1fr)] items-start gap-4">
        <NftMedia serial={nft.serialNumber} image={nft.nftImage} name={nft.nftName} className="rounded-lg" />
        {step === 'input' || step === 'error' ? (
          <div className="grid gap-2">
            <label htmlFor={priceId} className="text-sm font-medium">
              Price (PAWS)
            </label>
            <input
              id={priceId}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-invalid={price !== '' && !valid}
              aria-describedby={`${priceId}-hint ${priceId}-warnings`}
            />
            <p id={`${priceId}-hint`} className={price !== '' && !valid ? 'text-sm text-red-400' : 'text-xs text-muted-foreground'}>
              {price !== '' && !valid ? INVALID_PRICE_MESSAGE : 'Buyers pay this amount of PAWS.'}
            </p>
            <ListingWarnings id={`${priceId}-warnings`} serial={nft.serialNumber} price={price} context={context} />
            {valid && seller && <SellerProceeds price={price} sellerId={seller} />}
          </div>
        ) : step === 'success' ? (
          <dl className="grid gap-1 text-sm">
            <dt className="text-muted-foreground">Price</dt>
            <dd>{formatPaws(write?.amount ?? price)} PAWS</dd>
          </dl>
        ) : (
          <WriteSteps label="Listing progress" steps={write?.steps ?? LISTING_STEPS} current={write ? stepIndex(write) : 0} />
        )}
      </div>
      {step === 'input' && <ListingContext serial={nft.serialNumber} context={context} />}
      {step === 'input' && (
        <p className="text-sm text-muted-foreground">
          Next, your wallet asks you to let the marketplace ({PUBLIC_CONFIG.marketplaceAccountId}) transfer this one tiger: it moves only when a buyer pays your
          price, and unlisting takes the permission back.
        </p>
      )}
    </WriteDialog>
  );
}
