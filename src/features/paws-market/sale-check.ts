/**
 * The one sequence of checks a PAWS sale makes before anything moves: a single buy, a cart's
 * checkout (and its quote), an offer accepted alone or with others. Each kind of sale says how it
 * answers each step (a listing's tiger is checked otherwise than an offer's); checkSale alone says
 * which steps run and in which order, so a check added here reaches every sale at once:
 *
 * 0. the session is the account the sale is for;
 * 1. what is sold, as it stands: a sale this account already made answers `done`; gone, taken or
 *    settling is refused (or, in a cart, dropped and named);
 * 2. the approval the user just gave in the wallet, at consensus;
 * 3. the tigers, still their sellers' (and, for a listing, still approved to the marketplace);
 * 4. the sellers can be paid PAWS;
 * 5. the fees the ledger would assess can be paid; what the buyer pays with them;
 * 6. the buyer's PAWS cover it: balance and allowance, within their one budget;
 * 7. the marketplace may move the tigers, where the seller approves them now (an offer's
 *    acceptance): last, so the wallet is asked only once everything else passed.
 */
import { DomainError } from '@/lib/domain-error';

/** How one kind of sale answers each step; `Goods` is what is sold (a listing, a cart's listings, an offer's unit). */
export interface SaleSteps<Goods, Done, Funded> {
  /** 0. The signed-in account, the account the sale is for, and the refusal when they differ. */
  actor: { sessionAccountId: string; accountId: string; notYours: string };
  /** 1. What is sold as it stands. */
  standing(): Promise<{ done: Done } | { goods: Goods }>;
  /** 2. The user's approval just given, at consensus: true when only its receipt shows it yet. */
  approval?: (() => Promise<boolean>) | undefined;
  /** 3. The tigers still backed; answers what is still sold (a cart drops the others). */
  tigers(goods: Goods, approvedByReceipt: boolean): Promise<Goods>;
  /** 4. The sellers payable in PAWS; answers what is still sold. */
  sellersPayable(goods: Goods): Promise<Goods>;
  /** 5. The fees payable: what the buyer pays, prices and fees on the buyer. */
  due(goods: Goods): Promise<bigint>;
  /** 6. The buyer's PAWS cover `due`. */
  funded(goods: Goods, due: bigint, approvedByReceipt: boolean): Promise<Funded>;
  /** 7. The marketplace approved for the tigers (or the approval known by its receipt). */
  movable?: ((goods: Goods, approvedByReceipt: boolean) => void) | undefined;
}

/** A sale checked: already made (`done`), or ready to settle with what the buyer pays and their funds as read. */
export type CheckedSale<Goods, Done, Funded> = { done: Done } | { goods: Goods; due: bigint; funded: Funded; approvedByReceipt: boolean };

/** Runs a sale's checks in the one order (above); throws the first refusal. */
export async function checkSale<Goods, Done, Funded>(steps: SaleSteps<Goods, Done, Funded>): Promise<CheckedSale<Goods, Done, Funded>> {
  const { sessionAccountId, accountId, notYours } = steps.actor;
  if (accountId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', notYours);
  const standing = await steps.standing();
  if ('done' in standing) return standing;
  const approvedByReceipt = steps.approval ? await steps.approval() : false;
  const backed = await steps.tigers(standing.goods, approvedByReceipt);
  const goods = await steps.sellersPayable(backed);
  const due = await steps.due(goods);
  const funded = await steps.funded(goods, due, approvedByReceipt);
  steps.movable?.(goods, approvedByReceipt);
  return { goods, due, funded, approvedByReceipt };
}
