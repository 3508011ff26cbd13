/**
 * Accepting several offers at once, as one write: the wallet approves the marketplace for all the
 * tigers in one transaction (kept before the wallet is asked), and once it reached consensus the
 * server sells each tiger to its offer; each outcome is told.
 */
import { errorText } from '@/lib/api/error-text';
import { formatPaws } from '../../lib/format';
import { type PendingAction, pendingActions } from '../ledger/kept-transactions';
import { callWhenSettled, requireLedgerSuccess, waitForLedger } from '../ledger/ledger-wait-client';
import { refreshAfterTrade } from '../paws-market/paws-client';
import { runWritePart } from '../paws-market/retry-rules';
import { toast } from '../toast/toast-store';
import { afterKept, approvalSettled, signKept } from '../writes/kept-signature';
import { $writes } from '../writes/write-store';
import { beginWrite, isUnderWay, updateWrite } from '../writes/write-progress';
import { type TigerOffer, acceptOffers, prepareApprovals } from './bulk-client';

type AcceptManyAction = Extract<PendingAction, { kind: 'accept-many' }>;

/** The write of one account's bulk acceptance (one at a time). */
export const acceptManyWriteId = (seller: string) => `offers-accept-many:${seller}`;

const STEPS = ['Approve the marketplace for your tigers in your wallet', 'Settle on the ledger'] as const;

/** Sells each chosen tiger to its offer; an acceptance whose approval waits for the ledger is followed instead. */
export async function startAcceptMany(seller: string, chosen: readonly TigerOffer[]): Promise<void> {
  const id = acceptManyWriteId(seller);
  if (isUnderWay($writes.get()[id])) return;
  const waiting = pendingActions('accept-many', seller)[0];
  const items = waiting?.items ?? chosen.map(({ offerId, serialNumber, pawsAmount }) => ({ offerId, serialNumber, pawsAmount }));
  beginWrite({ id, accountId: seller, title: `Accepting ${items.length} offers`, serial: null, steps: STEPS });
  updateWrite(id, 'wallet');
  await runWritePart(id, () => (waiting ? settle(id, waiting) : approveAndSettle(id, seller, items)), 'Failed to accept the offers');
}

async function approveAndSettle(id: string, seller: string, items: AcceptManyAction['items']): Promise<void> {
  const { transactions } = await prepareApprovals(
    seller,
    items.map((item) => item.serialNumber),
  ).catch((failure: unknown) => {
    throw new Error(`NFT allowance approval failed: ${errorText(failure, 'unknown error')}`);
  });
  const [transaction] = transactions;
  if (!transaction || transactions.length > 1) throw new Error('At most 20 offers can be accepted at once');
  const action: AcceptManyAction = { kind: 'accept-many', accountId: seller, transactionId: transaction.transactionId, items };
  const signed = await signKept(action, transaction.transactionBytes, 'nft-allowance', { what: 'NFT allowance approval', goesOn: 'the offers are accepted' });
  await settle(id, { ...action, transactionId: signed.transactionId }, signed.late);
}

/** Waits for the approval on the ledger, then accepts the offers (the server checks each again). */
async function settle(id: string, action: AcceptManyAction, late: { note: string; untilMs: number } | null = null): Promise<void> {
  updateWrite(id, 'ledger', { note: late?.note ?? null });
  await approvalSettled(action.transactionId, 'NFT allowance approval failed', late?.untilMs);
  const ask = (items: readonly { offerId: string; serialNumber: number }[]) =>
    callWhenSettled(() =>
      acceptOffers(
        action.accountId,
        items.map(({ offerId, serialNumber }) => ({ offerId, serialNumber })),
        action.transactionId,
      ),
    );
  const first = await afterKept(action.transactionId, () => ask(action.items));
  // Sales whose answer did not come: followed on the ledger, then asked about again (answered as sold once recorded).
  let answer = first;
  for (const transactionId of new Set(first.pending.map((sale) => sale.transactionId))) {
    requireLedgerSuccess(await waitForLedger(transactionId, undefined, { mirror: true }), 'A sale failed on the ledger: nothing moved for its tiger');
  }
  if (first.pending.length) {
    const again = await ask(first.pending);
    answer = { accepted: [...first.accepted, ...again.accepted], pending: again.pending, failed: [...first.failed, ...again.failed] };
  }
  for (const sale of answer.accepted) refreshAfterTrade(sale.transactionId);
  const failed = answer.failed.map((entry) => `Wild Tiger #${entry.serialNumber}: ${entry.error}`).join('; ');
  if (!answer.accepted.length) throw new Error(`No offer was accepted. ${failed}`);
  toast({
    title: 'Offers Accepted!',
    description: `Sold ${answer.accepted.map((sale) => `Wild Tiger #${sale.serialNumber} for ${formatPaws(sale.pawsAmount)} PAWS`).join(', ')}.${failed ? ` Not sold: ${failed}.` : ''}`,
  });
  updateWrite(id, 'done', { transactionId: answer.accepted[0]?.transactionId ?? null });
}

/** Follows a bulk acceptance whose approval was left waiting for the ledger (a reload, another page). */
export function resumeAcceptMany(seller: string): void {
  if (pendingActions('accept-many', seller).length && !isUnderWay($writes.get()[acceptManyWriteId(seller)])) void startAcceptMany(seller, []);
}
