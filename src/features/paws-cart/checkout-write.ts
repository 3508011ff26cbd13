/**
 * Checking out the cart, as a write of its own: the server checks every listing and the buyer's
 * PAWS; when the allowance is short, the wallet approves the whole cart's total once, and the
 * checkout goes on once that approval reached consensus (followed by its id, also after a reload);
 * the server settles the cart in as few atomic transfers as the ledger allows. A transfer whose
 * answer did not come is followed on the ledger and asked about again. The cart then keeps only
 * what is still to buy, and the person is told what was bought and what was not (never charged).
 */
import { atom } from 'nanostores';
import { formatPaws } from '../../lib/format';
import { pendingActions, rememberTransaction } from '../ledger/kept-transactions';
import { LedgerStillPending, callWhenSettled, waitForLedger } from '../ledger/ledger-wait-client';
import { approvePawsSpend } from '../paws-market/paws-allowance-approval';
import { refreshAfterTrade } from '../paws-market/paws-client';
import { runWritePart } from '../paws-market/retry-rules';
import { toast } from '../toast/toast-store';
import { afterKept, approvalSettled } from '../writes/kept-signature';
import { $writes } from '../writes/write-store';
import { beginWrite, isUnderWay, stallWrite, updateWrite } from '../writes/write-progress';
import { type CheckoutAnswer, checkout, dropText } from './cart-client';
import { type CartLine, cartTotal, checkoutWriteId, removeFromCart } from './cart-store';

const CHECKOUT_STEPS = {
  direct: ['Check the cart and your allowance', 'Settle on the ledger'],
  approve: ['Check the cart and your allowance', 'Approve PAWS in your wallet', 'Settle on the ledger'],
} as const;

/** What the last checkout of each account ended with, for the cart to show. */
export const $checkoutOutcome = atom<{ accountId: string; answer: CheckoutAnswer } | null>(null);

const pendingCheckout = (buyer: string) => pendingActions('cart-checkout', buyer)[0];

/** Checks out `lines` for `buyer`; a checkout already under way is left to go on (its approval waiting for the ledger is followed). */
export async function startCheckout(buyer: string, lines: readonly CartLine[]): Promise<void> {
  const id = checkoutWriteId(buyer);
  if (isUnderWay($writes.get()[id])) return;
  const waiting = pendingCheckout(buyer);
  const cart = waiting?.lines ?? lines;
  if (!cart.length) return;
  const total = cartTotal(cart);
  $checkoutOutcome.set(null);
  beginWrite({
    id,
    accountId: buyer,
    title: `Buying ${cart.length} ${cart.length === 1 ? 'tiger' : 'tigers'} for ${formatPaws(total)} PAWS`,
    serial: null,
    steps: waiting ? CHECKOUT_STEPS.approve : CHECKOUT_STEPS.direct,
    amount: total,
  });
  await runWritePart(id, () => run(id, buyer, cart), 'Failed to check out');
}

/** The checkout from its start, or from its approval when one waits for the ledger ('Check again' reruns this: never a second approval). */
async function run(id: string, buyer: string, lines: readonly CartLine[]): Promise<void> {
  const ids = lines.map((line) => line.listingId);
  const waiting = pendingCheckout(buyer);
  if (waiting) return afterApproval(id, buyer, waiting.lines, waiting.transactionId);
  const answer = await callWhenSettled(() => checkout(buyer, ids));
  if (answer.ok) return finished(id, buyer, answer.body);
  if (answer.body.code !== 'PAWS_ALLOWANCE_LOW') throw new Error(String(answer.body.error ?? 'Failed to check out'));
  updateWrite(id, 'wallet', { steps: CHECKOUT_STEPS.approve });
  const signed = await approvePawsSpend(
    buyer,
    String(answer.body.amount),
    (transactionId) => ({ kind: 'cart-checkout', accountId: buyer, transactionId, lines: [...lines] }),
    'the checkout goes on',
  );
  await afterApproval(id, buyer, lines, signed.transactionId, signed.late);
}

/** After the allowance approval: waits for it on the ledger, then checks out (the server checks it again). */
async function afterApproval(
  id: string,
  buyer: string,
  lines: readonly CartLine[],
  approvalId: string,
  late: { note: string; untilMs: number } | null = null,
): Promise<void> {
  updateWrite(id, 'ledger', { note: late?.note ?? null });
  await approvalSettled(approvalId, 'Token allowance approval failed', late?.untilMs);
  // Kept while no answer came (the server unavailable, the page left mid-request): 'Check again', a reload or another page asks again, never a second approval.
  const answer = await afterKept(approvalId, () =>
    callWhenSettled(() =>
      checkout(
        buyer,
        lines.map((line) => line.listingId),
        approvalId,
      ),
    ),
  );
  if (!answer.ok) throw new Error(String(answer.body.error ?? 'Failed to check out after the allowance approval'));
  await finished(id, buyer, answer.body);
}

/**
 * Follows each transfer whose answer did not come until the ledger tells how it ended: a failed one
 * answers its tigers as refused (nothing moved), a settled one's tigers are asked about again (the
 * server records them from the ledger). LedgerStillPending while the ledger has not told.
 */
async function settlePending(buyer: string, answer: CheckoutAnswer): Promise<CheckoutAnswer> {
  if (!answer.pending.length) return answer;
  const settled: string[] = [];
  const failed: CheckoutAnswer['failed'] = [];
  for (const transactionId of new Set(answer.pending.map((line) => line.transactionId))) {
    const outcome = await waitForLedger(transactionId, undefined, { mirror: true });
    if (outcome.state === 'pending') throw new LedgerStillPending();
    const lines = answer.pending.filter((line) => line.transactionId === transactionId);
    if (outcome.state === 'success') settled.push(...lines.map((line) => line.listingId));
    else failed.push(...lines.map((line) => ({ ...line, status: outcome.state === 'failed' ? outcome.result : 'EXPIRED' })));
  }
  const rest = { ...answer, pending: [], failed: [...answer.failed, ...failed] };
  if (!settled.length) return rest;
  const again = await callWhenSettled(() => checkout(buyer, settled));
  if (!again.ok) throw new Error(String(again.body.error ?? 'Failed to check out'));
  return {
    bought: [...rest.bought, ...again.body.bought],
    pending: again.body.pending,
    dropped: [...rest.dropped, ...again.body.dropped],
    failed: [...rest.failed, ...again.body.failed],
    transfers: [...rest.transfers, ...again.body.transfers],
  };
}

/**
 * The checkout answered: transfers still settling are followed first ('Check again' after a long
 * wait follows only them, never buying again); then the cart keeps what is still to buy, the page's
 * data is reloaded, and the person is told what happened.
 */
async function finished(id: string, buyer: string, first: CheckoutAnswer): Promise<void> {
  if (first.pending.length) updateWrite(id, 'ledger', { note: 'The ledger has not confirmed a transfer yet: it is followed until it does.' });
  let answer: CheckoutAnswer;
  try {
    answer = await settlePending(buyer, first);
  } catch (failure) {
    if (failure instanceof LedgerStillPending) return stallWrite(id, () => void runWritePart(id, () => finished(id, buyer, first), 'Failed to check out'));
    throw failure;
  }
  $checkoutOutcome.set({ accountId: buyer, answer });
  // What is still for sale (refused by the ledger, or let go by a race) stays in the cart to try again.
  const done = [...answer.bought, ...answer.pending, ...answer.dropped.filter((line) => line.reason !== 'contended')];
  removeFromCart(
    buyer,
    done.map((line) => line.listingId),
  );
  const settled = answer.transfers.filter((transfer) => transfer.status === 'SUCCESS').map((transfer) => transfer.transactionId);
  for (const transactionId of settled) rememberTransaction(buyer, transactionId);
  refreshAfterTrade(settled[0]);
  for (const transactionId of settled.slice(1)) refreshAfterTrade(transactionId);
  const names = (lines: { nftName: string | null; serialNumber: number | null }[]) => lines.map((line) => line.nftName ?? `#${line.serialNumber}`).join(', ');
  const notBought = [
    ...answer.dropped.map((line) => `${line.nftName ?? line.listingId}: ${dropText(line.reason)}`),
    ...answer.failed.map((line) => `${line.nftName ?? line.listingId}: refused by the ledger (${line.status})`),
  ];
  const settling = answer.pending.length ? ` Still settling on the ledger: ${names(answer.pending)}.` : '';
  if (answer.bought.length) {
    toast({
      title: 'Purchase Successful!',
      description: `${names(answer.bought)} ${answer.bought.length === 1 ? 'is' : 'are'} now in your den.${notBought.length ? ` Not bought, nothing charged: ${notBought.join('; ')}.` : ''}${settling}`,
    });
    updateWrite(id, 'done', { transactionId: settled[0] ?? null });
    return;
  }
  updateWrite(id, 'failed', {
    error: `Nothing was bought${answer.pending.length ? ' yet' : ', and nothing was charged'}. ${notBought.join('; ')}.${settling}`,
    retryable: false,
  });
}

/** Follows a checkout whose allowance approval was left waiting for the ledger (a reload, another page). */
export function resumeCheckouts(buyer: string): void {
  const waiting = pendingCheckout(buyer);
  if (waiting) void startCheckout(buyer, waiting.lines);
}
