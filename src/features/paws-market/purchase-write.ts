/**
 * Buying a PAWS listing, as a write of its own (spec 001 §4): the server checks the price against
 * the buyer's PAWS allowance and settles at once when it is enough; when it is short, the wallet
 * approves the marketplace for the price, the purchase goes on once that approval reached consensus
 * (followed by its id, also when the wallet answers after its time-out), and ends with the
 * settlement's SUCCESS (the page's data is reloaded again once the mirror node shows it). It runs to its end whether or not its dialog stays open, shown in the tray.
 */
import { formatPaws } from '../../lib/format';
import { clearPendingAction, pendingPurchase, pendingPurchases, rememberTransaction } from '../ledger/kept-transactions';
import { callWhenSettled } from '../ledger/ledger-wait-client';
import { toast } from '../toast/toast-store';
import { approvalSettled } from '../writes/kept-signature';
import { $writes } from '../writes/write-store';
import { beginWrite, isUnderWay, updateWrite } from '../writes/write-progress';
import { pawsPurchaseWriteId } from './listing';
import { approvePawsSpend } from './paws-allowance-approval';
import { type PublicListing, prepareBuy, refreshAfterTrade } from './paws-client';
import { runWritePart } from './retry-rules';

/** What a purchase goes through: two steps when the allowance covers the price, three when the wallet approves it first. */
const PURCHASE_STEPS = {
  direct: ['Check the price and your allowance', 'Settle on the ledger'],
  approve: ['Check the price and your allowance', 'Approve PAWS in your wallet', 'Settle on the ledger'],
} as const;

/** Answers of the buy call that name a transaction still settling: wait for it, then ask again (never buy twice). */
const SETTLING_CODES = ['LEDGER_PENDING', 'SETTLEMENT_UNCONFIRMED', 'PURCHASE_IN_PROGRESS'] as const;

type Listing = Pick<PublicListing, 'id' | 'nftName' | 'serialNumber' | 'pawsPrice'>;

/** The buy call, asked again while the ledger settles what it depends on. */
const buyWhenSettled = (listing: Listing, buyer: string, allowanceTransactionId?: string) =>
  callWhenSettled(() => prepareBuy(listing.id, buyer, allowanceTransactionId), { codes: SETTLING_CODES });

/** Buys `listing` for `buyer`; a purchase of it already under way is left to go on (its approval waiting for the ledger is followed). */
export async function startPawsPurchase(buyer: string, listing: Listing): Promise<void> {
  const id = pawsPurchaseWriteId(buyer, listing.id);
  if (isUnderWay($writes.get()[id])) return;
  beginWrite({
    id,
    accountId: buyer,
    title: `Buying ${listing.nftName} for ${formatPaws(listing.pawsPrice)} PAWS`,
    serial: listing.serialNumber,
    steps: pendingPurchase(buyer, listing.id) ? PURCHASE_STEPS.approve : PURCHASE_STEPS.direct,
    amount: listing.pawsPrice,
  });
  await runWritePart(id, () => purchase(id, buyer, listing), 'Failed to execute purchase');
}

/** The purchase from its start, or from its approval when one waits for the ledger ('Check again' reruns this: never a second approval). */
async function purchase(id: string, buyer: string, listing: Listing): Promise<void> {
  const waiting = pendingPurchase(buyer, listing.id);
  if (waiting) return buyAfterApproval(id, buyer, listing, waiting.transactionId);
  const answer = await buyWhenSettled(listing, buyer);
  if (answer.ok) return purchased(id, buyer, listing, String(answer.body.transactionId ?? ''));
  if (answer.body.code !== 'PAWS_ALLOWANCE_LOW') throw new Error(String(answer.body.error ?? 'Failed to prepare purchase'));
  updateWrite(id, 'wallet', { steps: PURCHASE_STEPS.approve });
  const signed = await approvePawsSpend(
    buyer,
    String(answer.body.amount ?? listing.pawsPrice),
    (transactionId) => ({
      kind: 'purchase',
      accountId: buyer,
      listingId: listing.id,
      transactionId,
      name: listing.nftName,
      serialNumber: listing.serialNumber,
      price: listing.pawsPrice,
    }),
    'the purchase goes on',
  );
  await buyAfterApproval(id, buyer, listing, signed.transactionId, signed.late);
}

/** After an allowance approval: waits for it on the ledger, then buys (the server checks it again). */
async function buyAfterApproval(
  id: string,
  buyer: string,
  listing: Listing,
  approvalId: string,
  late: { note: string; untilMs: number } | null = null,
): Promise<void> {
  updateWrite(id, 'ledger', { note: late?.note ?? null });
  await approvalSettled(approvalId, 'Token allowance approval failed', late?.untilMs);
  const answer = await buyWhenSettled(listing, buyer, approvalId);
  clearPendingAction(approvalId);
  if (!answer.ok) throw new Error(String(answer.body.error ?? 'Failed to prepare purchase transaction after allowance'));
  await purchased(id, buyer, listing, String(answer.body.transactionId ?? ''));
}

/**
 * The settlement succeeded on the ledger (the server had its receipt): done at once; the page's data
 * is reloaded now and again once the mirror node shows the settlement.
 */
async function purchased(id: string, buyer: string, listing: Listing, settlementId: string): Promise<void> {
  if (settlementId) rememberTransaction(buyer, settlementId);
  refreshAfterTrade(settlementId || undefined);
  toast({ title: 'Purchase Successful!', description: `${listing.nftName} is now in your den.` });
  updateWrite(id, 'done', { transactionId: settlementId || null });
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
