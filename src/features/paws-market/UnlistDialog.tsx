import { useState } from 'react';
import { apiJson } from '@/lib/api';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { LedgerWaitNotice } from '../ledger/LedgerWaitNotice';
import { mayStillExecute, waitForLedger } from '../ledger/ledger-wait-client';
import { toast } from '../toast/toast-store';
import { signAndExecute } from '../wallet/wallet-store';
import { errorText } from '@/lib/api/error-text';
import { prepareNftAllowanceRemoval, refreshAfterTrade } from './paws-client';

export interface UnlistTarget {
  listingId: string;
  serialNumber: number;
  nftName: string;
  sellerId: string;
}

/**
 * 'Return Tiger to Your Den?': deletes the listing, then revokes the marketplace's permission in
 * the wallet and waits until the ledger shows the revocation. `failureTitle`/`failureText` differ
 * between the marketplace and the profile (001 §8).
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
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  if (!target) return null;

  async function unlist(): Promise<void> {
    if (!target) return;
    setBusy(true);
    try {
      await apiJson(`/api/paws/listings/${target.listingId}`, { method: 'DELETE' });
      refreshAfterTrade();
      const removal = await prepareNftAllowanceRemoval(target.sellerId, target.serialNumber);
      let removalId: string;
      try {
        removalId = await signAndExecute(removal.transactionBytes, 'nft-allowance', removal.transactionId);
      } catch (failure) {
        if (!mayStillExecute(failure)) throw failure;
        toast({
          title: 'Tiger Returned',
          description: `${target.nftName} is off the marketplace. The wallet did not answer: approve the permission removal there if it is still open.`,
        });
        return onClose();
      }
      setWaitingSince(Date.now());
      const outcome = await waitForLedger(removalId);
      if (outcome.state === 'failed') throw new Error(`The ledger refused to revoke the marketplace permission (${outcome.result})`);
      if (outcome.state === 'expired') throw new Error('The marketplace permission removal never reached the ledger');
      refreshAfterTrade();
      toast(
        outcome.state === 'success'
          ? { title: 'Tiger Returned', description: `${target.nftName} is back in your den and the marketplace permission is revoked.` }
          : {
              title: 'Tiger Returned',
              description: `${target.nftName} is back in your den; the ledger is still confirming that the marketplace permission is revoked.`,
            },
      );
      onClose();
    } catch (failure) {
      toast({ title: failureTitle, description: failureText ?? errorText(failure, 'Failed to remove NFT from marketplace'), variant: 'destructive' });
      onClose();
    } finally {
      setBusy(false);
      setWaitingSince(null);
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
        {waitingSince !== null && <LedgerWaitNotice since={waitingSince} />}
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
