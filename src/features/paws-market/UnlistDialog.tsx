import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { useWriteDialog } from '@/features/writes/use-writes';
import { isUnderWay } from '@/features/writes/write-progress';
import { WriteDialog } from '@/features/writes/WriteDialog';
import { unlistWriteId } from './listing';
import { UNLIST_STEPS, type UnlistTarget, revokePermission, startUnlist } from './unlist-write';

/** What a half-done unlist leaves: the listing is gone, the marketplace's permission on the tiger is not. */
export function permissionLeftText(nftName: string): string {
  return `${nftName} is no longer listed, but the marketplace can still move it until you revoke its permission.`;
}

/** Closing the dialog while the unlist goes on. */
const PENDING_NOTE = 'You can close this window: the tiger goes on back to your den, and the bar at the bottom of the page shows it until it is done.';

/**
 * 'Return Tiger to Your Den?': confirms the unlist, then shows its write (unlist-write.ts) step by
 * step until the ledger shows the revocation, and closes as 'Tiger Returned' says so. Closing it
 * earlier does not stop the unlist. If the listing is gone but the revocation did not happen
 * (refused in the wallet, or failed on the ledger), it says so and offers to finish it; a target
 * without a listing opens there (the tiger cards offer it too). `failureTitle`/`failureText` are
 * for a listing the server could not remove, and differ between the marketplace and the profile (001 §8).
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
  /** Whether this opening saw the unlist under way: only then does its end close the dialog (not an earlier one's). */
  const followed = useRef(false);
  const { write, close: endWrite } = useWriteDialog(target && unlistWriteId(target.sellerId, target.serialNumber), () => {
    followed.current = false;
  });
  if (isUnderWay(write)) followed.current = true;
  const done = write?.step === 'done' && followed.current;

  function close(): void {
    endWrite();
    onClose();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes once, when the tiger is back (its toast says so)
  useEffect(() => {
    if (done) close();
  }, [done]);

  if (!target) return null;
  const underWay = isUnderWay(write);
  /** The listing is gone while the permission is still to revoke. */
  const unfinished = target.listingId === null || write?.step === 'failed';
  const revoke = () => void revokePermission({ ...target, listingId: null });

  return (
    <WriteDialog
      write={write}
      onClose={close}
      closeLabel="Close"
      pendingNote={PENDING_NOTE}
      title={unfinished ? 'Revoke the Marketplace’s Permission' : 'Return Tiger to Your Den?'}
      description={
        unfinished
          ? permissionLeftText(target.nftName)
          : `${target.nftName} will be removed from the PAWS marketplace, and the trading permission you gave the marketplace will be revoked in your wallet.`
      }
      progressLabel="Unlist progress"
      busy={() => (unfinished || write?.steps === UNLIST_STEPS.revoke ? 'Revoking…' : 'Returning…')}
      failureText={(error) => `The permission was not revoked: ${error}`}
      dismissLabel={null}
      actions={
        underWay ? null : unfinished ? (
          <>
            <Button variant="outline" onClick={close}>
              Not Now
            </Button>
            <Button onClick={revoke}>Revoke Permission</Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={close}>
              Keep Listed
            </Button>
            <Button variant="destructive" onClick={() => void startUnlist(target, { title: failureTitle, text: failureText })}>
              Return to Den
            </Button>
          </>
        )
      }
    />
  );
}
