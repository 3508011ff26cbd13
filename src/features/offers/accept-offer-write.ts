/**
 * Selling a tiger to an offer, as a write of its own: the server settles the sale at once when the
 * marketplace may move the tiger; otherwise the wallet approves the marketplace for it first, and
 * the server settles once the ledger shows that approval (followed by its id, also when the wallet
 * answers after its time-out). It runs to its end whether or not its dialog stays open, shown in
 * the tray; an approval left waiting for the ledger is followed from its pending action
 * (resumeAccepts).
 */
import { formatPaws } from '@/lib/format';
import { type PendingAction, pendingActions, rememberTransaction } from '@/features/ledger/kept-transactions';
import { toast } from '@/features/toast/toast-store';
import { afterKept, signKept } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { FailureWithRemedy, runWrite } from '@/features/writes/run-write';
import { isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { ApiError, isUnavailable } from '@/lib/api/api-error';
import { revokePermission } from '@/features/paws-market/unlist-write';
import { type PublicOffer, acceptOffer } from './offer-client';
import { acceptWriteId } from './offer-screen-rules';
import { prepareNftAllowance, refreshAfterTrade } from '@/features/paws-market/paws-client';

type AcceptAction = Extract<PendingAction, { kind: 'accept' }>;
type Offer = Pick<PublicOffer, 'id' | 'pawsAmount'>;

/** What a sale goes through: two steps when the marketplace may move the tiger, three when the wallet approves it first. */
const ACCEPT_STEPS = {
  direct: ['Check the offer and the tiger', 'Settle on the ledger'],
  approve: ['Check the offer and the tiger', 'Approve the marketplace in your wallet', 'Settle on the ledger'],
} as const;

const pendingAccept = (sellerId: string, offerId: string) => pendingActions('accept', sellerId).find((action) => action.offerId === offerId);

/** Sells `serial` of `sellerId` to `offer`; a sale of it already under way is left to go on (its approval waiting for the ledger is followed). */
export async function startAcceptOffer(sellerId: string, offer: Offer, serial: number): Promise<void> {
  const id = acceptWriteId(sellerId, offer.id);
  if (isUnderWay($writes.get()[id])) return;
  const waiting = pendingAccept(sellerId, offer.id);
  await runWrite(
    {
      id,
      accountId: sellerId,
      title: `Selling Wild Tiger #${waiting?.serialNumber ?? serial} for ${formatPaws(offer.pawsAmount)} PAWS`,
      serial: waiting?.serialNumber ?? serial,
      steps: waiting ? ACCEPT_STEPS.approve : ACCEPT_STEPS.direct,
      amount: offer.pawsAmount,
    },
    { run: () => accept(id, sellerId, offer, serial), fallback: 'Failed to accept the offer' },
  );
}

/** The sale from its start, or from its approval when one waits for the ledger ('Check again' reruns this: never a second approval). */
async function accept(id: string, sellerId: string, offer: Offer, serial: number): Promise<void> {
  const waiting = pendingAccept(sellerId, offer.id);
  if (waiting) return acceptAfterApproval(id, waiting);
  const answer = await acceptOffer(sellerId, offer.id, serial);
  if (answer.status === 'sold') return sold(id, sellerId, serial, offer.pawsAmount, answer.transactionId);
  updateWrite(id, 'wallet', {
    steps: ACCEPT_STEPS.approve,
    note: `Your wallet will ask to approve the marketplace to transfer Wild Tiger #${serial}: it moves it only to this offer’s buyer, as ${formatPaws(offer.pawsAmount)} PAWS come to you.`,
  });
  const prepared = await prepareNftAllowance(sellerId, serial);
  const action: AcceptAction = {
    kind: 'accept',
    accountId: sellerId,
    offerId: offer.id,
    serialNumber: serial,
    transactionId: prepared.transactionId,
    price: offer.pawsAmount,
  };
  const signed = await signKept(action, prepared.transactionBytes, 'nft-allowance', { what: 'NFT allowance approval', goesOn: 'the sale goes on' });
  await acceptAfterApproval(id, { ...action, transactionId: signed.transactionId }, signed.late?.note ?? null);
}

/**
 * After the approval: the server settles once the ledger shows it (this call waits for it, then
 * LedgerStillPending). Refused now (the buyer's funding vanished meanwhile, the offer filled by
 * another), the tiger keeps the approval it was given for this sale: its revocation is offered at once.
 */
async function acceptAfterApproval(id: string, action: AcceptAction, note: string | null = null): Promise<void> {
  updateWrite(id, 'ledger', { note });
  const answer = await afterKept(action.transactionId, () => acceptOffer(action.accountId, action.offerId, action.serialNumber, action.transactionId)).catch(
    (failure: unknown) => {
      if (!(failure instanceof ApiError) || isUnavailable(failure)) throw failure;
      throw new FailureWithRemedy(failure, {
        label: `Revoke the marketplace’s permission on Wild Tiger #${action.serialNumber}`,
        run: () =>
          void revokePermission({
            listingId: null,
            serialNumber: action.serialNumber,
            nftName: `Wild Tiger #${action.serialNumber}`,
            sellerId: action.accountId,
          }),
      });
    },
  );
  if (answer.status === 'approval') throw new Error('Approve the marketplace for this tiger in your wallet to accept the offer');
  await sold(id, action.accountId, action.serialNumber, action.price, answer.transactionId);
}

/**
 * The sale succeeded on the ledger (the server had its receipt): done at once; the page's data is
 * reloaded now and again once the mirror node shows the sale.
 */
async function sold(id: string, sellerId: string, serial: number, price: string, transactionId: string): Promise<void> {
  rememberTransaction(sellerId, transactionId);
  refreshAfterTrade(transactionId);
  const text = `Wild Tiger #${serial} sold for ${formatPaws(price)} PAWS.`;
  toast({ title: 'Offer Accepted', description: text });
  updateWrite(id, 'done', { transactionId, outcome: text });
}

/** Follows every sale of `sellerId` whose approval was left waiting for the ledger (a reload, another page). */
export function resumeAccepts(sellerId: string): void {
  for (const action of pendingActions('accept', sellerId))
    void startAcceptOffer(sellerId, { id: action.offerId, pawsAmount: action.price }, action.serialNumber);
}
