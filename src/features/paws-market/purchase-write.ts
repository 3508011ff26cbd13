/**
 * Buying a PAWS listing, as a write of its own (spec 001 §4): the server checks the price against
 * the buyer's PAWS allowance and settles at once when it is enough; when it is short, the wallet
 * approves the marketplace for the price, the purchase goes on once that approval reached consensus
 * (followed by its id, also when the wallet answers after its time-out), and ends with the
 * settlement's SUCCESS (the page's data is reloaded again once the mirror node shows it). It runs to its end whether or not its dialog stays open, shown in the tray.
 */
import { formatPaws } from '@/lib/format';
import { clearPendingAction, pendingPurchase, pendingPurchases, rememberTransaction } from '@/features/ledger/kept-transactions';
import { callWhenSettled } from '@/features/ledger/ledger-wait-client';
import { toast } from '@/features/toast/toast-store';
import { approvalSettled } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { runWrite } from '@/features/writes/run-write';
import { dismissWrite, isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { allowanceAskOf, allowanceSpentOf, spentText } from './allowance-ask';
import { decideAllowance } from './allowance-choice';
import { keepPurchasedListing } from './purchased-listings';
import { pawsPurchaseWriteId } from './listing';
import { approvePawsSpend } from './paws-allowance-approval';
import { type PublicListing, prepareBuy, refreshAfterTrade } from './paws-client';

/** What a purchase goes through: two steps when the allowance covers the price, three when the wallet approves it first. */
const PURCHASE_STEPS = {
  direct: ['Check the price and your allowance', 'Settle on the ledger'],
  approve: ['Check the price and your allowance', 'Approve PAWS in your wallet', 'Settle on the ledger'],
} as const;

/** Answers of the buy call that name a transaction still settling: wait for it, then ask again (never buy twice). */
const SETTLING_CODES = ['LEDGER_PENDING', 'SETTLEMENT_UNCONFIRMED', 'PURCHASE_IN_PROGRESS'] as const;

type Listing = Pick<PublicListing, 'id' | 'nftName' | 'serialNumber' | 'pawsPrice'>;

/** The buy call, asked again while the ledger settles what it depends on; `lapseOffers` names the buyer's offers they let lapse. */
const buyWhenSettled = (listing: Listing, buyer: string, allowanceTransactionId?: string, lapseOffers: readonly string[] = []) =>
  callWhenSettled(() => prepareBuy(listing.id, buyer, allowanceTransactionId, lapseOffers), { codes: SETTLING_CODES });

/** Buys `listing` for `buyer`; a purchase of it already under way is left to go on (its approval waiting for the ledger is followed). */
export async function startPawsPurchase(buyer: string, listing: Listing): Promise<void> {
  const id = pawsPurchaseWriteId(buyer, listing.id);
  if (isUnderWay($writes.get()[id])) return;
  keepPurchasedListing(id, listing);
  await runWrite(
    {
      id,
      accountId: buyer,
      title: `Buying ${listing.nftName} for ${formatPaws(listing.pawsPrice)} PAWS`,
      serial: listing.serialNumber,
      steps: pendingPurchase(buyer, listing.id) ? PURCHASE_STEPS.approve : PURCHASE_STEPS.direct,
      amount: listing.pawsPrice,
    },
    { run: () => purchase(id, buyer, listing), fallback: 'Failed to execute purchase' },
  );
}

/**
 * The purchase from its start, or from its approval when one waits for the ledger ('Check again'
 * reruns this: never a second approval). When paying would leave some of the buyer's open offers
 * unfunded, the buyer chooses first (nothing chosen for them): the top-up that keeps them funded,
 * or letting them lapse.
 */
async function purchase(id: string, buyer: string, listing: Listing, lapseOffers: readonly string[] = []): Promise<void> {
  const waiting = pendingPurchase(buyer, listing.id);
  if (waiting) return buyAfterApproval(id, buyer, listing, waiting.transactionId, null, waiting.lapseOffers);
  const answer = await buyWhenSettled(listing, buyer, undefined, lapseOffers);
  if (answer.ok) return purchased(id, buyer, listing, answer.body);
  if (answer.body.code !== 'PAWS_ALLOWANCE_LOW') throw new Error(String(answer.body.error ?? 'Failed to prepare purchase'));
  const decision = await decideAllowance(id, allowanceAskOf(answer.body, listing.pawsPrice), 'this tiger', lapseOffers);
  if (decision.kind === 'cancel') return dismissWrite(id);
  if (decision.kind === 'again') {
    updateWrite(id, 'prepare');
    return purchase(id, buyer, listing, decision.lapseOffers);
  }
  const { amount, lapseOffers: lapse, note } = decision;
  updateWrite(id, 'wallet', { steps: PURCHASE_STEPS.approve, note });
  const signed = await approvePawsSpend(
    buyer,
    amount,
    (transactionId) => ({
      kind: 'purchase',
      accountId: buyer,
      listingId: listing.id,
      transactionId,
      name: listing.nftName,
      serialNumber: listing.serialNumber,
      price: listing.pawsPrice,
      ...(lapse.length ? { lapseOffers: [...lapse] } : {}),
    }),
    'the purchase goes on',
  );
  await buyAfterApproval(id, buyer, listing, signed.transactionId, signed.late, lapse);
}

/** After an allowance approval: waits for it on the ledger, then buys (the server checks it again). */
async function buyAfterApproval(
  id: string,
  buyer: string,
  listing: Listing,
  approvalId: string,
  late: { note: string; untilMs: number } | null = null,
  lapseOffers: readonly string[] = [],
): Promise<void> {
  updateWrite(id, 'ledger', { note: late?.note ?? null });
  await approvalSettled(approvalId, 'Token allowance approval failed', late?.untilMs);
  const answer = await buyWhenSettled(listing, buyer, approvalId, lapseOffers);
  clearPendingAction(approvalId);
  if (!answer.ok) throw new Error(String(answer.body.error ?? 'Failed to prepare purchase transaction after allowance'));
  await purchased(id, buyer, listing, answer.body);
}

/**
 * The settlement succeeded on the ledger (the server had its receipt): done at once, saying what
 * was paid (and, paid from the allowance as it stood, what it was and is); the page's data is
 * reloaded now and again once the mirror node shows the settlement.
 */
async function purchased(id: string, buyer: string, listing: Listing, body: Record<string, unknown>): Promise<void> {
  const settlementId = String(body.transactionId ?? '');
  if (settlementId) rememberTransaction(buyer, settlementId);
  refreshAfterTrade(settlementId || undefined);
  const bought = `${listing.nftName} is now in your den, for ${formatPaws(listing.pawsPrice)} PAWS.`;
  const spent = allowanceSpentOf(body.allowance);
  toast({ title: 'Purchase Successful!', description: bought });
  updateWrite(id, 'done', { transactionId: settlementId || null, outcome: spent ? `${bought} ${spentText(spent)}` : bought });
}

/** Follows every purchase of `buyer` whose allowance approval was left waiting for the ledger (a reload, another page). */
export function resumePawsPurchases(buyer: string): void {
  for (const action of pendingPurchases(buyer)) {
    if (action.serialNumber === undefined || action.price === undefined) continue;
    void startPawsPurchase(buyer, {
      id: action.listingId,
      nftName: action.name ?? `Wild Tiger #${action.serialNumber}`,
      serialNumber: action.serialNumber,
      pawsPrice: action.price,
    });
  }
}
