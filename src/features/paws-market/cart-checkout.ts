/**
 * Checking out a cart of PAWS listings: every listing checked on the ledger, those that sold or
 * changed dropped before anything moves, the rest packed into as few atomic transfers as the
 * ledger's limits allow (cart-rules.ts), each claimed listing by listing with conditional writes
 * before its transfer is submitted, and recorded sold only on SUCCESS. A transfer the ledger refuses
 * moves nothing and puts its listings back; one whose answer is lost keeps its claims for the
 * reconciler, exactly as a single purchase does.
 */
import { randomUUID } from 'node:crypto';
import { log } from '@/platform/log';
import { type CartSale, type DropReason, type PackedTransfer, packTransfers } from './cart-rules';
import { type PawsListing, isOwnListing, publicListing } from './listing';
import { listingsBacked, unpayableSellers } from './listing-backing';
import type { ListingClaim, ListingSales } from './listing-sales';
import type { MarketContext } from './market-context';
import { checkSale } from './sale-check';
import { type BatchSettlement, requireSettlementTime, settlementTimeoutOf, submitClaimed } from './settlement';
import { beforeSettlementReserveMs } from './trade-checks';
import { assertFeesPayable } from './trade-terms';
import { formatUnits } from '@/features/balances/units';
import type { AllowanceSpent, OfferCommitments } from './allowance-budget';
import { type PurchaseFunds, readPurchaseFunds } from './purchase-funds';

/** A listing of the cart as the answer names it. */
export interface CartLine {
  listingId: string;
  serialNumber: number | null;
  nftName: string | null;
  pawsPrice: string | null;
}

export interface CheckoutResult {
  success: true;
  /** Paid from the allowance as it stood: what it was and is, what open offers keep of it, the offers let lapse. */
  allowance?: AllowanceSpent;
  /** Bought by this buyer (now or by an earlier checkout): the tiger is theirs. */
  bought: (CartLine & { transactionId: string })[];
  /** Settling: the transfer's answer did not come yet; the reconciler finishes it from the ledger. */
  pending: (CartLine & { transactionId: string })[];
  /** Left out before anything moved; a tiger its seller listed again at another price names that listing (`relisted`). */
  dropped: (CartLine & { reason: DropReason; relisted?: ReturnType<typeof publicListing> })[];
  /** In a transfer the ledger refused, or that was never submitted (NOT_SUBMITTED): nothing moved, the listing is for sale again. */
  failed: (CartLine & { status: string })[];
  /** Each transfer submitted: its id, its outcome and its tigers. */
  transfers: { transactionId: string; status: string; serials: number[] }[];
}

/** How many rounds a transfer is built again after another buyer claimed some of its listings first (those let go meanwhile are tried again). */
const CLAIM_ROUNDS = 3;

/** A listing as the packing counts it. */
const cartSale = (listing: PawsListing): CartSale => ({
  listingId: listing.id,
  serial: listing.serialNumber,
  sellerId: listing.sellerId,
  price: BigInt(listing.priceBaseUnits),
});

const line = (listing: PawsListing): CartLine => ({
  listingId: listing.id,
  serialNumber: listing.serialNumber,
  nftName: listing.nftName,
  pawsPrice: listing.pawsPrice,
});

/** The cart's checkout over the market's store, ledger and checks, one batch settlement and the listings' claim lifecycle. */
export function createCartCheckout(
  { store, ledger, settings, checks, terms, now, retire }: MarketContext,
  { settlement, sales, commitments }: { settlement: BatchSettlement; sales: ListingSales; commitments?: OfferCommitments | undefined },
) {
  const settlementTimeoutMs = settlementTimeoutOf(settings);

  /**
   * Why a listing no longer for sale was dropped: 'repriced' (with the new listing) when its seller
   * listed the tiger again, at another price, else 'sold' (sold or unlisted).
   */
  async function gone(listing: PawsListing): Promise<CheckoutResult['dropped'][number]> {
    const holder = await store.lockHolder(listing.tokenId, listing.serialNumber);
    const relisted = holder && holder !== listing.id ? await store.getListing(holder) : undefined;
    if (relisted?.status === 'active' && relisted.sellerId === listing.sellerId)
      return { ...line(listing), reason: 'repriced', relisted: publicListing(relisted) };
    return { ...line(listing), reason: 'sold' };
  }

  /** Sorts the cart's listings as they stand (a claim left unconfirmed is settled from the ledger first): buyable, or already an outcome. */
  async function sortOut(buyerId: string, listingIds: readonly string[], result: CheckoutResult): Promise<PawsListing[]> {
    const read = await Promise.all(listingIds.map((id) => store.getListing(id)));
    const buyable: PawsListing[] = [];
    for (const [index, found] of read.entries()) {
      if (!found) {
        result.dropped.push({ listingId: listingIds[index] as string, serialNumber: null, nftName: null, pawsPrice: null, reason: 'not-found' });
        continue;
      }
      const listing = found.status === 'claimed' ? await sales.reconcile(found) : found;
      if (isOwnListing(listing, buyerId)) result.dropped.push({ ...line(listing), reason: 'own' });
      else if (listing.status === 'sold' && listing.sale?.buyerId === buyerId)
        result.bought.push({ ...line(listing), transactionId: listing.sale.transactionId });
      else if (listing.status === 'claimed' && listing.claim?.buyerId === buyerId)
        result.pending.push({ ...line(listing), transactionId: listing.claim.transactionId });
      else if (listing.status === 'claimed') result.dropped.push({ ...line(listing), reason: 'in-progress' });
      else if (listing.status !== 'active') result.dropped.push(await gone(listing));
      else buyable.push(listing);
    }
    return buyable;
  }

  /** The listings `kept` says yes to; the others are taken down and dropped with `reason`. */
  async function keepOnly(listings: PawsListing[], kept: readonly boolean[], reason: DropReason, result: CheckoutResult): Promise<PawsListing[]> {
    const left: PawsListing[] = [];
    for (const [index, listing] of listings.entries()) {
      if (kept[index]) {
        left.push(listing);
        continue;
      }
      await retire(listing);
      result.dropped.push({ ...line(listing), reason });
    }
    return left;
  }

  /**
   * Where a listing another claim took is now: bought by this buyer, this buyer's own purchase
   * settling (another tab, a retry), or dropped; true when it is for sale again (the other claim let
   * it go), to try in the next round.
   */
  async function lostClaim(buyerId: string, listing: PawsListing, result: CheckoutResult): Promise<boolean> {
    const current = (await store.getListing(listing.id)) ?? listing;
    if (current.status === 'active') return true;
    if (current.status === 'sold' && current.sale?.buyerId === buyerId) result.bought.push({ ...line(current), transactionId: current.sale.transactionId });
    else if (current.status === 'claimed' && current.claim?.buyerId === buyerId)
      result.pending.push({ ...line(current), transactionId: current.claim.transactionId });
    else result.dropped.push({ ...line(listing), reason: current.status === 'claimed' ? 'in-progress' : 'sold' });
    return false;
  }

  /** Puts listings back after their transfer was refused or never submitted (each only if `claim` still holds it). */
  async function releaseAll(listings: readonly PawsListing[], claim: ListingClaim): Promise<void> {
    await Promise.allSettled(listings.map((listing) => sales.listingClaims(listing).release(claim)));
  }

  /**
   * Settles one packed transfer: claims its listings; when another claim took some first, keeps
   * those it holds (their claim moved to the transfer built again without the lost ones, never let
   * go, so racing checkouts always make progress), reports each lost one as what it became, and
   * tries again those let go meanwhile (for CLAIM_ROUNDS rounds). Then submits it, and records each
   * listing sold on SUCCESS, or puts them back when the ledger refuses it. Every outcome goes to
   * `result`; a claim is never left behind a transfer that was not submitted.
   */
  async function settleTransfer(buyerId: string, transfer: PackedTransfer, byId: Map<string, PawsListing>, result: CheckoutResult): Promise<void> {
    let cart: CartSale[] = transfer.groups.flatMap((group) => group.sales);
    let previous: { claim: ListingClaim; held: ReadonlySet<string> } | null = null;
    for (let round = 1; ; round += 1) {
      const listings = cart.map((sale) => byId.get(sale.listingId) as PawsListing);
      const prepared = await settlement
        .prepareBatch({
          buyerId,
          pawsTokenId: settings.pawsTokenId,
          sales: cart.map((sale) => ({ nftTokenId: settings.nftTokenId, serial: sale.serial, sellerId: sale.sellerId, amount: sale.price })),
        })
        .catch(async (error: unknown) => {
          if (previous)
            await releaseAll(
              listings.filter((listing) => previous?.held.has(listing.id)),
              previous.claim,
            );
          throw error;
        });
      const claim: ListingClaim = { claimId: randomUUID(), buyerId, transactionId: prepared.transactionId, claimedAt: new Date(now()).toISOString() };
      const kept: { claim: ListingClaim; held: ReadonlySet<string> } | null = previous;
      const taken: PromiseSettledResult<boolean>[] = await Promise.allSettled(
        listings.map(
          (listing): Promise<boolean> =>
            kept?.held.has(listing.id) ? sales.listingClaims(listing).move(kept.claim, claim) : sales.listingClaims(listing).take(claim),
        ),
      );
      const held = listings.filter((_, index) => {
        const outcome = taken[index];
        return outcome?.status === 'fulfilled' && outcome.value;
      });
      const failure = taken.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failure) {
        await releaseAll(held, claim);
        if (kept)
          await releaseAll(
            listings.filter((listing) => kept.held.has(listing.id) && !held.includes(listing)),
            kept.claim,
          );
        throw failure.reason;
      }
      if (held.length < listings.length) {
        const retry = new Set<string>();
        for (const listing of listings.filter((entry) => !held.includes(entry))) {
          if (!(await lostClaim(buyerId, listing, result))) continue;
          if (round < CLAIM_ROUNDS) retry.add(listing.id);
          else result.dropped.push({ ...line(listing), reason: 'contended' });
        }
        const next = new Set(held.map((listing) => listing.id));
        cart = cart.filter((sale) => next.has(sale.listingId) || retry.has(sale.listingId));
        previous = { claim, held: next };
        if (!cart.length) return;
        continue;
      }
      const serials = listings.map((listing) => listing.serialNumber);
      const outcome = await submitClaimed(
        prepared,
        claim,
        listings.map((listing) => sales.listingClaims(listing)),
      );
      const status = outcome.kind === 'unconfirmed' ? 'UNCONFIRMED' : outcome.kind === 'refused' ? outcome.status : 'SUCCESS';
      result.transfers.push({ transactionId: claim.transactionId, status, serials });
      for (const [index, listing] of listings.entries()) {
        if (outcome.kind === 'refused') result.failed.push({ ...line(listing), status });
        else if (outcome.kind === 'settled' && outcome.recorded[index]) result.bought.push({ ...line(listing), transactionId: claim.transactionId });
        else result.pending.push({ ...line(listing), transactionId: claim.transactionId });
      }
      return;
    }
  }

  /** A transfer that failed before the ledger moved anything (its claims put back): its listings not yet answered are reported failed. */
  function notSettled(transfer: PackedTransfer, byId: Map<string, PawsListing>, result: CheckoutResult, error: unknown): void {
    log.error('A checkout transfer failed before the ledger moved anything', { error: error instanceof Error ? error.message : String(error) });
    const answered = new Set([...result.bought, ...result.pending, ...result.dropped, ...result.failed].map((entry) => entry.listingId));
    for (const sale of transfer.groups.flatMap((group) => group.sales)) {
      if (!answered.has(sale.listingId)) result.failed.push({ ...line(byId.get(sale.listingId) as PawsListing), status: 'NOT_SUBMITTED' });
    }
  }

  /**
   * The cart through checkSale's steps: each listing's outcome so far goes to `result` (bought,
   * settling, dropped and why, read afresh from the ledger in bulk); the listings still to buy, what
   * the buyer pays for them with the fees (`due`) and their transfers packed; `funded` judges the
   * buyer's PAWS (never asked when nothing is left to buy).
   */
  async function checkCart<Funded>(
    sessionAccountId: string,
    input: { buyerId: string; listingIds: readonly string[]; allowanceTransactionId?: string | undefined },
    result: CheckoutResult,
    funded: (funds: PurchaseFunds, due: bigint, approvedByReceipt: boolean) => Promise<Funded>,
  ) {
    const { buyerId } = input;
    let transfers: PackedTransfer[] = [];
    const checked = await checkSale<PawsListing[], never, Funded | null>({
      actor: { sessionAccountId, accountId: buyerId, notYours: 'You can only buy for your own account' },
      standing: async () => ({ goods: await sortOut(buyerId, [...new Set(input.listingIds)], result) }),
      approval: input.allowanceTransactionId
        ? () => checks.pawsApprovalSettled(input.allowanceTransactionId as string, buyerId, beforeSettlementReserveMs(settlementTimeoutMs))
        : undefined,
      tigers: async (listings) =>
        keepOnly(
          listings,
          await listingsBacked(ledger, listings, { nftTokenId: settings.nftTokenId, marketplace: settings.marketplaceAccountId, now: now() }),
          'moved',
          result,
        ),
      async sellersPayable(listings) {
        const unpayable = await unpayableSellers(listings, checks.canBePaid);
        return keepOnly(
          listings,
          listings.map((listing) => !unpayable.has(listing.sellerId)),
          'seller',
          result,
        );
      },
      async due(listings) {
        const { fees } = await terms.read();
        const bySeller = new Map<string, bigint>();
        for (const listing of listings) bySeller.set(listing.sellerId, (bySeller.get(listing.sellerId) ?? 0n) + BigInt(listing.priceBaseUnits));
        for (const [seller, price] of bySeller) {
          await assertFeesPayable(ledger, fees, { price, seller, buyer: buyerId }, { what: 'this checkout', outcome: 'Nothing was charged.' });
        }
        transfers = packTransfers(listings.map(cartSale), buyerId, fees);
        return transfers.reduce((sum, transfer) => sum + transfer.buyerPays, 0n);
      },
      funded: async (listings, due, approvedByReceipt) =>
        listings.length ? funded(await readPurchaseFunds(ledger, settings, commitments, buyerId), due, approvedByReceipt) : null,
    });
    if ('done' in checked) return checked.done;
    return { ...checked, transfers };
  }

  const emptyResult = (): CheckoutResult => ({ success: true, bought: [], pending: [], dropped: [], failed: [], transfers: [] });

  return {
    /**
     * The cart as it stands at the moment the buyer pays, before any wallet prompt: each listing
     * still for sale (at its price), or why not (sold or unlisted, relisted at another price with
     * that listing, being bought); what the rest costs with its fees, and what the buyer's allowance
     * would be asked for (its offers kept funded, or named where the purchase would unfund them).
     */
    async quote(sessionAccountId: string, input: { buyerId: string; listingIds: readonly string[]; lapseOffers?: readonly string[] | undefined }) {
      const result = emptyResult();
      const { goods: listings, funded: funding } = await checkCart(sessionAccountId, input, result, async (funds, due) => {
        const { pawsDecimals } = await terms.read();
        const units = (amount: bigint) => formatUnits(amount, pawsDecimals);
        const budget = funds.budget(due, new Set(input.lapseOffers ?? []));
        return {
          due: units(due),
          balance: units(funds.funds.available),
          currentAllowance: units(funds.funds.allowance),
          covered: budget.covered,
          amount: budget.covered ? null : units(budget.ask),
          offersKeep: units(budget.ask - due),
          lapsing: budget.lapsing.map((offer) => ({ offerId: offer.id, label: offer.label })),
          amountIfLapse: budget.lapsing.length ? units(budget.askIfLapse) : null,
        };
      });
      return {
        success: true as const,
        listings: listings.map(publicListing),
        bought: result.bought,
        pending: result.pending,
        dropped: result.dropped,
        funding,
      };
    },

    /**
     * Buys the cart's listings for the signed-in buyer: a listing sold or changed since it was added
     * is dropped and named; the buyer's PAWS (balance and allowance) must cover the rest with their
     * fees and leave their funded offers funded (or let lapse those the buyer named), else nothing
     * moves (PAWS_ALLOWANCE_LOW asks for the total at once); then one atomic transfer per pack, in
     * parallel. Asking again (a lost answer) answers what each listing became.
     */
    async checkout(
      sessionAccountId: string,
      input: { buyerId: string; listingIds: readonly string[]; allowanceTransactionId?: string | undefined; lapseOffers?: readonly string[] | undefined },
    ): Promise<CheckoutResult> {
      const { buyerId } = input;
      const result = emptyResult();
      const checked = await checkCart(sessionAccountId, input, result, async (funds, due, approvedByReceipt) => {
        const { pawsDecimals } = await terms.read();
        return { funds, lapsed: funds.check(checks, { due, letLapse: new Set(input.lapseOffers ?? []), pawsDecimals }, approvedByReceipt) };
      });
      const { goods: listings, transfers, funded, approvedByReceipt } = checked;
      if (!funded) return result;
      const { funds, lapsed } = funded;
      requireSettlementTime(settlementTimeoutMs, 'checkout');
      const { pawsDecimals, fees } = await terms.read();
      const byId = new Map(listings.map((listing) => [listing.id, listing]));
      // Each transfer on its own: one that fails never takes the others' outcomes with it.
      await Promise.all(
        transfers.map((transfer) => settleTransfer(buyerId, transfer, byId, result).catch((error: unknown) => notSettled(transfer, byId, result, error))),
      );
      // What the settled transfers debited (each packed again as it was submitted, a round that lost claims having fewer tigers).
      const bySerial = new Map(listings.map((listing) => [listing.serialNumber, listing]));
      const spent = result.transfers
        .filter((transfer) => transfer.status === 'SUCCESS')
        .map((transfer) => packTransfers(transfer.serials.map((serial) => bySerial.get(serial) as PawsListing).map(cartSale), buyerId, fees))
        .reduce((sum, packed) => sum + packed.reduce((total, transfer) => total + transfer.buyerPays, 0n), 0n);
      // Paid from the allowance as it stood (an approval known by its receipt alone is not read yet): what it was and is now.
      if (spent > 0n && !approvedByReceipt) result.allowance = await funds.spent(spent, lapsed, pawsDecimals);
      return result;
    },
  };
}
