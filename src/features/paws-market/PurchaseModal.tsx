import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { $balances } from '../balances/balance-store';
import { NftMedia } from '../tiger/NftMedia';
import { toast } from '../toast/toast-store';
import { formatPaws } from '../../lib/format';
import { $wallet } from '../wallet/wallet-store';
import { insufficientPawsMessage } from './listing';
import { errorText } from '@/lib/api/error-text';
import { type PublicListing, WAIT_AFTER_ALLOWANCE_MS, approvePawsAllowance, prepareBuy, refreshAfterTrade, sleep } from './paws-client';

/** Spec 001 §4: prepare, approve, execute, success, error ('complete' exists but is never entered). */
export type PawsPurchaseStep = 'prepare' | 'approve' | 'execute' | 'complete' | 'success' | 'error';

/** The purchase modal of the PAWS marketplace, with the allowance approval and its 2 s retry. */
export function PurchaseModal({ listing, onClose }: { listing: PublicListing | null; onClose: () => void }) {
  const wallet = useStore($wallet);
  const balances = useStore($balances);
  const [step, setStep] = useState<PawsPurchaseStep>('prepare');
  const [error, setError] = useState<string | null>(null);
  const [transactionId, setTransactionId] = useState<string | null>(null);

  useEffect(() => {
    if (listing) {
      setStep('prepare');
      setError(null);
      setTransactionId(null);
    }
  }, [listing]);

  if (!listing) return null;
  const price = Number(listing.pawsPrice);
  const available = Number(balances.pawsBalance);
  const insufficient = balances.isReady && available < price;
  const busy = step === 'approve' || step === 'execute';

  async function purchase(): Promise<void> {
    if (!listing || !wallet.accountId) return;
    const buyer = wallet.accountId;
    setError(null);
    setStep('execute');
    try {
      let answer = await prepareBuy(listing.id, buyer);
      if (!answer.ok && answer.body.code === 'PAWS_ALLOWANCE_LOW') {
        setStep('approve');
        try {
          await approvePawsAllowance(buyer, String(answer.body.amount ?? listing.pawsPrice));
        } catch (approval) {
          throw new Error(`Token allowance approval failed: ${errorText(approval, 'unknown error')}`);
        }
        setStep('execute');
        await sleep(WAIT_AFTER_ALLOWANCE_MS);
        answer = await prepareBuy(listing.id, buyer);
        if (!answer.ok) throw new Error(String(answer.body.error ?? 'Failed to prepare purchase transaction after allowance'));
      }
      if (!answer.ok) throw new Error(String(answer.body.error ?? 'Failed to prepare purchase'));
      setTransactionId(String(answer.body.transactionId ?? ''));
      setStep('success');
      refreshAfterTrade();
      toast({ title: 'Purchase Successful!', description: `${listing.nftName} is now in your den.` });
    } catch (failure) {
      setError(errorText(failure, 'Failed to execute purchase'));
      setStep('error');
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent closeLabel="Close purchase">
        <DialogHeader>
          <DialogTitle>{step === 'success' ? 'Purchase Successful!' : `Buy ${listing.nftName}`}</DialogTitle>
          <DialogDescription>
            {step === 'approve'
              ? 'Approve the marketplace to spend the price in your wallet.'
              : step === 'execute'
                ? 'Settling on the Hedera ledger…'
                : `Price: ${formatPaws(listing.pawsPrice)} PAWS`}
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-[96px_1fr] items-center gap-4">
          <NftMedia serial={listing.serialNumber} image={listing.nftImage} name={listing.nftName} className="rounded-lg" />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Price</dt>
            <dd className="font-semibold">{formatPaws(listing.pawsPrice)} PAWS</dd>
            <dt className="text-muted-foreground">Your balance</dt>
            <dd>{balances.isReady ? `${formatPaws(balances.pawsBalance)} PAWS` : 'Loading…'}</dd>
            <dt className="text-muted-foreground">Seller</dt>
            <dd className="font-mono text-xs">{listing.sellerId}</dd>
          </dl>
        </div>
        {step === 'prepare' && insufficient && (
          <p className="text-sm text-red-400" role="alert">
            {insufficientPawsMessage(price, available)}
            <span className="block font-semibold">Insufficient PAWS balance</span>
          </p>
        )}
        {step === 'success' && transactionId && <p className="break-all font-mono text-xs text-muted-foreground">Transaction {transactionId}</p>}
        {step === 'error' && error && (
          <p className="text-sm text-red-400" role="alert">
            {error}
          </p>
        )}
        <DialogFooter>
          {step === 'prepare' && (
            <Button onClick={() => void purchase()} disabled={!balances.isReady || balances.isLoading || insufficient}>
              Purchase
            </Button>
          )}
          {busy && <Button disabled>{step === 'approve' ? 'Waiting for approval…' : 'Processing…'}</Button>}
          {step === 'error' && error?.toLowerCase().includes('reject') && <Button onClick={() => void purchase()}>Try Again</Button>}
          {(step === 'success' || step === 'error') && (
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
