/**
 * Accepting several offers at once, as one write: every chosen sale is checked first, before the
 * wallet is asked for anything (an offer its buyer can no longer pay is named, and the holder goes
 * on with the others or not); then the wallet approves the marketplace for all the tigers in one
 * transaction (kept before the wallet is asked), and once it reached consensus the server sells each
 * tiger to its offer; each outcome is told. A tiger approved for a sale that was then refused (its
 * funding vanished meanwhile) is offered the revocation of that approval, in one click.
 */
import { errorText } from '@/lib/api/error-text';
import { formatPaws } from '@/lib/format';
import { type PendingAction, pendingActions } from '@/features/ledger/kept-transactions';
import { callWhenSettled, requireLedgerSuccess, waitForLedger } from '@/features/ledger/ledger-wait-client';
import { refreshAfterTrade } from '@/features/paws-market/paws-client';
import { toast } from '@/features/toast/toast-store';
import { afterKept, approvalSettled, signKept } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { runWrite } from '@/features/writes/run-write';
import { askWrite, dismissWrite, isUnderWay, offerRemedy, updateWrite } from '@/features/writes/write-progress';
import { type AcceptPick, acceptOffers, checkAcceptOffers, prepareApprovals } from './bulk-client';
import { startBulkRevoke } from './bulk-unlist-write';

type AcceptManyAction = Extract<PendingAction, { kind: 'accept-many' }>;

/** The write of one account's bulk acceptance (one at a time). */
export const acceptManyWriteId = (seller: string) => `offers-accept-many:${seller}`;

const STEPS = ['Check each offer', 'Approve the marketplace for your tigers in your wallet', 'Settle on the ledger'] as const;

const tiger = (serial: number) => `Wild Tiger #${serial}`;

/** Sells each chosen tiger to its offer; an acceptance whose approval waits for the ledger is followed instead. */
export async function startAcceptMany(seller: string, chosen: readonly AcceptPick[]): Promise<void> {
  const id = acceptManyWriteId(seller);
  if (isUnderWay($writes.get()[id])) return;
  const waiting = pendingActions('accept-many', seller)[0];
  const items = waiting?.items ?? chosen.map(({ offerId, serialNumber, pawsAmount }) => ({ offerId, serialNumber, pawsAmount }));
  await runWrite(
    { id, accountId: seller, title: `Accepting ${items.length} ${items.length === 1 ? 'offer' : 'offers'}`, serial: null, steps: STEPS },
    { run: () => (waiting ? settle(id, waiting) : checkAndSettle(id, seller, items)), fallback: 'Failed to accept the offers' },
  );
}

/**
 * Checks every chosen sale before the wallet is asked for anything: those that can no longer be made
 * are named, and the holder goes on with the others, or stops (nothing signed).
 */
async function checkAndSettle(id: string, seller: string, items: AcceptManyAction['items']): Promise<void> {
  const checked = await checkAcceptOffers(
    seller,
    items.map(({ offerId, serialNumber }) => ({ offerId, serialNumber })),
  );
  const refused = checked.refused.map((entry) => `${tiger(entry.serialNumber)}: ${entry.error}`);
  const ready = items.filter((item) => checked.ready.some((entry) => entry.offerId === item.offerId && entry.serialNumber === item.serialNumber));
  if (!ready.length) throw new Error(`No offer can be accepted, and nothing was signed. ${refused.join('; ')}.`);
  if (refused.length) {
    const answer = await askWrite(id, {
      text: `${refused.length === 1 ? 'One of your choices' : `${refused.length} of your choices`} can no longer be accepted; nothing was signed.`,
      details: refused,
      options: [
        { id: 'go-on', label: `Accept the other ${ready.length === 1 ? 'offer' : `${ready.length} offers`}` },
        { id: 'stop', label: 'Back to the offers', variant: 'outline' },
      ],
    });
    if (answer !== 'go-on') return dismissWrite(id);
    updateWrite(id, 'prepare', { title: `Accepting ${ready.length} ${ready.length === 1 ? 'offer' : 'offers'}` });
  }
  await approveAndSettle(id, seller, ready);
}

async function approveAndSettle(id: string, seller: string, items: AcceptManyAction['items']): Promise<void> {
  updateWrite(id, 'wallet', {
    note: `Your wallet will ask to approve the marketplace to transfer ${items.map((item) => tiger(item.serialNumber)).join(', ')}: it moves each only to its offer’s buyer, as the PAWS come to you.`,
  });
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
  const failed = answer.failed.map((entry) => `${tiger(entry.serialNumber)}: ${entry.error}`).join('; ');
  const sold = answer.accepted.map((sale) => `${tiger(sale.serialNumber)} for ${formatPaws(sale.pawsAmount)} PAWS`).join(', ');
  // The tigers approved for a sale that did not happen: the marketplace may still move them until the approval is revoked.
  const stillApproved = answer.failed.map((entry) => entry.serialNumber);
  const offerRevoke = () =>
    stillApproved.length &&
    offerRemedy(id, `Revoke the marketplace’s permission on ${stillApproved.map(tiger).join(', ')}`, () => {
      void startBulkRevoke(
        action.accountId,
        stillApproved.map((serialNumber) => ({ serialNumber, name: tiger(serialNumber) })),
      );
    });
  if (!answer.accepted.length) {
    updateWrite(id, 'failed', { error: `No offer was accepted, and your tigers stay yours. ${failed}.`, retryable: false });
    offerRevoke();
    return;
  }
  toast({ title: 'Offers Accepted!', description: `Sold ${sold}.${failed ? ` Not sold: ${failed}.` : ''}` });
  updateWrite(id, 'done', {
    transactionId: answer.accepted[0]?.transactionId ?? null,
    outcome: `Sold ${sold}.${failed ? ` Not sold, your tigers stay yours: ${failed}.` : ''}`,
  });
  offerRevoke();
}

/** Follows a bulk acceptance whose approval was left waiting for the ledger (a reload, another page). */
export function resumeAcceptMany(seller: string): void {
  if (pendingActions('accept-many', seller).length && !isUnderWay($writes.get()[acceptManyWriteId(seller)])) void startAcceptMany(seller, []);
}
