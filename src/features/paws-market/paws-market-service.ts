import { randomUUID } from 'node:crypto';
import { mapConcurrently } from '../../lib/concurrency';
import type { TraitSelection } from '../collection/collection-rules';
import { DomainError } from '../../lib/domain-error';
import { createTtlCache } from '../../server/ttl-cache';
import { formatUnits } from '../balances/units';
import { LedgerError } from '../ledger/errors';
import type { LedgerNft, LedgerReader } from '../ledger/ledger-reader';
import type { ReceiptReader } from '../ledger/ledger-writer';
import { type Settled, awaitSettled, successOnReceiptOnly } from '../ledger/transaction-confirmation';
import { parseTransactionId } from '../ledger/transaction-id';
import { INVALID_PRICE_MESSAGE, type PawsListing, insufficientPawsMessage, isOwnListing, parsePawsPrice, publicListing } from './listing';
import { backsListing } from './listing-backing';
import type { ListingRepo, PendingListing } from './listing-repo';
import type { ActivityRepo } from '../market-stats/activity-repo';
import { DEFAULT_PAWS_SORT, type PawsSortKey, filterListings, listingTraitCounts, sortListings } from './listings-view-rules';
import { type ClaimLifecycle, type Settlement, reconcileClaim, settleClaimed } from './settlement';
import { type TradeTermsReader, assertFeesPayable, createTradeTerms } from './trade-terms';

/** How long a prepared listing waits for the seller's allowance approval. */
export const PENDING_LISTING_TTL_MS = 15 * 60 * 1000;
/** How long the listing health job trusts that a seller can receive PAWS (a buy always checks afresh). */
const SELLER_CHECK_TTL_MS = 5 * 60_000;
/** Sellers whose PAWS association the listing health job reads at once. */
const SELLER_CHECK_CONCURRENCY = 4;
/** The longest a request waits for the user's own transaction to reach consensus (its receipt, else the mirror node's record). */
const CONFIRM_WAIT_MS = 10_000;
/** Kept back from a request's budget for the writes and the answer after the ledger checks. */
export const WRITE_RESERVE_MS = 1_500;
/**
 * Kept back, besides the settlement's own time, by a wait for the user's approval: the checks between
 * the approval showing and the settlement (the tiger, the seller, the buyer's funds; a few ledger and
 * store reads). Without it an approval that showed late in the wait left the settlement short of its
 * time, and the request answered LEDGER_TIMEOUT (seen under load in the offer accept, run i7).
 */
const PRE_SETTLEMENT_CHECKS_MS = 2_000;

/** What a wait for the user's approval keeps back of the request's budget when a settlement follows it: the checks, the settlement, the writes. */
export const beforeSettlementReserveMs = (settlementTimeoutMs: number) => settlementTimeoutMs + WRITE_RESERVE_MS + PRE_SETTLEMENT_CHECKS_MS;
/** What a settlement's submission and receipt may take when the settings do not say (the SDK writer's 10 s, and a margin). */
export const DEFAULT_SETTLEMENT_TIMEOUT_MS = 10_500;

export interface PawsMarketSettings {
  nftTokenId: string;
  pawsTokenId: string;
  marketplaceAccountId: string;
  /** What a settlement (submission and receipt) may take; a buy starts one only with this much of its budget left. */
  settlementTimeoutMs?: number;
}

export interface ListingDisplay {
  nftName: string;
  nftImage: string;
  rarityRank: number | null;
  rarityPct: number | null;
  rarityScore: number | null;
  traits: PawsListing['traits'];
}

export interface PawsMarketDeps {
  store: ListingRepo;
  ledger: LedgerReader;
  settlement: Settlement;
  settings: PawsMarketSettings;
  /** The collection's own name, image and rarity of a serial (never the client's word for it). */
  display: (serial: number) => Promise<ListingDisplay | undefined>;
  /**
   * PAWS (smallest unit) the buyer's allowance must keep for their open offers: a short allowance
   * asks for the price plus this, so approving a purchase does not leave the offers unfunded.
   */
  reservedPaws?: (buyerId: string) => Promise<bigint>;
  /** The activity timeline, where a listing going live and a sale are written once each. */
  activity?: Pick<ActivityRepo, 'listed' | 'sold'>;
  /** PAWS's decimals and the tokens' custom fees (shared with the offers; read from the ledger by default). */
  terms?: TradeTermsReader;
  /** The consensus nodes' receipts: the user's approvals are acted on at consensus, not when the mirror shows them. */
  receipts?: ReceiptReader;
  now?: () => number;
}

type ListingClaim = NonNullable<PawsListing['claim']>;

/**
 * Waits (within the request's budget, keeping `reserveMs` of it) until a transaction the user's
 * wallet executed reached consensus: its receipt from the consensus nodes when `receipts` is given,
 * else (or when no receipt comes) its record on the mirror node. Only the user's own transactions
 * count: one paid by another account is refused.
 */
export async function settledOwnTransactionOn(
  ledger: LedgerReader,
  transactionId: string,
  payer: string,
  reserveMs: number,
  wrongPayer: () => DomainError,
  receipts?: ReceiptReader,
): Promise<Settled> {
  if (parseTransactionId(transactionId)?.payer !== payer) throw wrongPayer();
  return awaitSettled(ledger, transactionId, { maxWaitMs: CONFIRM_WAIT_MS, reserveMs, receipts });
}

/** The PAWS marketplace: listing, unlisting and race-safe, idempotent buying settled on the ledger. */
export function createPawsMarketService({
  store,
  ledger,
  settlement,
  settings,
  display,
  reservedPaws,
  activity,
  terms: givenTerms,
  receipts,
  now = Date.now,
}: PawsMarketDeps) {
  const terms = givenTerms ?? createTradeTerms(ledger, settings);
  const decimals = async () => (await terms.read()).pawsDecimals;
  const settlementTimeoutMs = settings.settlementTimeoutMs ?? DEFAULT_SETTLEMENT_TIMEOUT_MS;

  /** True when the NFT backs the listing: the seller owns it and our marketplace is its spender (or its approval's receipt says so while the mirror catches up). */
  const backs = (nft: LedgerNft | null | undefined, listing: PawsListing) => backsListing(ledger, nft, listing, settings.marketplaceAccountId, now());

  /** True when the listing can still be settled, read afresh (a buy). */
  async function stillBacked(listing: PawsListing): Promise<boolean> {
    return backs(await ledger.getNft(listing.tokenId, listing.serialNumber), listing);
  }

  /** Whether a seller can be paid in PAWS (associated, or with a free automatic association slot). */
  const canBePaid = (sellerId: string) => ledger.canReceiveToken(sellerId, settings.pawsTokenId);
  const sellerPayable = createTtlCache<boolean>(SELLER_CHECK_TTL_MS, { now });

  /**
   * The ids of the listings that can still be bought: their NFTs read by serial range (a page per
   * 100 serials at most) and each seller's PAWS association (kept 5 min), never one read per listing.
   */
  async function healthyIds(listings: readonly PawsListing[]): Promise<Set<string>> {
    const nfts = await ledger.getNftsBySerial(
      settings.nftTokenId,
      listings.map((listing) => listing.serialNumber),
    );
    const sellers = [...new Set(listings.map((listing) => listing.sellerId))];
    const payable = await mapConcurrently(sellers.length, SELLER_CHECK_CONCURRENCY, (index) => {
      const seller = sellers[index] as string;
      return sellerPayable.get(seller, () => canBePaid(seller));
    });
    const paid = new Set(sellers.filter((_, index) => payable[index]));
    const at = now();
    // Only a listing that went live on its receipt in the last two minutes costs a read or two more.
    const backed = await Promise.all(
      listings.map((listing) => backsListing(ledger, nfts.get(listing.serialNumber), listing, settings.marketplaceAccountId, at)),
    );
    return new Set(listings.filter((listing, index) => backed[index] && paid.has(listing.sellerId)).map((listing) => listing.id));
  }

  const settledOwnTransaction = (transactionId: string, payer: string, reserveMs: number, wrongPayer: () => DomainError) =>
    settledOwnTransactionOn(ledger, transactionId, payer, reserveMs, wrongPayer, receipts);

  /** A listing needs a seller who can receive the buyer's PAWS. */
  async function requirePayable(sellerId: string): Promise<void> {
    if (await canBePaid(sellerId)) return;
    throw new DomainError(
      'SELLER_CANNOT_RECEIVE_PAWS',
      `Your account cannot receive PAWS: associate PAWS (${settings.pawsTokenId}) with it in your wallet before listing, so buyers can pay you`,
    );
  }

  async function retire(listing: PawsListing): Promise<void> {
    if (await store.transition(listing.id, 'active', 'invalid')) await store.releaseLock(listing.tokenId, listing.serialNumber, listing.id);
  }

  /**
   * Records a sale the ledger settled, while `claim` still holds the listing: the sale and its
   * activity first, then the listing as sold, so whoever sees it sold finds its sale too. Each write
   * is conditional and made once; a run cut short between them leaves the listing claimed, and the
   * next run (the reconciler's) finishes it.
   */
  async function finishSale(listing: PawsListing, claim: ListingClaim): Promise<void> {
    const current = await store.getListing(listing.id);
    if (current?.status !== 'claimed' || current.claim?.claimId !== claim.claimId) return;
    const soldAt = new Date(now()).toISOString();
    const sale = { buyerId: claim.buyerId, transactionId: claim.transactionId, soldAt };
    await store.putSale({
      listingId: listing.id,
      tokenId: listing.tokenId,
      serialNumber: listing.serialNumber,
      sellerId: listing.sellerId,
      buyerId: claim.buyerId,
      pawsPrice: listing.pawsPrice,
      transactionId: claim.transactionId,
      soldAt,
    });
    await activity?.sold({
      ...sale,
      listingId: listing.id,
      sellerId: listing.sellerId,
      tokenId: listing.tokenId,
      serialNumber: listing.serialNumber,
      nftName: listing.nftName,
      pawsPrice: listing.pawsPrice,
    });
    if (await store.transition(listing.id, 'claimed', 'sold', { sale }, claim.claimId))
      await store.releaseLock(listing.tokenId, listing.serialNumber, listing.id);
  }

  /** A listing's claim by a buyer: taken from 'active', released back to it, finished as sold. */
  function listingClaims(listing: PawsListing): ClaimLifecycle<ListingClaim> {
    return {
      take: (claim) => store.transition(listing.id, 'active', 'claimed', { claim }),
      release: async (claim) => {
        await store.transition(listing.id, 'claimed', 'active', { claim: null }, claim.claimId);
      },
      finish: (claim) => finishSale(listing, claim),
    };
  }

  /** Settles a claim whose outcome was never recorded from what the ledger says of its transaction (reconcileClaim); true when settled. */
  async function settleClaim(listing: PawsListing): Promise<boolean> {
    const claim = listing.claim;
    return listing.status === 'claimed' && !!claim && reconcileClaim(ledger, claim, listingClaims(listing), now());
  }

  /** The listing after settling its unrecorded claim, if the ledger tells how it ended. */
  async function reconcile(listing: PawsListing): Promise<PawsListing> {
    if (!(await settleClaim(listing))) return listing;
    return (await store.getListing(listing.id)) ?? listing;
  }

  /**
   * Writes the one active listing of a pending one once the ledger shows the seller owning the tiger
   * with the marketplace approved for it, and drops the pending one; `approvalTransactionId` is the
   * seller's approval when known (null when the reconciler finds the allowance on the ledger).
   * `approval`: how the approval settled; its SUCCESS receipt stands for it until the mirror node shows it.
   */
  async function activate(pending: PendingListing, approvalTransactionId: string | null, approval?: Settled): Promise<PawsListing> {
    // Whether the mirror shows the approval is read first: the tiger read after it then shows what the approval made.
    const approvedByReceipt = !!approvalTransactionId && !!approval && (await successOnReceiptOnly(ledger, approvalTransactionId, approval));
    const nft = await ledger.getNft(pending.tokenId, pending.serialNumber);
    if (!nft || nft.owner !== pending.sellerId)
      throw new DomainError('NOT_TIGER_OWNER', `Wild Tiger #${pending.serialNumber} is not owned by ${pending.sellerId}`);
    if (nft.spender !== settings.marketplaceAccountId && !approvedByReceipt) {
      throw new DomainError(
        'NFT_ALLOWANCE_MISSING',
        'The marketplace is not approved for this tiger yet; approve the NFT allowance in your wallet and try again',
      );
    }
    await requirePayable(pending.sellerId);
    const stamp = new Date(now()).toISOString();
    const listing: PawsListing = {
      ...pending,
      status: 'active',
      createdAt: stamp,
      updatedAt: stamp,
      approvalTransactionId,
      claim: null,
      sale: null,
    };
    delete (listing as Partial<PendingListing>).expiresAt;
    delete (listing as Partial<PendingListing>).marketplaceAccountId;
    if (!(await store.takeLock(listing.tokenId, listing.serialNumber, listing.id))) {
      const holder = await store.lockHolder(listing.tokenId, listing.serialNumber);
      const held = holder ? await store.getListing(holder) : undefined;
      const alive = held && (held.status === 'active' || held.status === 'claimed');
      if (alive || !holder || !(await store.replaceLock(listing.tokenId, listing.serialNumber, holder, listing.id))) {
        throw new DomainError('ALREADY_LISTED', 'This tiger is already listed');
      }
    }
    await store.putListing(listing);
    await activity?.listed(listing);
    await store.deletePending(pending.id);
    return listing;
  }

  function purchaseResult(listing: PawsListing) {
    return { success: true, transactionId: listing.sale?.transactionId, listing: publicListing(listing) };
  }

  return {
    /**
     * The listing health job: checks every active listing on the ledger (healthyIds: its tiger still
     * the seller's with the marketplace approved, the seller payable) and takes down those that can
     * no longer be bought. A run costs a mirror page per 100 serials the listings span (34 at most)
     * and a read per seller not read in 5 minutes, whatever the page views.
     */
    async checkListings(): Promise<{ checked: number; retired: number }> {
      const active = await store.activeListings();
      const healthy = await healthyIds(active);
      const unhealthy = active.filter((listing) => !healthy.has(listing.id));
      await Promise.all(unhealthy.map(retire));
      return { checked: active.length, retired: unhealthy.length };
    },

    /** Active listings (as the listing health job last found them, never read from the ledger here), filtered by traits and sorted (newest first by default), one page with the trait counts. */
    async listActive(page: number, limit: number, browse: { sort?: PawsSortKey; traits?: TraitSelection } = {}) {
      // Read from the store alone: the listing health job takes down what can no longer be bought, and a buy checks afresh.
      const buyable = await store.activeListings();
      const traits = browse.traits ?? {};
      const listings = sortListings(filterListings(buyable, traits), browse.sort ?? DEFAULT_PAWS_SORT);
      const start = (page - 1) * limit;
      return {
        listings: listings.slice(start, start + limit).map(publicListing),
        total: listings.length,
        page,
        limit,
        /** Every listing's count before the trait filter, and each trait value's count given the other filters. */
        allTotal: buyable.length,
        traitCounts: listingTraitCounts(buyable, traits),
      };
    },

    /** A seller's active listings. */
    async sellerListings(sellerId: string) {
      const listings = await store.sellerListings(sellerId);
      return { listings: listings.filter((listing) => listing.status === 'active' || listing.status === 'claimed').map(publicListing) };
    },

    /** Checks the seller, the serial and the price, and returns the pending listing to approve. */
    async prepareListing(sessionAccountId: string, input: { sellerId: string; tokenId: string; serialNumber: number; pawsPrice: string }) {
      if (input.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only list tigers from your own account');
      if (input.tokenId !== settings.nftTokenId) throw new DomainError('WRONG_TOKEN', `Only Wild Tigers (${settings.nftTokenId}) can be listed`);
      const tokenDecimals = await decimals();
      const parsed = parsePawsPrice(input.pawsPrice, tokenDecimals);
      if ('problem' in parsed) throw new DomainError('INVALID_PRICE', INVALID_PRICE_MESSAGE, { reason: `The price must be ${parsed.problem}` });
      const price = parsed.units;
      const nft = await ledger.getNft(input.tokenId, input.serialNumber);
      if (!nft || nft.deleted) throw new DomainError('TIGER_NOT_FOUND', `Wild Tiger #${input.serialNumber} does not exist`);
      if (nft.owner !== input.sellerId) throw new DomainError('NOT_TIGER_OWNER', `Wild Tiger #${input.serialNumber} is not owned by ${input.sellerId}`);
      await requirePayable(input.sellerId);
      // The buyer is not known yet: the check is for any buyer who pays no fee of its own.
      await assertFeesPayable(
        ledger,
        (await terms.read()).fees,
        { price, seller: input.sellerId, buyer: settings.marketplaceAccountId },
        { what: 'any sale of this tiger', outcome: 'Nothing was listed.' },
      );
      const holder = await store.lockHolder(input.tokenId, input.serialNumber);
      if (holder && (await store.getListing(holder))?.status === 'active') throw new DomainError('ALREADY_LISTED', 'This tiger is already listed');
      const shown = await display(input.serialNumber);
      const pending: PendingListing = {
        id: randomUUID(),
        sellerId: input.sellerId,
        tokenId: input.tokenId,
        serialNumber: input.serialNumber,
        nftName: shown?.nftName ?? `Wild Tiger #${input.serialNumber}`,
        nftImage: shown?.nftImage ?? '',
        pawsPrice: formatUnits(price, tokenDecimals),
        priceBaseUnits: price.toString(),
        rarityRank: shown?.rarityRank ?? null,
        rarityPct: shown?.rarityPct ?? null,
        rarityScore: shown?.rarityScore ?? null,
        traits: shown?.traits ?? [],
        marketplaceAccountId: settings.marketplaceAccountId,
        expiresAt: new Date(now() + PENDING_LISTING_TTL_MS).toISOString(),
      };
      await store.putPending(pending);
      return { success: true, marketplaceAccountId: settings.marketplaceAccountId, pendingListing: pending };
    },

    /**
     * After the seller's approval: waits until it reached consensus (its receipt, else the mirror
     * node), checks the tiger (the approval's receipt stands for the allowance until the mirror shows
     * it) and writes the one active listing. Asking again for a completed listing (a retry, a late
     * wallet answer) returns it.
     */
    async completeListing(sessionAccountId: string, input: { pendingListingId: string; approvalTransactionId: string }) {
      const pending = await store.getPending(input.pendingListingId, now());
      if (!pending) {
        const done = await store.getListing(input.pendingListingId);
        // Listed by this approval, or by the reconciler from the allowance on the ledger (no approval id).
        const same = done?.approvalTransactionId === input.approvalTransactionId || done?.approvalTransactionId === null;
        if (done && done.sellerId === sessionAccountId && same && done.status === 'active') {
          return { success: true, approvalTransactionId: input.approvalTransactionId, listing: publicListing(done) };
        }
        throw new DomainError('PENDING_LISTING_EXPIRED', 'This listing request expired; start the listing again');
      }
      if (pending.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'This listing belongs to another account');
      const approval = await settledOwnTransaction(
        input.approvalTransactionId,
        pending.sellerId,
        WRITE_RESERVE_MS,
        () => new DomainError('NFT_ALLOWANCE_MISSING', 'This approval transaction was not paid by the seller; approve the NFT allowance from your own wallet'),
      );
      if (approval.state === 'failed') {
        throw new DomainError('TRANSACTION_FAILED', `NFT allowance approval failed on the ledger (${approval.result}); approve it again`, {
          transactionId: input.approvalTransactionId,
          result: approval.result,
        });
      }
      if (approval.state === 'expired') {
        throw new DomainError('NFT_ALLOWANCE_MISSING', 'The NFT allowance approval never reached the ledger; approve it again in your wallet');
      }
      const listing = await activate(pending, input.approvalTransactionId, approval);
      return { success: true, approvalTransactionId: input.approvalTransactionId, listing: publicListing(listing) };
    },

    /** Settles a listing's claim left unconfirmed (the reconciler), exactly as the next buy would; true when settled. */
    reconcileClaimed: settleClaim,

    /**
     * A pending listing whose seller's completion never came, past its expiry (the reconciler):
     * listed when the ledger shows what completing checks (the seller owns the tiger, the marketplace
     * is approved for it, the seller can be paid), dropped when it does not. A ledger that cannot be
     * read leaves it for the next run.
     */
    async settleExpiredPending(pending: PendingListing): Promise<'listed' | 'dropped'> {
      try {
        await activate(pending, null);
        return 'listed';
      } catch (error) {
        if (!(error instanceof DomainError) || error instanceof LedgerError) throw error;
        await store.deletePending(pending.id);
        return 'dropped';
      }
    },

    /** Removes the seller's own active listing. */
    async unlist(sessionAccountId: string, listingId: string) {
      const listing = await store.getListing(listingId);
      if (!listing) throw new DomainError('LISTING_NOT_FOUND', 'Listing not found');
      if (listing.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only unlist your own tigers');
      if (listing.status !== 'active' && listing.status !== 'invalid')
        throw new DomainError('LISTING_NOT_REMOVABLE', `This listing is ${listing.status} and cannot be removed`);
      if (!(await store.transition(listing.id, listing.status, 'removed')))
        throw new DomainError('LISTING_CHANGED', 'This listing changed; refresh and try again');
      await store.releaseLock(listing.tokenId, listing.serialNumber, listing.id);
      return { success: true, message: 'Listing removed. Revoke the marketplace allowance in your wallet to finish.' };
    },

    /**
     * Buys a listing for the signed-in buyer: checks the listing on the ledger, the buyer's PAWS
     * allowance and balance, claims it with a conditional write (so racing buyers cannot both pay),
     * settles atomically, and marks it sold only on SUCCESS. Repeating a finished purchase returns it.
     */
    async buy(sessionAccountId: string, input: { listingId: string; buyerId: string; allowanceTransactionId?: string | undefined }) {
      if (input.buyerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only buy for your own account');
      let listing = await store.getListing(input.listingId);
      if (!listing) throw new DomainError('LISTING_NOT_FOUND', 'Listing not found');
      if (isOwnListing(listing, input.buyerId)) throw new DomainError('OWN_LISTING', 'You cannot buy your own NFT');
      if (listing.status === 'claimed') listing = await reconcile(listing);
      if (listing.status === 'sold' && listing.sale?.buyerId === input.buyerId) return purchaseResult(listing);
      if (listing.status === 'claimed') {
        if (listing.claim?.buyerId === input.buyerId) {
          throw new DomainError('PURCHASE_IN_PROGRESS', 'Your purchase of this tiger is being settled', { transactionId: listing.claim.transactionId });
        }
        throw new DomainError('PURCHASE_IN_PROGRESS', 'Another buyer is purchasing this tiger');
      }
      if (listing.status !== 'active') throw new DomainError('LISTING_UNAVAILABLE', 'This NFT is not currently listed for sale');
      // The buyer's approval, confirmed by its receipt while the mirror does not show it yet.
      let approvedByReceipt = false;
      if (input.allowanceTransactionId) {
        // The buyer just approved the price in the wallet: it must reach consensus before the allowance counts.
        const approval = await settledOwnTransaction(
          input.allowanceTransactionId,
          input.buyerId,
          beforeSettlementReserveMs(settlementTimeoutMs),
          () => new DomainError('INVALID_REQUEST', 'allowanceTransactionId must be a transaction paid by the buyer'),
        );
        if (approval.state === 'failed') {
          throw new DomainError('TRANSACTION_FAILED', `Token allowance approval failed: the ledger answered ${approval.result}`, {
            transactionId: input.allowanceTransactionId,
            result: approval.result,
          });
        }
        approvedByReceipt = await successOnReceiptOnly(ledger, input.allowanceTransactionId, approval);
      }
      if (!(await stillBacked(listing))) {
        await retire(listing);
        throw new DomainError('LISTING_UNAVAILABLE', 'This listing is no longer available: the tiger moved or its marketplace approval was revoked');
      }
      if (!(await canBePaid(listing.sellerId))) {
        await retire(listing);
        throw new DomainError('LISTING_UNAVAILABLE', 'This listing is no longer available: its seller can no longer receive PAWS');
      }
      const price = BigInt(listing.priceBaseUnits);
      const { pawsDecimals: tokenDecimals, fees } = await terms.read();
      const sale = { price, seller: listing.sellerId, buyer: input.buyerId };
      // A PAWS fee on the buyer (net of transfers, or fixed in PAWS) is debited with the price, from the same allowance.
      const due = (await assertFeesPayable(ledger, fees, sale, { what: 'this purchase', outcome: 'Nothing was charged.' })).buyerPays;
      const [allowance, balance, reserved] = await Promise.all([
        ledger.getTokenAllowance(input.buyerId, settings.pawsTokenId, settings.marketplaceAccountId),
        ledger.getTokenBalance(input.buyerId, settings.pawsTokenId),
        reservedPaws?.(input.buyerId) ?? 0n,
      ]);
      const available = balance.associated ? balance.balance : 0n;
      if (available < due) {
        throw new DomainError(
          'PAWS_BALANCE_LOW',
          insufficientPawsMessage(Number(formatUnits(due, tokenDecimals)), Number(formatUnits(available, tokenDecimals))),
        );
      }
      // An approval known by its receipt alone is checked by the settlement itself: an approved
      // transfer beyond the allowance is refused at consensus, and nothing moves.
      if (allowance < due && !approvedByReceipt) {
        throw new DomainError('PAWS_ALLOWANCE_LOW', 'Insufficient PAWS token allowance', {
          tokenId: settings.pawsTokenId,
          spenderAccountId: settings.marketplaceAccountId,
          amount: formatUnits(due + reserved, tokenDecimals),
          currentAllowance: formatUnits(allowance, tokenDecimals),
        });
      }
      const buyerId = input.buyerId;
      await settleClaimed(
        settlement,
        { nftTokenId: listing.tokenId, serial: listing.serialNumber, sellerId: listing.sellerId, buyerId, pawsTokenId: settings.pawsTokenId, amount: price },
        listingClaims(listing),
        {
          claim: (transactionId) => ({ claimId: randomUUID(), buyerId, transactionId, claimedAt: new Date(now()).toISOString() }),
          lost: () => new DomainError('PURCHASE_IN_PROGRESS', 'Another buyer is purchasing this tiger'),
          settlementTimeoutMs,
          reserveMs: WRITE_RESERVE_MS,
          noun: 'purchase',
        },
      );
      return purchaseResult((await store.getListing(listing.id)) ?? listing);
    },
  };
}

export type PawsMarketService = ReturnType<typeof createPawsMarketService>;
