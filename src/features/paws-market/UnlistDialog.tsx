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
  /** The listing to remove; null when it is gone already and only the marketplace's permission is left to revoke. */
  listingId: string | null;
  serialNumber: number;
  nftName: string;
  sellerId: string;
}

/** What a half-done unlist leaves: the listing is gone, the marketplace's permission on the tiger is not. */
export function permissionLeftText(nftName: string): string {
  return `${nftName} is no longer listed, but the marketplace can still move it until you revoke its permission.`;
}

/**
 * 'Return Tiger to Your Den?': deletes the listing, then revokes the marketplace's permission in
 * the wallet and waits until the ledger shows the revocation. If the listing is gone but the
 * revocation did not happen (refused in the wallet, or failed on the ledger), the dialog says so
 * and offers to finish it; a target without a listing opens there (the tiger cards offer it too).
 * `failureTitle`/`failureText` are for a failed unlist, and differ between the marketplace and the
 * profile (001 §8).
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
  /** Why the last revocation for a target did not happen (its listing is gone, the permission is not). */
  const [failed, setFailed] = useState<{ target: UnlistTarget; problem: string } | null>(null);

  if (!target) return null;
  const problem = failed?.target === target && failed.problem ? failed.problem : null;
  /** The listing is gone while the permission is still to revoke. */
  const unfinished = target.listingId === null || failed?.target === target;

  async function unlist(listingId: string): Promise<void> {
    setBusy(true);
    try {
      await apiJson(`/api/paws/listings/${listingId}`, { method: 'DELETE' });
    } catch (failure) {
      toast({ title: failureTitle, description: failureText ?? errorText(failure, 'Failed to remove NFT from marketplace'), variant: 'destructive' });
      setBusy(false);
      return onClose();
    }
    refreshAfterTrade();
    await revoke();
  }

  /** Asks the wallet to revoke the marketplace's permission on the tiger and follows it on the ledger. */
  async function revoke(): Promise<void> {
    if (!target) return;
    const current = target;
    setBusy(true);
    setFailed((previous) => (previous?.target === current ? { target: current, problem: '' } : previous));
    try {
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
      setFailed({ target: current, problem: errorText(failure, 'The permission removal failed') });
    } finally {
      setBusy(false);
      setWaitingSince(null);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>{unfinished ? 'Revoke the Marketplace’s Permission' : 'Return Tiger to Your Den?'}</DialogTitle>
          <DialogDescription>
            {unfinished
              ? permissionLeftText(target.nftName)
              : `${target.nftName} will be removed from the PAWS marketplace, and the trading permission you gave the marketplace will be revoked in your wallet.`}
          </DialogDescription>
        </DialogHeader>
        {problem && (
          <p className="text-sm text-red-400" role="alert">
            The permission was not revoked: {problem}
          </p>
        )}
        {waitingSince !== null && <LedgerWaitNotice since={waitingSince} />}
        <DialogFooter>
          {unfinished ? (
            <>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Not Now
              </Button>
              <Button onClick={() => void revoke()} disabled={busy}>
                {busy ? 'Revoking…' : 'Revoke Permission'}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Keep Listed
              </Button>
              <Button variant="destructive" onClick={() => target.listingId && void unlist(target.listingId)} disabled={busy}>
                {busy ? 'Returning…' : 'Return to Den'}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
