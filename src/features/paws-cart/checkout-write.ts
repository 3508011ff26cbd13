/**
 * Checking out the cart, as a write of its own: the server checks every listing and the buyer's
 * PAWS; when the allowance is short, the wallet approves the whole cart's total once, and the
 * checkout goes on once that approval reached consensus (followed by its id, also after a reload);
 * the server settles the cart in as few atomic transfers as the ledger allows. A transfer whose
 * answer did not come is followed on the ledger and asked about again. The cart then keeps only
 * what is still to buy, and the person is told what was bought and what was not (never charged).
 */
import { atom } from 'nanostores';
import { errorText } from '@/lib/api/error-text';
import { formatPaws } from '../../lib/format';
import { clearPendingAction, pendingActions, rememberTransaction } from '../ledger/kept-transactions';
import { callWhenSettled, requireLedgerSuccess, waitForLedger } from '../ledger/ledger-wait-client';
import { prepareTokenAllowance, refreshAfterTrade } from '../paws-market/paws-client';
import { runWritePart } from '../paws-market/retry-rules';
import { toast } from '../toast/toast-store';
import { signKept } from '../writes/kept-signature';
import { $writes } from '../writes/write-store';
import { beginWrite, isUnderWay, updateWrite } from '../writes/write-progress';
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
  const approval = await prepareTokenAllowance(buyer, String(answer.body.amount)).catch((failure: unknown) => {
    throw new Error(`Token allowance approval failed: ${errorText(failure, 'unknown error')}`);
  });
  const signed = await signKept(
    { kind: 'cart-checkout', accountId: buyer, transactionId: approval.transactionId, lines: [...lines] },
    approval.transactionBytes,
    'paws-allowance',
    { what: 'Token allowance approval', goesOn: 'the checkout goes on' },
  ).catch((failure: unknown) => {
    throw new Error(`Token allowance approval failed: ${errorText(failure, 'unknown error')}`, { cause: failure });
  });
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
  const outcome = await waitForLedger(approvalId, late?.untilMs);
  if (outcome.state === 'failed' || outcome.state === 'expired') clearPendingAction(approvalId);
  requireLedgerSuccess(outcome, 'Token allowance approval failed');
  const answer = await callWhenSettled(() =>
    checkout(
      buyer,
      lines.map((line) => line.listingId),
      approvalId,
    ),
  );
  clearPendingAction(approvalId);
  if (!answer.ok) throw new Error(String(answer.body.error ?? 'Failed to check out after the allowance approval'));
  await finished(id, buyer, answer.body);
}

/** Follows the transfers whose answer did not come until the ledger shows them, and asks about their listings again. */
async function settlePending(id: string, buyer: string, answer: CheckoutAnswer): Promise<CheckoutAnswer> {
  if (!answer.pending.length) return answer;
  updateWrite(id, 'ledger', { note: 'The ledger has not confirmed a transfer yet: it is followed until it does.' });
  for (const transactionId of new Set(answer.pending.map((line) => line.transactionId))) {
    requireLedgerSuccess(
      await waitForLedger(transactionId, undefined, { mirror: true }),
      'The transfer failed on the ledger: nothing was charged for its tigers',
    );
  }
  const again = await callWhenSettled(() =>
    checkout(
      buyer,
      answer.pending.map((line) => line.listingId),
    ),
  );
  if (!again.ok) throw new Error(String(again.body.error ?? 'Failed to check out'));
  return { ...again.body, transfers: [...answer.transfers, ...again.body.transfers], bought: [...answer.bought, ...again.body.bought] };
}

/** The checkout ended: the cart keeps what is still to buy, the page's data is reloaded, and the person is told what happened. */
async function finished(id: string, buyer: string, first: CheckoutAnswer): Promise<void> {
  const answer = await settlePending(id, buyer, first);
  $checkoutOutcome.set({ accountId: buyer, answer });
  removeFromCart(
    buyer,
    [...answer.bought, ...answer.dropped].map((line) => line.listingId),
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
  if (answer.bought.length) {
    toast({
      title: 'Purchase Successful!',
      description: `${names(answer.bought)} ${answer.bought.length === 1 ? 'is' : 'are'} now in your den.${notBought.length ? ` Not bought, nothing charged: ${notBought.join('; ')}.` : ''}`,
    });
    updateWrite(id, 'done', { transactionId: settled[0] ?? null });
    return;
  }
  updateWrite(id, 'failed', { error: `Nothing was bought, and nothing was charged. ${notBought.join('; ')}.`, retryable: false });
}

/** Follows a checkout whose allowance approval was left waiting for the ledger (a reload, another page). */
export function resumeCheckouts(buyer: string): void {
  const waiting = pendingCheckout(buyer);
  if (waiting) void startCheckout(buyer, waiting.lines);
}
