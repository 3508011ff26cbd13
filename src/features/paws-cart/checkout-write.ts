/**
 * Checking out the cart, as a write of its own. Before any wallet prompt, every line is read afresh
 * (what sold or was unlisted is removed and named, a re-priced tiger is shown old → new, the new
 * total is shown) and the holder confirms again if anything changed; when paying would leave some
 * of their open offers unfunded, they choose what happens. When the allowance is short, the wallet
 * approves the whole cart's total once (saying what it will ask and why), and the checkout goes on
 * once that approval reached consensus (followed by its id, also after a reload); the server settles
 * the cart in as few atomic transfers as the ledger allows. A transfer whose answer did not come is
 * followed on the ledger and asked about again. The cart then keeps only what is still to buy, and
 * the outcome (bought, not bought and why, the total charged) stays in view until dismissed.
 */
import { formatPaws } from '@/lib/format';
import { pendingActions, rememberTransaction } from '@/features/ledger/kept-transactions';
import { LedgerStillPending, callWhenSettled, waitForLedger } from '@/features/ledger/ledger-wait-client';
import { allowanceAskOf, allowanceSpentOf, spentText } from '@/features/paws-market/allowance-ask';
import { decideAllowance } from '@/features/paws-market/allowance-choice';
import { approvePawsSpend } from '@/features/paws-market/paws-allowance-approval';
import { quotePurchase, refreshAfterTrade } from '@/features/paws-market/paws-client';
import { runWrite, runWritePart } from '@/features/writes/run-write';
import { toast } from '@/features/toast/toast-store';
import { afterKept, approvalSettled } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { askWrite, dismissWrite, isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { type CheckoutAnswer, checkout, dropText } from './cart-client';
import { applyCartChanges, cartChanges, changesQuestion } from './cart-recheck';
import { type CartLine, cartTotal, checkoutWriteId, readCart, removeFromCart, replaceCart } from './cart-store';

const CHECKOUT_STEPS = {
  direct: ['Check the cart and your allowance', 'Settle on the ledger'],
  approve: ['Check the cart and your allowance', 'Approve PAWS in your wallet', 'Settle on the ledger'],
} as const;

/** How many times the cart is read again when it changed while the holder confirmed the last changes. */
const RECHECK_ROUNDS = 3;

const FAILED = 'Failed to check out';

const pendingCheckout = (buyer: string) => pendingActions('cart-checkout', buyer)[0];

const title = (lines: readonly CartLine[]) => `Buying ${lines.length} ${lines.length === 1 ? 'tiger' : 'tigers'} for ${formatPaws(cartTotal(lines))} PAWS`;

/** Checks out `lines` for `buyer`; a checkout already under way is left to go on (its approval waiting for the ledger is followed). */
export async function startCheckout(buyer: string, lines: readonly CartLine[]): Promise<void> {
  const id = checkoutWriteId(buyer);
  if (isUnderWay($writes.get()[id])) return;
  const waiting = pendingCheckout(buyer);
  const cart = waiting?.lines ?? lines;
  if (!cart.length) return;
  // The outcome stays in the tray once done when the cart was closed meanwhile.
  await runWrite(
    {
      id,
      accountId: buyer,
      title: title(cart),
      serial: null,
      steps: waiting ? CHECKOUT_STEPS.approve : CHECKOUT_STEPS.direct,
      amount: cartTotal(cart),
      keepDone: true,
    },
    { run: () => run(id, buyer, cart), fallback: FAILED },
  );
}

/**
 * Reads the cart afresh before the holder pays: the cart keeps what is still for sale (a re-priced
 * tiger at its new listing), and the holder confirms again when anything changed. The lines to pay
 * for, or null when the holder went back to the cart (or nothing is left to buy).
 */
async function recheck(id: string, buyer: string, lines: readonly CartLine[]) {
  let current = [...lines];
  for (let round = 1; ; round += 1) {
    const quote = await quotePurchase(
      buyer,
      current.map((line) => line.listingId),
    );
    const changes = cartChanges(current, quote);
    if (!changes.changed) return { lines: current, quote };
    // The cart as it stands now: sold and unlisted lines out, re-priced ones at their new listing.
    replaceCart(buyer, applyCartChanges(readCart(buyer), changes));
    current = changes.lines;
    updateWrite(id, 'prepare', { title: title(current), amount: cartTotal(current) });
    if (!current.length) {
      updateWrite(id, 'failed', { error: `Nothing was bought, and nothing was charged: ${changes.details.join('; ')}.`, retryable: false });
      return null;
    }
    if (round > RECHECK_ROUNDS) throw new Error('The cart kept changing while you confirmed it; nothing was charged. Check out again.');
    const answer = await askWrite(id, changesQuestion(changes, current));
    if (answer !== 'pay') {
      dismissWrite(id);
      return null;
    }
    updateWrite(id, 'prepare');
  }
}

/** The checkout from its start, or from its approval when one waits for the ledger ('Check again' reruns this: never a second approval). */
async function run(id: string, buyer: string, lines: readonly CartLine[], lapseOffers: readonly string[] = []): Promise<void> {
  const waiting = pendingCheckout(buyer);
  if (waiting) return afterApproval(id, buyer, waiting.lines, waiting.transactionId, null, waiting.lapseOffers ?? []);
  const checked = lapseOffers.length ? { lines } : await recheck(id, buyer, lines);
  if (!checked) return;
  const cart = checked.lines;
  const ids = cart.map((line) => line.listingId);
  const answer = await callWhenSettled(() => checkout(buyer, ids, undefined, lapseOffers));
  if (answer.ok) return followSettling(id, buyer, answer.body);
  if (answer.body.code !== 'PAWS_ALLOWANCE_LOW') throw new Error(String(answer.body.error ?? 'Failed to check out'));
  const decision = await decideAllowance(id, allowanceAskOf(answer.body, cartTotal(cart)), 'this cart', lapseOffers);
  if (decision.kind === 'cancel') return dismissWrite(id);
  if (decision.kind === 'again') {
    updateWrite(id, 'prepare');
    return run(id, buyer, cart, decision.lapseOffers);
  }
  updateWrite(id, 'wallet', { steps: CHECKOUT_STEPS.approve, note: decision.note });
  const signed = await approvePawsSpend(
    buyer,
    decision.amount,
    (transactionId) => ({
      kind: 'cart-checkout',
      accountId: buyer,
      transactionId,
      lines: [...cart],
      ...(decision.lapseOffers.length ? { lapseOffers: decision.lapseOffers } : {}),
    }),
    'the checkout goes on',
  );
  await afterApproval(id, buyer, cart, signed.transactionId, signed.late, decision.lapseOffers);
}

/** After the allowance approval: waits for it on the ledger, then checks out (the server checks it again). */
async function afterApproval(
  id: string,
  buyer: string,
  lines: readonly CartLine[],
  approvalId: string,
  late: { note: string; untilMs: number } | null,
  lapseOffers: readonly string[],
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
        lapseOffers,
      ),
    ),
  );
  if (!answer.ok) throw new Error(String(answer.body.error ?? 'Failed to check out after the allowance approval'));
  await followSettling(id, buyer, answer.body);
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
    ...rest,
    bought: [...rest.bought, ...again.body.bought],
    pending: again.body.pending,
    dropped: [...rest.dropped, ...again.body.dropped],
    failed: [...rest.failed, ...again.body.failed],
    transfers: [...rest.transfers, ...again.body.transfers],
  };
}

const nameOf = (line: { nftName: string | null; serialNumber: number | null; listingId: string }) =>
  line.nftName ?? (line.serialNumber !== null ? `Wild Tiger #${line.serialNumber}` : line.listingId);

/** What a checkout did, in words: bought (for how much in all), still settling, not bought and why (never charged), and what it spent of the allowance. */
export function checkoutOutcomeText(answer: CheckoutAnswer): string {
  const charged = answer.bought.reduce((sum, line) => sum + Number(line.pawsPrice ?? 0), 0);
  const parts = [
    answer.bought.length ? `Bought ${answer.bought.map(nameOf).join(', ')} for ${formatPaws(charged)} PAWS in all.` : 'Nothing was bought.',
    answer.pending.length ? `Still settling on the ledger: ${answer.pending.map(nameOf).join(', ')}.` : '',
    ...answer.dropped.map((line) => `Not bought, nothing charged: ${nameOf(line)}, ${dropText(line.reason)}.`),
    ...answer.failed.map((line) => `Not bought, nothing charged: ${nameOf(line)}, refused by the ledger (${line.status}).`),
  ];
  const spent = allowanceSpentOf(answer.allowance);
  return [...parts, spent ? spentText(spent) : ''].filter(Boolean).join(' ');
}

/** The checkout answered: finished as a part of its own, so that 'Check again' after a long wait follows only the transfers (never buys again). */
const followSettling = (id: string, buyer: string, first: CheckoutAnswer) => runWritePart(id, { run: () => finished(id, buyer, first), fallback: FAILED });

/**
 * The checkout answered: transfers still settling are followed first ('Check again' after a long
 * wait follows only them, never buying again); then the cart keeps what is still to buy, the page's
 * data is reloaded, and the outcome stays in view (the cart, or the tray) until dismissed.
 */
async function finished(id: string, buyer: string, first: CheckoutAnswer): Promise<void> {
  if (first.pending.length) updateWrite(id, 'ledger', { note: 'The ledger has not confirmed a transfer yet: it is followed until it does.' });
  const answer = await settlePending(buyer, first);
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
  const outcome = checkoutOutcomeText(answer);
  if (answer.bought.length) {
    toast({ title: 'Purchase Successful!', description: outcome });
    updateWrite(id, 'done', { transactionId: settled[0] ?? null, outcome });
    return;
  }
  updateWrite(id, 'failed', { error: `${outcome}${answer.pending.length ? '' : ' Nothing was charged.'}`, retryable: false });
}

/** Follows a checkout whose allowance approval was left waiting for the ledger (a reload, another page). */
export function resumeCheckouts(buyer: string): void {
  const waiting = pendingCheckout(buyer);
  if (waiting) void startCheckout(buyer, waiting.lines);
}
