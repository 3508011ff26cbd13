import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { apiJson } from '@/lib/api';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { NftMedia } from '../tiger/NftMedia';
import { PUBLIC_CONFIG } from '../../lib/public-config';
import type { OwnedNft } from '../profile/owned-nfts';
import { toast } from '../toast/toast-store';
import { $wallet } from '../wallet/wallet-store';
import { errorText } from '@/lib/api/error-text';
import { approveNftAllowance, refreshAfterTrade } from './paws-client';

/** Spec 001 §4: input, approve, complete, success, error. */
export type ListingStep = 'input' | 'approve' | 'complete' | 'success' | 'error';

/** Spec 001 §5: present and greater than 0. */
export function isValidPawsPrice(value: string): boolean {
  const price = Number(value);
  return value.trim() !== '' && Number.isFinite(price) && price > 0;
}

/** The create-listing modal: price, NFT allowance in the wallet, completion on the server. */
export function ListingModal({ nft, onClose }: { nft: OwnedNft | null; onClose: () => void }) {
  const wallet = useStore($wallet);
  const [step, setStep] = useState<ListingStep>('input');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ listingId: string; approvalTransactionId: string } | null>(null);
  const priceId = useId();

  useEffect(() => {
    if (nft) {
      setStep('input');
      setPrice('');
      setError(null);
      setResult(null);
    }
  }, [nft]);

  if (!nft) return null;
  const valid = isValidPawsPrice(price);
  const busy = step === 'approve' || step === 'complete';

  async function createListing(): Promise<void> {
    if (!nft || !wallet.accountId) return;
    if (!valid) return setError('Please enter a valid PAWS price');
    const seller = wallet.accountId;
    setError(null);
    try {
      const prepared = await apiJson<{ pendingListing: { id: string } }>('/api/paws/listings/prepare', {
        method: 'POST',
        body: {
          sellerId: seller,
          tokenId: PUBLIC_CONFIG.nftTokenId,
          serialNumber: nft.serialNumber,
          pawsPrice: price,
          nftName: nft.nftName,
          nftImage: nft.nftImage,
          metadata: nft.metadata,
          rarityRank: nft.rarityRank,
          rarityPct: nft.rarityPct,
        },
      }).catch((failure: unknown) => {
        throw new Error(errorText(failure, 'Failed to prepare listing'));
      });
      setStep('approve');
      const approvalTransactionId = await approveNftAllowance(seller, nft.serialNumber);
      if (!approvalTransactionId) throw new Error('NFT allowance approval failed - no transaction ID received');
      setStep('complete');
      const completed = await apiJson<{ listing: { id: string }; approvalTransactionId: string }>('/api/paws/listings/complete', {
        method: 'POST',
        body: { pendingListing: prepared.pendingListing, approvalTransactionId },
      }).catch((failure: unknown) => {
        throw new Error(errorText(failure, 'Failed to complete listing'));
      });
      setResult({ listingId: completed.listing.id, approvalTransactionId: completed.approvalTransactionId });
      setStep('success');
      refreshAfterTrade();
      toast({ title: 'Tiger Listed!', description: `${nft.nftName} is listed for ${price} PAWS.` });
    } catch (failure) {
      setError(errorText(failure, 'Unknown error'));
      setStep('error');
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent closeLabel="Close listing">
        <DialogHeader>
          <DialogTitle>{step === 'success' ? 'Listing Created' : `List ${nft.nftName}`}</DialogTitle>
          <DialogDescription>
            {step === 'approve'
              ? 'Approve the marketplace for this tiger in your wallet.'
              : step === 'complete'
                ? 'Checking the approval on the ledger…'
                : 'Set a price in PAWS. The tiger stays in your wallet until it sells.'}
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-[96px_1fr] items-start gap-4">
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
                className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-invalid={price !== '' && !valid}
                aria-describedby={`${priceId}-hint`}
              />
              <p id={`${priceId}-hint`} className={price !== '' && !valid ? 'text-sm text-red-400' : 'text-xs text-muted-foreground'}>
                {price !== '' && !valid ? 'Please enter a valid PAWS price' : 'Buyers pay this amount of PAWS.'}
              </p>
            </div>
          ) : step === 'success' && result ? (
            <dl className="grid gap-1 text-sm">
              <dt className="text-muted-foreground">Listing</dt>
              <dd className="break-all font-mono text-xs">{result.listingId}</dd>
              <dt className="text-muted-foreground">Approval transaction</dt>
              <dd className="break-all font-mono text-xs">{result.approvalTransactionId}</dd>
            </dl>
          ) : null}
        </div>
        {step === 'error' && error && (
          <p className="text-sm text-red-400" role="alert">
            {error}
          </p>
        )}
        <DialogFooter>
          {step === 'input' && (
            <Button onClick={() => void createListing()} disabled={!valid}>
              Create Listing
            </Button>
          )}
          {busy && <Button disabled>{step === 'approve' ? 'Waiting for approval…' : 'Completing…'}</Button>}
          {step === 'error' && error?.toLowerCase().includes('reject') && <Button onClick={() => void createListing()}>Try Again</Button>}
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
