/**
 * Unlisting several tigers at once, as one write: the server takes the listings down, then the
 * wallet revokes the marketplace's permission on all of them in as few transactions as the ledger
 * allows (20 tigers each), each followed on the ledger until it is confirmed.
 */
import { errorText } from '@/lib/api/error-text';
import { type PendingAction, clearPendingAction, pendingActions } from '@/features/ledger/kept-transactions';
import { requireLedgerSuccess, waitForLedger } from '@/features/ledger/ledger-wait-client';
import { refreshAfterTrade } from '@/features/paws-market/paws-client';
import { runWrite } from '@/features/writes/run-write';
import { toast } from '@/features/toast/toast-store';
import { signKept } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { prepareRevocations, unlistListings } from './bulk-client';

type BulkUnlistAction = Extract<PendingAction, { kind: 'bulk-unlist' }>;

/** The write of one account's bulk unlist (one at a time). */
export const bulkUnlistWriteId = (seller: string) => `bulk-unlist:${seller}`;

const STEPS = ['Remove the listings', 'Revoke the marketplace’s permission in your wallet', 'Confirm on the ledger'] as const;

const FAILED = 'Failed to unlist the tigers';

/** One listing to take down. */
export interface BulkUnlistRequest {
  listingId: string;
  serialNumber: number;
  name: string;
}

/** Takes `listings` down for `seller` and revokes the marketplace's permission on their tigers. */
export async function startBulkUnlist(seller: string, listings: readonly BulkUnlistRequest[]): Promise<void> {
  const id = bulkUnlistWriteId(seller);
  if (isUnderWay($writes.get()[id])) return;
  const waiting = pendingActions('bulk-unlist', seller);
  if (waiting.length) {
    toast({
      title: 'An earlier unlisting goes first',
      description: 'Your earlier revocation still waits for the ledger: it is followed now. Unlist these tigers again once it is done.',
    });
    return followRevocations(seller, waiting);
  }
  await runWrite(
    { id, accountId: seller, title: `Unlisting ${listings.length} tigers`, serial: null, steps: STEPS },
    {
      async run() {
        const answer = await unlistListings(listings.map((listing) => listing.listingId)).catch((failure: unknown) => {
          throw new Error(errorText(failure, 'Failed to remove the listings'));
        });
        refreshAfterTrade();
        const removed = new Set(answer.removed.map((entry) => entry.serialNumber));
        const tigers = listings.filter((listing) => removed.has(listing.serialNumber));
        if (!tigers.length) throw new Error(`Nothing was unlisted. ${answer.failed.map((entry) => entry.error).join('; ')}`);
        await revokeAll(id, seller, tigers, false);
      },
      fallback: FAILED,
    },
  );
}

/**
 * Revokes the marketplace's permission on tigers that are not listed (an acceptance refused after
 * its approval): the same revocations as an unlist, in as few wallet transactions as the ledger allows.
 */
export async function startBulkRevoke(seller: string, tigers: readonly { serialNumber: number; name: string }[]): Promise<void> {
  const id = bulkUnlistWriteId(seller);
  if (isUnderWay($writes.get()[id])) return;
  await runWrite(
    {
      id,
      accountId: seller,
      title: `Revoking the marketplace’s permission on ${tigers.length} ${tigers.length === 1 ? 'tiger' : 'tigers'}`,
      serial: null,
      steps: STEPS.slice(1),
    },
    {
      async run() {
        await revokeAll(id, seller, tigers, true);
      },
      fallback: 'The permission removal failed',
    },
  );
}

/** Prepares the revocations of `tigers`, has the wallet sign each (kept for the ledger first), and follows them. */
async function revokeAll(id: string, seller: string, tigers: readonly { serialNumber: number; name: string }[], revokeOnly: boolean): Promise<void> {
  updateWrite(id, 'wallet');
  const { transactions } = await prepareRevocations(
    seller,
    tigers.map((tiger) => tiger.serialNumber),
  );
  const signed: BulkUnlistAction[] = [];
  let untilMs: number | undefined;
  for (const transaction of transactions) {
    const names = tigers.filter((tiger) => transaction.serialNumbers.includes(tiger.serialNumber)).map((tiger) => tiger.name);
    const action: BulkUnlistAction = {
      kind: 'bulk-unlist',
      accountId: seller,
      transactionId: transaction.transactionId,
      serialNumbers: transaction.serialNumbers,
      names,
      ...(revokeOnly ? { revokeOnly } : {}),
    };
    const result = await signKept(action, transaction.transactionBytes, 'nft-allowance', {
      what: 'The permission removal',
      goesOn: 'the permissions are revoked',
    });
    signed.push({ ...action, transactionId: result.transactionId });
    untilMs = result.late?.untilMs ?? untilMs;
  }
  await followRevocations(seller, signed, untilMs);
}

/** Waits for each revocation on the ledger; the write ends when all are confirmed. */
async function followRevocations(seller: string, actions: readonly BulkUnlistAction[], untilMs?: number): Promise<void> {
  const id = bulkUnlistWriteId(seller);
  const count = actions.reduce((sum, action) => sum + action.serialNumbers.length, 0);
  await runWrite(
    { id, accountId: seller, title: `Unlisting ${count} tigers`, serial: null, steps: STEPS },
    {
      async run() {
        updateWrite(id, 'ledger');
        for (const action of actions) {
          const outcome = await waitForLedger(action.transactionId, untilMs);
          if (outcome.state !== 'pending') clearPendingAction(action.transactionId);
          requireLedgerSuccess(outcome, 'The permission removal failed');
        }
        refreshAfterTrade(actions[0]?.transactionId);
        const names = actions.flatMap((action) => action.names).join(', ');
        toast(
          actions.some((action) => action.revokeOnly)
            ? { title: 'Permission Revoked', description: `The marketplace may no longer move ${names}.` }
            : { title: 'Tigers Unlisted', description: `${names} ${count === 1 ? 'is' : 'are'} off the market, and the marketplace may no longer move them.` },
        );
        updateWrite(id, 'done', { transactionId: actions[0]?.transactionId ?? null });
      },
      // 'Check again' follows the revocations still waiting.
      again: () => followRevocations(seller, pendingActions('bulk-unlist', seller)),
      fallback: FAILED,
    },
    { follow: true },
  );
}

/** Follows a bulk unlist whose revocations were left waiting for the ledger (a reload, another page). */
export function resumeBulkUnlists(seller: string): void {
  const waiting = pendingActions('bulk-unlist', seller);
  if (waiting.length && !isUnderWay($writes.get()[bulkUnlistWriteId(seller)])) void followRevocations(seller, waiting);
}
