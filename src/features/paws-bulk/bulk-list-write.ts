/**
 * Listing several tigers at once, as one write: the server stores a pending listing per tiger, the
 * wallet approves the marketplace for all of them in as few transactions as the ledger allows (20
 * tigers each), and each approval's listings go live once it reached consensus. Each approval is
 * kept before the wallet is asked, so a late answer, a closed dialog or a reload loses nothing.
 */
import { errorText } from '@/lib/api/error-text';
import { formatPaws } from '@/lib/format';
import { type PendingAction, pendingActions } from '@/features/ledger/kept-transactions';
import { LedgerStillPending, callWhenSettled } from '@/features/ledger/ledger-wait-client';
import { refreshAfterTrade } from '@/features/paws-market/paws-client';
import { runWrite } from '@/features/writes/run-write';
import { toast } from '@/features/toast/toast-store';
import { afterKept, approvalSettled, signKept } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { type BulkListingItem, completeListings, prepareApprovals, prepareListings } from './bulk-client';

type BulkListingAction = Extract<PendingAction, { kind: 'bulk-listing' }>;

/** The write of one account's bulk listing (one at a time). */
export const bulkListingWriteId = (seller: string) => `bulk-listing:${seller}`;

const steps = (approvals: number) => [
  'Prepare the listings',
  approvals > 1 ? `Approve the marketplace in your wallet (${approvals} transactions)` : 'Approve the marketplace in your wallet',
  'Confirm on the ledger',
];

/** One tiger to list, at its price. */
export interface BulkListingRequest {
  serialNumber: number;
  name: string;
  price: string;
}

const FAILED = 'Failed to list the tigers';

/** Lists `tigers` for `seller`; a bulk listing waiting for the ledger is followed instead. */
export async function startBulkListing(seller: string, tigers: readonly BulkListingRequest[]): Promise<void> {
  const id = bulkListingWriteId(seller);
  if (isUnderWay($writes.get()[id])) return;
  const waiting = pendingActions('bulk-listing', seller);
  if (waiting.length) {
    toast({
      title: 'An earlier listing goes first',
      description: 'Your earlier bulk listing still waits for the ledger: it is followed now. List these tigers again once it is done.',
    });
    return followApprovals(seller, waiting);
  }
  await runWrite(
    { id, accountId: seller, title: `Listing ${tigers.length} tigers`, serial: null, steps: steps(1) },
    {
      async run() {
        const prepared = await prepareListings(
          seller,
          tigers.map((tiger) => ({ serialNumber: tiger.serialNumber, pawsPrice: tiger.price })),
        ).catch((failure: unknown) => {
          throw new Error(errorText(failure, 'Failed to prepare the listings'));
        });
        const { transactions } = await prepareApprovals(
          seller,
          tigers.map((tiger) => tiger.serialNumber),
        );
        updateWrite(id, 'wallet', { steps: steps(transactions.length) });
        const bySerial = new Map(prepared.pendingListings.map((pending) => [pending.serialNumber, pending]));
        const signed: { action: BulkListingAction; late: { note: string; untilMs: number } | null }[] = [];
        let refused: string | null = null;
        for (const [index, transaction] of transactions.entries()) {
          const items: BulkListingItem[] = transaction.serialNumbers.map((serial) => {
            const pending = bySerial.get(serial);
            return {
              pendingListingId: pending?.id ?? '',
              serialNumber: serial,
              name: pending?.nftName ?? `Wild Tiger #${serial}`,
              price: pending?.pawsPrice ?? '',
            };
          });
          const action: BulkListingAction = { kind: 'bulk-listing', accountId: seller, transactionId: transaction.transactionId, items };
          if (transactions.length > 1) updateWrite(id, 'wallet', { note: `Approval ${index + 1} of ${transactions.length}: ${items.length} tigers.` });
          try {
            const answer = await signKept(action, transaction.transactionBytes, 'nft-allowance', {
              what: 'NFT allowance approval',
              goesOn: 'these listings complete',
            });
            signed.push({ action: { ...action, transactionId: answer.transactionId }, late: answer.late });
          } catch (failure) {
            // The approvals already given still list their tigers; the rest are not listed.
            if (!signed.length) throw failure;
            const left = transactions.slice(index).reduce((sum, entry) => sum + entry.serialNumbers.length, 0);
            refused = `${errorText(failure, 'The approval failed')}: ${left} ${left === 1 ? 'tiger was' : 'tigers were'} not listed`;
            break;
          }
        }
        await followApprovals(
          seller,
          signed.map((entry) => entry.action),
          signed.find((entry) => entry.late)?.late ?? null,
          refused,
        );
      },
      fallback: FAILED,
    },
  );
}

/**
 * Waits for each approval on the ledger and lists its tigers (the server checks each again), each
 * approval on its own; the write ends when all did ('Check again' follows those still waiting).
 * `refused` says which tigers an approval refused mid-way left unlisted.
 */
async function followApprovals(
  seller: string,
  actions: readonly BulkListingAction[],
  late: { note: string; untilMs: number } | null = null,
  refused: string | null = null,
): Promise<void> {
  const id = bulkListingWriteId(seller);
  const count = actions.reduce((sum, action) => sum + action.items.length, 0);
  await runWrite(
    { id, accountId: seller, title: `Listing ${count} tigers`, serial: null, steps: steps(actions.length) },
    {
      async run() {
        updateWrite(id, 'ledger', { note: late?.note ?? null });
        const outcomes = await Promise.allSettled(actions.map((action) => listApproved(action, late?.untilMs)));
        const results = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
        const errors = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
        const listed = results.flatMap((result) => result.listings);
        const failed = [
          ...results.flatMap((result) => result.failed),
          ...errors.filter((error) => !(error instanceof LedgerStillPending)).map((error) => ({ name: 'An approval', error: errorText(error, 'failed') })),
        ];
        refreshAfterTrade(actions[0]?.transactionId);
        if (errors.some((error) => error instanceof LedgerStillPending)) {
          if (listed.length) toast({ title: 'Tigers Listed!', description: `${listed.length} listed so far; the rest wait for the ledger.` });
          throw new LedgerStillPending();
        }
        const failedText = [...failed.map((entry) => `${entry.name}: ${entry.error}`), ...(refused ? [refused] : [])].join('; ');
        if (!listed.length) throw new Error(`Nothing was listed. ${failedText}`);
        const outcome = `Listed ${listed.map((entry) => `${entry.nftName} for ${formatPaws(entry.pawsPrice)} PAWS`).join(', ')}.${failedText ? ` Not listed: ${failedText}.` : ''}`;
        toast({ title: 'Tigers Listed!', description: outcome });
        updateWrite(id, 'done', { transactionId: actions[0]?.transactionId ?? null, outcome });
      },
      // 'Check again' follows the approvals still waiting.
      again: () => followApprovals(seller, pendingActions('bulk-listing', seller)),
      fallback: FAILED,
    },
    { follow: true },
  );
}

/** One approval: waits for it on the ledger, then completes the listings it covers. */
async function listApproved(action: BulkListingAction, untilMs?: number) {
  await approvalSettled(action.transactionId, 'NFT allowance approval failed', untilMs);
  const answer = await afterKept(action.transactionId, () =>
    callWhenSettled(() =>
      completeListings(action.items.map((item) => ({ pendingListingId: item.pendingListingId, approvalTransactionId: action.transactionId }))),
    ),
  );
  const nameOf = new Map(action.items.map((item) => [item.pendingListingId, item.name]));
  return { listings: answer.listings, failed: answer.failed.map((entry) => ({ name: nameOf.get(entry.pendingListingId) ?? 'A tiger', error: entry.error })) };
}

/** Follows a bulk listing whose approvals were left waiting for the ledger (a reload, another page). */
export function resumeBulkListings(seller: string): void {
  const waiting = pendingActions('bulk-listing', seller);
  if (waiting.length && !isUnderWay($writes.get()[bulkListingWriteId(seller)])) void followApprovals(seller, waiting);
}
