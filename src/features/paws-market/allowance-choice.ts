/**
 * The holder's say before a PAWS purchase (one tiger or a cart) asks the wallet for an allowance:
 * when paying would leave some of their open offers unfunded, the write asks them (nothing chosen
 * for them) whether to allow the top-up that keeps them funded, to let them lapse, or to stop.
 */
import { askWrite } from '@/features/writes/write-progress';
import { type AllowanceAsk, LAPSE_CHOICES, allowanceAskText, lapseQuestion } from './allowance-ask';

/** What the purchase does next: stop, ask the server again (the offers let lapse, nothing to approve), or have the wallet approve `amount`. */
export type AllowanceDecision =
  | { kind: 'cancel' }
  | { kind: 'again'; lapseOffers: string[] }
  | { kind: 'approve'; amount: string; lapseOffers: string[]; note: string };

/**
 * Decides, with the holder where their offers are at stake, what a PAWS_ALLOWANCE_LOW answer
 * (`ask`) leads to for the purchase of `what` ('this tiger', 'this cart') by write `writeId`,
 * `lapseOffers` being the offers the holder already let lapse.
 */
export async function decideAllowance(writeId: string, ask: AllowanceAsk, what: string, lapseOffers: readonly string[]): Promise<AllowanceDecision> {
  const approve = (amount: string, lapse: readonly string[]): AllowanceDecision => ({
    kind: 'approve',
    amount,
    lapseOffers: [...lapse],
    // What the approval keeps besides the purchase: the offers not let lapse, and purchases being settled.
    note: allowanceAskText(amount, ask.due, String(Math.max(0, Number(amount) - Number(ask.due))), what),
  });
  if (!ask.lapsing.length) return approve(ask.amount, lapseOffers);
  const choice = await askWrite(writeId, lapseQuestion(ask, what));
  if (choice === LAPSE_CHOICES.cancel) return { kind: 'cancel' };
  if (choice === LAPSE_CHOICES.topUp) return approve(ask.amount, lapseOffers);
  const lapse = [...lapseOffers, ...ask.lapsing.map((offer) => offer.offerId)];
  return Number(ask.amountIfLapse ?? 0) > 0 ? approve(ask.amountIfLapse as string, lapse) : { kind: 'again', lapseOffers: lapse };
}
