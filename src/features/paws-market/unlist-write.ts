/**
 * Returning a listed tiger to its owner's den, as a write of its own (spec 001 §4 and §8): the
 * server removes the listing, the wallet revokes the marketplace's permission on the tiger, and the
 * ledger confirms the revocation. A tiger whose listing is already gone takes only the revocation.
 * It runs to its end whether or not its dialog stays open, shown in the tray of writes in progress;
 * a revocation the wallet answered late, or that was given while the page changed, is followed
 * from its pending action (resumeUnlists).
 */
import { apiJson } from '@/lib/api';
import { errorText } from '@/lib/api/error-text';
import { type PendingAction, pendingActions } from '@/features/ledger/kept-transactions';
import { toast } from '@/features/toast/toast-store';
import { tryAgainAfter } from '@/features/toast/try-again';
import { type KeptSignature, confirmKept, signKept } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { runWrite } from '@/features/writes/run-write';
import { dismissWrite, isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { unlistWriteId } from './listing';
import { prepareNftAllowanceRemoval, refreshAfterTrade } from './paws-client';

/** The tiger to return: its listing (null once only the marketplace's permission is left), its name and owner. */
export interface UnlistTarget {
  listingId: string | null;
  serialNumber: number;
  nftName: string;
  sellerId: string;
}

type UnlistAction = Extract<PendingAction, { kind: 'unlist' }>;

/** What an unlist goes through; a tiger no longer listed starts at preparing the revocation. */
export const UNLIST_STEPS = {
  full: ['Remove the listing', 'Revoke the permission in your wallet', 'Confirm on the ledger'],
  revoke: ['Prepare the permission removal', 'Revoke the permission in your wallet', 'Confirm on the ledger'],
} as const;

/** The spec's failure toast for a listing the server could not remove (001 §8: it differs between pages). */
export interface UnlistFailure {
  title: string;
  text?: string;
}

/** The unlist of `target`, as it shows when it begins. */
const unlistStart = (target: UnlistTarget, steps: readonly string[]) => ({
  id: unlistWriteId(target.sellerId, target.serialNumber),
  accountId: target.sellerId,
  title: `Returning ${target.nftName} to your den`,
  serial: target.serialNumber,
  steps,
});

const REVOKE_FAILED = 'The permission removal failed';

/**
 * Unlists `target`: removes its listing (a failure there is the spec's toast, and leaves the tiger
 * listed), then revokes the marketplace's permission. A refusal in the wallet ends the write
 * failed, with the listing gone and the permission left to revoke.
 */
export async function startUnlist(target: UnlistTarget, failure: UnlistFailure): Promise<void> {
  if (!target.listingId) return revokePermission(target);
  const start = unlistStart(target, UNLIST_STEPS.full);
  await runWrite(start, {
    async run() {
      try {
        await apiJson(`/api/paws/listings/${target.listingId}`, { method: 'DELETE' });
      } catch (problem) {
        // The spec's toast, and the tiger stays listed: nothing to show in the tray.
        dismissWrite(start.id);
        toast({
          title: failure.title,
          description: failure.text ?? errorText(problem, 'Failed to remove NFT from marketplace'),
          variant: 'destructive',
          action: tryAgainAfter(problem, () => void startUnlist(target, failure), 'returning the tiger to your den'),
        });
        return;
      }
      refreshAfterTrade();
      await revoke(start.id, target);
    },
    fallback: REVOKE_FAILED,
  });
}

/** Revokes the marketplace's permission on a tiger no longer listed (the second half of an unlist). */
export function revokePermission(target: UnlistTarget): Promise<void> {
  const start = unlistStart(target, UNLIST_STEPS.revoke);
  return runWrite(start, { run: () => revoke(start.id, target), fallback: REVOKE_FAILED });
}

/** Prepares the revocation and asks the wallet for it, kept for the ledger first: the action as the wallet executed it. */
async function signRevocation(id: string, target: UnlistTarget): Promise<{ action: UnlistAction; late: KeptSignature['late'] }> {
  const removal = await prepareNftAllowanceRemoval(target.sellerId, target.serialNumber);
  updateWrite(id, 'wallet');
  const action: UnlistAction = {
    kind: 'unlist',
    accountId: target.sellerId,
    serialNumber: target.serialNumber,
    transactionId: removal.transactionId,
    name: target.nftName,
  };
  const signed = await signKept(action, removal.transactionBytes, 'nft-allowance', { what: 'The permission removal', goesOn: 'the permission is revoked' });
  return { action: { ...action, transactionId: signed.transactionId }, late: signed.late };
}

/** The revocation signed, then followed on the ledger. */
async function revoke(id: string, target: UnlistTarget): Promise<void> {
  const signed = await signRevocation(id, target);
  await confirmRevoked(id, signed.action, signed.late);
}

/** Follows the revocation on the ledger: 'Tiger Returned' once it succeeded; a long wait offers 'Check again'. */
function confirmRevoked(id: string, action: UnlistAction, late: KeptSignature['late'] = null): Promise<void> {
  const target = { listingId: null, serialNumber: action.serialNumber, nftName: action.name, sellerId: action.accountId };
  return runWrite(
    { ...unlistStart(target, UNLIST_STEPS.revoke), id },
    {
      async run() {
        updateWrite(id, 'ledger', { note: late?.note ?? null });
        await confirmKept(action.transactionId, 'The ledger did not revoke the marketplace permission', late?.untilMs);
        updateWrite(id, 'done', { transactionId: action.transactionId });
        // Revoked at consensus: the tiger's permission (read from the mirror) is reloaded once the mirror shows it.
        refreshAfterTrade(action.transactionId);
        toast({ title: 'Tiger Returned', description: `${action.name} is back in your den and the marketplace permission is revoked.` });
      },
      fallback: REVOKE_FAILED,
    },
    { follow: true },
  );
}

/** Follows every revocation of `accountId` left waiting for the ledger (a reload, another page). */
export function resumeUnlists(accountId: string): void {
  for (const action of pendingActions('unlist', accountId)) {
    const id = unlistWriteId(accountId, action.serialNumber);
    if (!isUnderWay($writes.get()[id])) void confirmRevoked(id, action);
  }
}
