import { useState } from 'react';
import { apiJson } from '@/lib/api';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { toast } from '../toast/toast-store';
import { errorText } from '@/lib/api/error-text';
import { refreshAfterTrade, revokeNftAllowance } from './paws-client';

export interface UnlistTarget {
  listingId: string;
  serialNumber: number;
  nftName: string;
  sellerId: string;
}

/**
 * 'Return Tiger to Your Den?': deletes the listing, then revokes the marketplace's permission in
 * the wallet. `failureTitle`/`failureText` differ between the marketplace and the profile (001 §8).
 */
export function UnlistDialog({
  target,
  onClose,
  failureTitle = 'Unlist Failed',
  failureText,
}: {
  target: UnlistTarget | null;
  onClose: () => void;
  failureTitle?: string;
  failureText?: string;
}) {
  const [busy, setBusy] = useState(false);
  if (!target) return null;

  async function unlist(): Promise<void> {
    if (!target) return;
    setBusy(true);
    try {
      await apiJson(`/api/paws/listings/${target.listingId}`, { method: 'DELETE' });
      refreshAfterTrade();
      await revokeNftAllowance(target.sellerId, target.serialNumber);
      toast({ title: 'Tiger Returned', description: `${target.nftName} is back in your den and the marketplace permission is revoked.` });
      onClose();
    } catch (failure) {
      toast({ title: failureTitle, description: failureText ?? errorText(failure, 'Failed to remove NFT from marketplace'), variant: 'destructive' });
      onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>Return Tiger to Your Den?</DialogTitle>
          <DialogDescription>
            {target.nftName} will be removed from the PAWS marketplace, and the trading permission you gave the marketplace will be revoked in your wallet.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Keep Listed
          </Button>
          <Button variant="destructive" onClick={() => void unlist()} disabled={busy}>
            {busy ? 'Returning…' : 'Return to Den'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
