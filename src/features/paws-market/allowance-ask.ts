/**
 * What a PAWS trade asks of the holder's allowance, in words, before the wallet opens (issue 55
 * item 3): the approval and why ('this tiger 38 + your open offers 65'), the offers a purchase
 * would leave unfunded and the holder's choice about them, and what a purchase paid from the
 * allowance as it stood spent of it. Pure: the writes and dialogs show it.
 */
import { formatPaws } from '@/lib/format';
import type { WriteQuestion } from '@/features/writes/write-store';
import type { AllowanceSpent } from './allowance-budget';
import type { PurchaseFunding } from './paws-client';

/** A PAWS_ALLOWANCE_LOW answer as the browser reads it (whole PAWS, decimal strings). */
export interface AllowanceAsk {
  /** The approval that pays the trade and keeps every open offer funded. */
  amount: string;
  /** What the trade itself draws. */
  due: string;
  /** What the holder's open offers and purchases being settled keep besides it. */
  offersKeep: string;
  currentAllowance: string;
  /** Offers the purchase would leave unfunded without `amount`. */
  lapsing: { offerId: string; label: string }[];
  /** With them let lapse: the approval the purchase still needs ('0': none). */
  amountIfLapse: string | null;
}

const text = (value: unknown, fallback = '0') => (typeof value === 'string' || typeof value === 'number' ? String(value) : fallback);

/** Reads a PAWS_ALLOWANCE_LOW answer's body; `fallback` is the trade's own amount when the answer names none. */
export function allowanceAskOf(body: Record<string, unknown>, fallback: string): AllowanceAsk {
  const lapsing = Array.isArray(body.lapsing)
    ? body.lapsing.filter((entry): entry is { offerId: string; label: string } => typeof entry?.offerId === 'string' && typeof entry?.label === 'string')
    : [];
  return {
    amount: text(body.amount, fallback),
    due: text(body.due, fallback),
    offersKeep: text(body.offersKeep),
    currentAllowance: text(body.currentAllowance),
    lapsing,
    amountIfLapse: body.amountIfLapse === undefined || body.amountIfLapse === null ? null : text(body.amountIfLapse),
  };
}

/**
 * What the wallet will be asked and why, before it opens: 'Your wallet will ask to allow the
 * marketplace 103 PAWS: this tiger 38 + your open offers 65.' (`what`: 'this tiger', 'this cart',
 * 'this offer'), or '… 33 PAWS for this tiger.' when nothing else is kept.
 */
export function allowanceAskText(amount: string, due: string, offersKeep: string, what: string): string {
  const ask = `Your wallet will ask to allow the marketplace ${formatPaws(amount)} PAWS`;
  return Number(offersKeep) > 0 ? `${ask}: ${what} ${formatPaws(due)} + your open offers ${formatPaws(offersKeep)}.` : `${ask} for ${what}.`;
}

/** The answers of the question a purchase asks when it would leave offers unfunded. */
export const LAPSE_CHOICES = { topUp: 'top-up', lapse: 'lapse', cancel: 'cancel' } as const;

/** The question a purchase asks (none chosen for the holder) when it would leave some of their open offers unfunded. */
export function lapseQuestion(ask: AllowanceAsk, what: string): WriteQuestion {
  const count = ask.lapsing.length;
  const them = count === 1 ? 'it' : 'them';
  const lapseLabel =
    ask.amountIfLapse === null || Number(ask.amountIfLapse) === 0
      ? `Pay from my allowance and let ${them} lapse`
      : `Allow ${formatPaws(ask.amountIfLapse)} PAWS for ${what} only and let ${them} lapse`;
  return {
    text: `Paying for ${what} from your PAWS allowance would leave ${count === 1 ? 'one of your open offers' : `${count} of your open offers`} unfunded: nobody could accept ${them}.`,
    details: [
      ...ask.lapsing.map((offer) => offer.label),
      `Your allowance is ${formatPaws(ask.currentAllowance)} PAWS; ${what} takes ${formatPaws(ask.due)} and your open offers keep ${formatPaws(ask.offersKeep)}.`,
    ],
    options: [
      { id: LAPSE_CHOICES.topUp, label: `Allow ${formatPaws(ask.amount)} PAWS and keep ${them} funded` },
      { id: LAPSE_CHOICES.lapse, label: lapseLabel, variant: 'outline' },
      { id: LAPSE_CHOICES.cancel, label: 'Cancel', variant: 'outline' },
    ],
  };
}

/** 'Paid from your PAWS allowance, with no wallet prompt: 65 → 27 PAWS. Your open offers keep 20 PAWS of it.' */
export function spentText(spent: AllowanceSpent): string {
  const keeps = Number(spent.offersKeep) > 0 ? ` Your open offers keep ${formatPaws(spent.offersKeep)} PAWS of it.` : '';
  const lapsed = spent.lapsed.length ? ` Now unfunded, as you chose: ${spent.lapsed.join('; ')}.` : '';
  return `Paid from your PAWS allowance, with no wallet prompt: ${formatPaws(spent.before)} → ${formatPaws(spent.after)} PAWS.${keeps}${lapsed}`;
}

/** Reads the `allowance` an answer carries, when it says the purchase was paid from the allowance as it stood. */
export function allowanceSpentOf(value: unknown): AllowanceSpent | null {
  const spent = value as Partial<AllowanceSpent> | null | undefined;
  if (!spent || typeof spent.before !== 'string' || typeof spent.after !== 'string') return null;
  return { before: spent.before, after: spent.after, offersKeep: text(spent.offersKeep), lapsed: Array.isArray(spent.lapsed) ? spent.lapsed.map(String) : [] };
}

/**
 * What paying for `what` ('this tiger', 'this cart') asks of the buyer's PAWS allowance as last read
 * (the cart's quote): no prompt and what is left after, an approval and why, or the offers the
 * holder will decide about; null funding (nothing left to buy) says so.
 */
export function fundingText(funding: PurchaseFunding | null, what: string): string {
  if (!funding) return `Nothing in ${what} is for sale as it was listed any more: it was sold, unlisted or re-priced.`;
  if (funding.covered) {
    const keeps = Number(funding.offersKeep) > 0 ? `, of which your open offers keep ${formatPaws(funding.offersKeep)}` : '';
    const after = Number(funding.currentAllowance) - Number(funding.due);
    return `Paid from your PAWS allowance to the marketplace (${formatPaws(funding.currentAllowance)} PAWS${keeps}): no wallet prompt. ${formatPaws(after)} PAWS of it are left after.`;
  }
  if (funding.lapsing.length) {
    const offers = funding.lapsing.length === 1 ? 'one of your open offers' : `${funding.lapsing.length} of your open offers`;
    return `Paying from your allowance would leave ${offers} unfunded: when you pay, you choose whether to allow ${formatPaws(funding.amount ?? '0')} PAWS and keep them funded, or let them lapse.`;
  }
  const takes = what === 'this tiger' ? 'as the tiger comes to you' : 'as the tigers come to you';
  return `${allowanceAskText(funding.amount ?? funding.due, funding.due, funding.offersKeep, what)} It takes the PAWS only ${takes}, in one transaction.`;
}
