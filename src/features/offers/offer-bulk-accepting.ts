/**
 * Accepting several offers at once, settled like a cart: after one NFT approval for all the tigers
 * (waited for once), each acceptance is checked as a single one; then one buyer's sales go together
 * in as few atomic transfers as the ledger's limits allow (cart-rules.ts), each unit claimed with a
 * conditional write before its transfer is submitted, filled only on SUCCESS. A buyer whose funds do
 * not cover all their sales at once, or a unit another claim took, is settled sale by sale instead.
 */
import { randomUUID } from 'node:crypto';
import { DomainError } from '@/lib/domain-error';
import { log } from '@/platform/log';
import { itemOutcome } from '@/features/ledger/errors';
import { packTransfers } from '@/features/paws-market/cart-rules';
import { type BatchSettlement, type Settlement, requireSettlementTime, settlementTimeoutOf, submitClaimed } from '@/features/paws-market/settlement';
import { beforeSettlementReserveMs } from '@/features/paws-market/trade-checks';
import type { OfferClaims } from './offer-claims';
import type { OfferClaim, OfferSale as Sale, PawsOffer } from './offer-rules';
import type { AcceptOfferInput, OfferContext, ReadySale } from './offer-context';

/** Answers of an acceptance that name a sale still settling (its transaction to follow), not a refusal. */
const SETTLING_CODES: readonly string[] = ['SETTLEMENT_UNCONFIRMED', 'OFFER_IN_PROGRESS'];

type Item = { offerId: string; serialNumber: number };

/** What the single acceptance offers the bulk one: its checks, its settlement, and its answers. */
interface Steps {
  check(
    sessionAccountId: string,
    input: AcceptOfferInput,
    approvalSettled: (approvalId: string) => Promise<boolean>,
  ): Promise<{ done: { sale: Sale } } | ReadySale>;
  settleOne(ready: ReadySale): Promise<{ sale: Sale }>;
  lostUnit(offer: PawsOffer, serial: number, sellerId: string): Promise<DomainError>;
  filledResult(ready: ReadySale, claim: OfferClaim): Promise<{ sale: Sale }>;
}

/** Why one item was not sold: a refusal's code and message, and the transaction it names (a sale still settling). */
type Refusal = { code: string; error: string; transactionId?: string | undefined };

const refusalOf = (error: DomainError): Refusal => {
  const transactionId = error.details?.transactionId;
  return { code: error.code, error: error.message, ...(typeof transactionId === 'string' ? { transactionId } : {}) };
};

/** The outcomes of a bulk acceptance, item by item. */
interface Outcomes {
  accepted: Sale[];
  pending: (Item & { transactionId: string })[];
  failed: (Item & { code: string; error: string })[];
}

export function createBulkAccepting(
  { checks, settings, terms, now, funding }: OfferContext,
  { unitClaims }: OfferClaims,
  settlement: Settlement & Partial<BatchSettlement>,
  steps: Steps,
) {
  const settlementTimeoutMs = settlementTimeoutOf(settings);
  const itemOf = ({ offer, serial }: ReadySale): Item => ({ offerId: offer.id, serialNumber: serial });

  /** Answers a refusal (or a sale still settling: pending, to follow) of one item. */
  function refusal(outcomes: Outcomes, item: Item, { code, error, transactionId }: Refusal): void {
    if (SETTLING_CODES.includes(code) && transactionId) outcomes.pending.push({ ...item, transactionId });
    else outcomes.failed.push({ ...item, code, error });
  }

  /** Settles sales one by one (as single acceptances), each outcome answered. */
  async function oneByOne(sales: readonly ReadySale[], outcomes: Outcomes): Promise<void> {
    for (const sale of sales) {
      const result = await itemOutcome(() => steps.settleOne(sale));
      if ('ok' in result) outcomes.accepted.push(result.ok.sale);
      else refusal(outcomes, itemOf(sale), result);
    }
  }

  /** One buyer's sales in one atomic transfer: every unit claimed first, or (a unit lost) those left settled one by one. */
  async function settleTogether(
    buyerId: string,
    sales: readonly ReadySale[],
    outcomes: Outcomes,
    prepareBatch: BatchSettlement['prepareBatch'],
  ): Promise<bigint> {
    const sellerId = sales[0]?.sellerId as string;
    const prepared = await prepareBatch({
      buyerId,
      pawsTokenId: settings.pawsTokenId,
      sales: sales.map(({ offer, serial }) => ({ nftTokenId: settings.nftTokenId, serial, sellerId, amount: BigInt(offer.amountBaseUnits) })),
    });
    const claim: OfferClaim = { claimId: randomUUID(), sellerId, transactionId: prepared.transactionId, claimedAt: new Date(now()).toISOString() };
    const lifecycles = sales.map(({ offer, serial }) => unitClaims(offer, serial));
    const taken = await Promise.allSettled(lifecycles.map((lifecycle) => lifecycle.take(claim)));
    const held = taken.map((outcome) => outcome.status === 'fulfilled' && outcome.value);
    if (held.includes(false)) {
      await Promise.allSettled(lifecycles.filter((_, index) => held[index]).map((lifecycle) => lifecycle.release(claim)));
      const lost = sales.filter((_, index) => !held[index]);
      for (const sale of lost) refusal(outcomes, itemOf(sale), refusalOf(await steps.lostUnit(sale.offer, sale.serial, sellerId)));
      await oneByOne(
        sales.filter((_, index) => held[index]),
        outcomes,
      );
      return 0n;
    }
    const outcome = await submitClaimed(prepared, claim, lifecycles);
    if (outcome.kind === 'refused') {
      for (const sale of sales)
        outcomes.failed.push({
          ...itemOf(sale),
          code: 'SETTLEMENT_REFUSED',
          error: `The ledger refused the settlement (${outcome.status}); nothing was transferred`,
        });
      return 0n;
    }
    for (const [index, sale] of sales.entries()) {
      if (outcome.kind === 'settled' && outcome.recorded[index]) outcomes.accepted.push((await steps.filledResult(sale, claim)).sale);
      else outcomes.pending.push({ ...itemOf(sale), transactionId: claim.transactionId });
    }
    return outcome.kind === 'settled' ? sales.reduce((sum, sale) => sum + sale.due, 0n) : 0n;
  }

  /** One buyer's sales: together in as few transfers as the ledger allows when their funds cover them all, else one by one. */
  async function settleBuyer(buyerId: string, sales: readonly ReadySale[], outcomes: Outcomes): Promise<void> {
    const funds = sales[0]?.funds ?? { available: 0n, allowance: 0n };
    const due = sales.reduce((sum, sale) => sum + sale.due, 0n);
    const prepareBatch = settlement.prepareBatch?.bind(settlement);
    if (sales.length === 1 || !prepareBatch || due > funds.available || due > funds.allowance) return oneByOne(sales, outcomes);
    const timeLeft = await itemOutcome(async () => requireSettlementTime(settlementTimeoutMs, 'sale'));
    if (!('ok' in timeLeft)) {
      for (const sale of sales) refusal(outcomes, itemOf(sale), timeLeft);
      return;
    }
    const { fees } = await terms.read();
    const key = (sale: ReadySale) => `${sale.offer.id}:${sale.serial}`;
    const byKey = new Map(sales.map((sale) => [key(sale), sale]));
    const transfers = packTransfers(
      sales.map((sale) => ({ listingId: key(sale), serial: sale.serial, sellerId: sale.sellerId, price: BigInt(sale.offer.amountBaseUnits) })),
      buyerId,
      fees,
    );
    const spent = await Promise.all(
      transfers.map(async (transfer) => {
        const members = transfer.groups.flatMap((group) => group.sales).map((entry) => byKey.get(entry.listingId) as ReadySale);
        try {
          return await settleTogether(buyerId, members, outcomes, prepareBatch);
        } catch (error) {
          // Failed before the ledger moved anything (its claims put back): its sales are answered refused.
          log.error('A bulk acceptance transfer failed before the ledger moved anything', { error: error instanceof Error ? error.message : String(error) });
          for (const sale of members)
            outcomes.failed.push({ ...itemOf(sale), code: 'NOT_SUBMITTED', error: 'The sale could not be submitted; nothing was transferred' });
          return 0n;
        }
      }),
    );
    const total = spent.reduce((sum, amount) => sum + amount, 0n);
    // The sales spent `total` of the maker's balance and allowance: page views see what is left.
    if (total > 0n) await funding.remember(buyerId, { available: funds.available - total, allowance: funds.allowance - total }, now());
  }

  return {
    /**
     * Everything a bulk acceptance checks, before the owner's wallet is asked for the approval: each
     * item ready (every check passed but the marketplace's approval of the tiger, which the owner
     * gives next) or refused and why (an offer its buyer can no longer pay, filled, not matching…).
     * Nothing is claimed or moved.
     */
    async checkOffers(
      sessionAccountId: string,
      input: { sellerId: string; items: readonly Item[] },
    ): Promise<{ success: true; ready: Item[]; refused: (Item & Refusal)[] }> {
      if (input.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only accept offers for your own tigers');
      const noApproval = () => Promise.reject(new Error('no approval is checked before the owner gives it'));
      const ready: Item[] = [];
      const refused: (Item & Refusal)[] = [];
      await Promise.all(
        input.items.map(async (item) => {
          const result = await itemOutcome(() => steps.check(sessionAccountId, { ...item, sellerId: input.sellerId }, noApproval));
          if ('ok' in result || result.code === 'NFT_ALLOWANCE_MISSING') ready.push(item);
          else refused.push({ ...item, ...result });
        }),
      );
      const bySerial = (a: Item, b: Item) => a.serialNumber - b.serialNumber;
      return { success: true, ready: ready.sort(bySerial), refused: refused.sort(bySerial) };
    },

    /**
     * Sells several of the owner's tigers at once, each to its offer, after one NFT approval for all
     * of them (waited for once): each acceptance checked as acceptOffer checks it, then settled like a
     * cart (one buyer's sales together, in as few atomic transfers as the ledger allows); each
     * outcome answered: accepted, pending (a sale still settling, to follow), or failed.
     */
    async acceptOffers(
      sessionAccountId: string,
      input: { sellerId: string; items: readonly Item[]; approvalTransactionId?: string | undefined },
    ): Promise<{ success: true } & Outcomes> {
      if (input.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only accept offers for your own tigers');
      let approval: Promise<boolean> | undefined;
      const settled = (approvalId: string) => {
        approval ??= checks.nftApprovalSettled(approvalId, input.sellerId, beforeSettlementReserveMs(settlementTimeoutMs), 'owner');
        return approval;
      };
      const outcomes: Outcomes = { accepted: [], pending: [], failed: [] };
      const ready: ReadySale[] = [];
      await Promise.all(
        input.items.map(async (item) => {
          const result = await itemOutcome(
            () => steps.check(sessionAccountId, { ...item, sellerId: input.sellerId, approvalTransactionId: input.approvalTransactionId }, settled),
            // The one approval not confirmed yet: the whole request is asked again once it is.
            { rethrow: ['LEDGER_PENDING'] },
          );
          if (!('ok' in result)) refusal(outcomes, item, result);
          else if ('done' in result.ok) outcomes.accepted.push(result.ok.done.sale);
          else ready.push(result.ok);
        }),
      );
      const byBuyer = new Map<string, ReadySale[]>();
      for (const sale of ready) byBuyer.set(sale.offer.buyerId, [...(byBuyer.get(sale.offer.buyerId) ?? []), sale]);
      await Promise.all([...byBuyer].map(([buyerId, sales]) => settleBuyer(buyerId, sales, outcomes)));
      return { success: true, ...outcomes };
    },
  };
}
