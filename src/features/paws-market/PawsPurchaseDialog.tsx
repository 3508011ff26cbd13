import { useStore } from '@nanostores/react';
import { Button } from '@/components/ui/Button';
import { $balances } from '@/features/balances/balance-store';
import { pendingPurchase } from '@/features/ledger/kept-transactions';
import { NftMedia } from '@/features/tiger/NftMedia';
import { formatPaws } from '@/lib/format';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { $wallet } from '@/features/wallet/wallet-store';
import type { WriteStep } from '@/features/writes/write-store';
import { useWriteDialog } from '@/features/writes/use-writes';
import { WriteDialog } from '@/features/writes/WriteDialog';
import { insufficientPawsMessage, pawsPurchaseWriteId } from './listing';
import type { PublicListing } from './paws-client';
import { usePurchaseQuote } from './use-purchase-quote';
import { fundingText } from './allowance-ask';
import { startPawsPurchase } from './purchase-write';
import { AccountName } from '@/features/accounts/AccountName';
import { BuyerCost } from './SaleFees';

/** Spec 001 §4: prepare, approve, execute, success, error ('complete' exists but is never entered). */
export type PawsPurchaseStep = 'prepare' | 'approve' | 'execute' | 'complete' | 'success' | 'error';

const STEP_OF: Record<WriteStep, PawsPurchaseStep> = {
  prepare: 'execute',
  confirm: 'execute',
  wallet: 'approve',
  ledger: 'execute',
  stalled: 'execute',
  done: 'success',
  failed: 'error',
};

/** Closing the dialog at any step: the purchase goes on, shown in the tray of writes in progress. */
const PENDING_NOTE = 'You can close this window: the purchase goes on, and the bar at the bottom of the page shows it until it is done.';

/**
 * The purchase dialog of the PAWS marketplace: the price against the buyer's balance, then the
 * purchase's write (purchase-write.ts) shown step by step. Closing it does not stop the purchase;
 * opened again on the listing, it shows the purchase under way, or follows an approval that waits
 * for the ledger after a reload, instead of asking for another.
 */
export function PawsPurchaseDialog({ listing, onClose }: { listing: PublicListing | null; onClose: () => void }) {
  const wallet = useStore($wallet);
  const balances = useStore($balances);
  const buyer = wallet.accountId;
  const writeId = listing && buyer ? pawsPurchaseWriteId(buyer, listing.id) : null;

  const { write, close: endWrite } = useWriteDialog(writeId, () => {
    if (listing && buyer && pendingPurchase(buyer, listing.id)) void startPawsPurchase(buyer, listing);
  });
  // What paying asks of the buyer's allowance, read as the dialog opens: said before the wallet opens.
  const quote = usePurchaseQuote(buyer, listing ? [listing.id] : [], !write);

  if (!listing) return null;
  const step: PawsPurchaseStep = write ? STEP_OF[write.step] : 'prepare';
  const price = Number(listing.pawsPrice);
  const available = Number(balances.pawsBalance);
  const insufficient = balances.isReady && available < price;

  function close(): void {
    endWrite();
    onClose();
  }

  function buy(): void {
    if (buyer && listing) void startPawsPurchase(buyer, listing);
  }

  return (
    <WriteDialog
      write={write}
      onClose={close}
      closeLabel="Close purchase"
      pendingNote={PENDING_NOTE}
      title={step === 'success' ? 'Purchase Successful!' : `Buy ${listing.nftName}`}
      description={
        step === 'approve'
          ? 'Approve the marketplace to spend the price in your wallet.'
          : step === 'execute'
            ? 'Settling on the Hedera ledger…'
            : `Price: ${formatPaws(listing.pawsPrice)} PAWS`
      }
      progressLabel="Purchase progress"
      onRetry={buy}
      actions={
        step === 'prepare' && (
          <Button onClick={buy} disabled={!balances.isReady || balances.isLoading || insufficient}>
            Purchase
          </Button>
        )
      }
    >
      <div className="grid grid-cols-[96px_minmax(0,1fr)] items-center gap-4">
        <NftMedia serial={listing.serialNumber} image={listing.nftImage} name={listing.nftName} className="rounded-lg" />
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Price</dt>
          <dd className="font-semibold">{formatPaws(listing.pawsPrice)} PAWS</dd>
          <dt className="text-muted-foreground">Your balance</dt>
          <dd>{balances.isReady ? `${formatPaws(balances.pawsBalance)} PAWS` : 'Loading…'}</dd>
          <dt className="text-muted-foreground">Seller</dt>
          <dd className="text-xs break-all">
            <AccountName accountId={listing.sellerId} />
          </dd>
        </dl>
      </div>
      {step === 'prepare' && buyer && <BuyerCost price={listing.pawsPrice} sellerId={listing.sellerId} buyerId={buyer} />}
      {step === 'prepare' && insufficient && (
        <p className="text-sm text-red-400" role="alert">
          {insufficientPawsMessage(price, available)}
          <span className="block font-semibold">Insufficient PAWS balance</span>
        </p>
      )}
      {step === 'prepare' && !insufficient && (
        <p className="text-sm text-muted-foreground" data-testid="allowance-ask">
          {quote.state === 'loading'
            ? 'Checking your PAWS allowance…'
            : quote.state === 'read'
              ? fundingText(quote.quote.funding, 'this tiger')
              : `If the marketplace (${PUBLIC_CONFIG.marketplaceAccountId}) may not yet spend the price, your wallet first asks you to allow it: it takes the PAWS only as the tiger comes to you, in one transaction.`}
        </p>
      )}
    </WriteDialog>
  );
}
