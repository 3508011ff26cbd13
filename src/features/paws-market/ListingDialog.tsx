import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { NftMedia } from '@/features/tiger/NftMedia';
import type { OwnedNft } from '@/features/accounts/account-types';
import { $wallet } from '@/features/wallet/wallet-store';
import { LedgerStalledNotice, LedgerWaitNotice } from '@/features/ledger/LedgerWaitNotice';
import { pendingListing } from '@/features/ledger/kept-transactions';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { INVALID_PRICE_MESSAGE, isValidPawsPrice, listingWriteId } from './listing';
import { formatPaws } from '@/lib/format';
import { TransactionId } from '@/features/ledger/TransactionId';
import { $writes, type WriteStep } from '@/features/writes/write-store';
import { checkWriteAgain, isUnderWay } from '@/features/writes/write-progress';
import { useWriteDialog } from '@/features/writes/use-writes';
import { WriteSteps, stepIndex } from '@/features/writes/WriteSteps';
import { LISTING_STEPS, finishListing, startListing } from './listing-write';
import { SellerProceeds } from './SaleFees';

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
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent closeLabel="Close listing" pendingNote={isUnderWay(write) ? PENDING_NOTE : null}>
        <DialogHeader>
          <DialogTitle>{step === 'success' ? 'Listing Created' : `List ${nft.nftName}`}</DialogTitle>
          <DialogDescription>
            {step === 'approve'
              ? 'Approve the marketplace for this tiger in your wallet.'
              : step === 'complete'
                ? 'Checking the approval on the ledger…'
                : step === 'success'
                  ? `${nft.nftName} is listed on the PAWS marketplace. It stays in your wallet until it sells.`
                  : 'Set a price in PAWS. The tiger stays in your wallet until it sells.'}
          </DialogDescription>
        </DialogHeader>
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
                aria-describedby={`${priceId}-hint`}
              />
              <p id={`${priceId}-hint`} className={price !== '' && !valid ? 'text-sm text-red-400' : 'text-xs text-muted-foreground'}>
                {price !== '' && !valid ? INVALID_PRICE_MESSAGE : 'Buyers pay this amount of PAWS.'}
              </p>
              {valid && seller && <SellerProceeds price={price} sellerId={seller} />}
            </div>
          ) : step === 'success' ? (
            <dl className="grid gap-1 text-sm">
              <dt className="text-muted-foreground">Price</dt>
              <dd>{formatPaws(write?.amount ?? price)} PAWS</dd>
              {write?.transactionId && (
                <>
                  <dt className="text-muted-foreground">Approval transaction</dt>
                  <dd className="text-xs">
                    <TransactionId transactionId={write.transactionId} />
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <WriteSteps label="Listing progress" steps={write?.steps ?? LISTING_STEPS} current={write ? stepIndex(write) : 0} />
          )}
        </div>
        {step === 'input' && (
          <p className="text-sm text-muted-foreground">
            Next, your wallet asks you to let the marketplace ({PUBLIC_CONFIG.marketplaceAccountId}) transfer this one tiger: it moves only when a buyer pays
            your price, and unlisting takes the permission back.
          </p>
        )}
        {write?.note && step === 'complete' && <p className="text-sm text-muted-foreground">{write.note}</p>}
        {write?.step === 'ledger' && <LedgerWaitNotice since={write.since} />}
        {write?.step === 'stalled' && <LedgerStalledNotice />}
        {step === 'error' && write?.error && (
          <p className="text-sm text-red-400" role="alert">
            {write.error}
          </p>
        )}
        <DialogFooter>
          {step === 'input' && (
            <Button onClick={create} disabled={!valid}>
              Create Listing
            </Button>
          )}
          {step === 'approve' && <Button disabled>Waiting for approval…</Button>}
          {write?.step === 'ledger' && <Button disabled>Completing…</Button>}
          {write?.step === 'stalled' && writeId && <Button onClick={() => checkWriteAgain(writeId)}>Check again</Button>}
          {step === 'error' && write?.retryable && <Button onClick={create}>Try Again</Button>}
          {(step === 'success' || step === 'error' || write?.step === 'stalled') && (
            <Button variant="outline" onClick={close}>
              Close
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
