/**
 * Making a PAWS offer, as a write of its own: the server opens the offer at once when the buyer's
 * PAWS allowance covers it and their other open offers; otherwise the wallet approves that much
 * first, and the server opens the offer once the ledger shows the approval (the offer's id is the
 * same on every attempt, so it is made once). It runs to its end whether or not its form stays on
 * screen, shown in the tray; an approval left waiting for the ledger is followed from its pending
 * action (resumeOffers).
 */
import { errorText } from '@/lib/api/error-text';
import { formatPaws } from '@/lib/format';
import { type PendingAction, pendingActions } from '@/features/ledger/kept-transactions';
import { toast } from '@/features/toast/toast-store';
import { afterKept, signKept } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { runWrite } from '@/features/writes/run-write';
import { isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { type OfferRequest, type PublicOffer, makeOffer } from './offer-client';
import { expiryText, makeOfferWriteId } from './offer-screen-rules';
import { prepareTokenAllowance } from '@/features/paws-market/paws-client';
import { allowanceAskText } from '@/features/paws-market/allowance-ask';

type OfferAction = Extract<PendingAction, { kind: 'offer' }>;

/** What making an offer goes through: one step when the allowance covers it, three when the wallet approves PAWS first. */
const MAKE_STEPS = {
  direct: ['Check your PAWS and open the offer'],
  approve: ['Check your PAWS and allowance', 'Approve PAWS in your wallet', 'Confirm on the ledger and open the offer'],
} as const;

const pendingOffer = (buyerId: string, offerId: string) => pendingActions('offer', buyerId).find((action) => action.offerId === offerId);

const tokenApprovalFailed = (failure: unknown) => new Error(`Token allowance approval failed: ${errorText(failure, 'unknown error')}`, { cause: failure });

/** Makes `buyerId`'s offer `offerId` on `request`; one already under way is left to go on (its approval waiting for the ledger is followed). */
export async function startMakeOffer(buyerId: string, offerId: string, request: OfferRequest): Promise<void> {
  const id = makeOfferWriteId(buyerId, offerId);
  if (isUnderWay($writes.get()[id])) return;
  const what =
    request.kind === 'item' ? `Wild Tiger #${request.serialNumber}` : `${request.quantity > 1 ? `${request.quantity} tigers` : 'a tiger'} of the collection`;
  await runWrite(
    {
      id,
      accountId: buyerId,
      title: `Offering ${formatPaws(request.pawsAmount)} PAWS for ${what}`,
      serial: request.kind === 'item' ? request.serialNumber : null,
      steps: pendingOffer(buyerId, offerId) ? MAKE_STEPS.approve : MAKE_STEPS.direct,
      amount: request.pawsAmount,
    },
    { run: () => make(id, buyerId, offerId, request), fallback: 'Failed to make the offer' },
  );
}

/** The offer from its start, or from its approval when one waits for the ledger ('Check again' reruns this: never a second approval). */
async function make(id: string, buyerId: string, offerId: string, request: OfferRequest): Promise<void> {
  const waiting = pendingOffer(buyerId, offerId);
  if (waiting) return makeAfterApproval(id, waiting);
  const answer = await makeOffer(buyerId, offerId, request);
  if (answer.status === 'made') return made(id, answer.offer);
  updateWrite(id, 'wallet', { steps: MAKE_STEPS.approve, note: allowanceAskText(answer.amount, answer.due, answer.offersKeep, 'this offer') });
  const prepared = await prepareTokenAllowance(buyerId, answer.amount).catch((failure: unknown) => {
    throw tokenApprovalFailed(failure);
  });
  const action: OfferAction = { kind: 'offer', accountId: buyerId, offerId, transactionId: prepared.transactionId, request };
  const signed = await signKept(action, prepared.transactionBytes, 'paws-allowance', { what: 'Token allowance approval', goesOn: 'the offer is made' }).catch(
    (failure: unknown) => {
      throw tokenApprovalFailed(failure);
    },
  );
  await makeAfterApproval(id, { ...action, transactionId: signed.transactionId }, signed.late?.note ?? null);
}

/** After the approval: the server opens the offer once the ledger shows it (this call waits for it, then LedgerStillPending). */
async function makeAfterApproval(id: string, action: OfferAction, note: string | null = null): Promise<void> {
  updateWrite(id, 'ledger', { note });
  const answer = await afterKept(action.transactionId, () => makeOffer(action.accountId, action.offerId, action.request, action.transactionId));
  if (answer.status === 'allowance') throw new Error('Insufficient PAWS token allowance');
  made(id, answer.offer);
}

function made(id: string, offer: PublicOffer): void {
  toast({ title: 'Offer Made', description: `Your offer of ${formatPaws(offer.pawsAmount)} PAWS is open. ${expiryText(offer.expiresAt)}.` });
  updateWrite(id, 'done');
}

/** Follows every offer of `buyerId` whose allowance approval was left waiting for the ledger (a reload, another page). */
export function resumeOffers(buyerId: string): void {
  for (const action of pendingActions('offer', buyerId)) void startMakeOffer(buyerId, action.offerId, action.request);
}
