import { randomUUID } from 'node:crypto';
import { DomainError } from '@/lib/domain-error';
import { formatUnits } from '@/features/balances/units';
import type { LedgerNft } from '@/features/ledger/ledger-reader-port';
import type { ActivityRepo } from '@/features/market-stats/activity-repo';
import { type ListingDisplay, type PawsListing, publicListing } from './listing';
import type { PendingListing } from './listing-repo';
import type { MarketContext } from './market-context';

/**
 * What activating a listing reads of the ledger after its approval settled: the tiger (which the
 * seller must hold) and whether the seller can be paid; a bulk completion reads them once for many.
 */
export interface ActivationReads {
  tiger(serial: number, sellerId: string): Promise<LedgerNft>;
  sellerPayable(sellerId: string): Promise<void>;
}

/** How long a prepared listing waits for the seller's allowance approval. */
export const PENDING_LISTING_TTL_MS = 15 * 60 * 1000;

/**
 * A listing's way from pending to live, for one tiger or many: the pending listing with the
 * collection's own name, image and rarity, and its activation once the seller's approval settled.
 */
export function createListingActivation(
  { store, settings, checks, now }: Pick<MarketContext, 'store' | 'settings' | 'checks' | 'now'>,
  { display, activity }: { display: (serial: number) => Promise<ListingDisplay | undefined>; activity?: Pick<ActivityRepo, 'listed'> | undefined },
) {
  const singleReads: ActivationReads = {
    tiger: checks.ownedTiger,
    sellerPayable: (sellerId) => checks.requireSellerPayable(sellerId, 'listing'),
  };

  /** The pending listing of `serial` at `price` (base units), stored until the seller's approval comes (PENDING_LISTING_TTL_MS). */
  async function newPending(sellerId: string, serial: number, price: bigint, tokenDecimals: number): Promise<PendingListing> {
    const shown = await display(serial);
    const pending: PendingListing = {
      id: randomUUID(),
      sellerId,
      tokenId: settings.nftTokenId,
      serialNumber: serial,
      nftName: shown?.nftName ?? `Wild Tiger #${serial}`,
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
    return pending;
  }

  /**
   * Writes the one active listing of a pending one once the ledger shows the seller owning the tiger
   * with the marketplace approved for it, and drops the pending one; `approvedBy` is the
   * seller's approval when known (null when the reconciler finds the allowance on the ledger);
   * `approvedByReceipt`: its SUCCESS receipt stands for it until the mirror node shows it.
   */
  async function activate(
    pending: PendingListing,
    approvedBy: string | null,
    approvedByReceipt = false,
    reads: ActivationReads = singleReads,
  ): Promise<PawsListing> {
    const nft = await reads.tiger(pending.serialNumber, pending.sellerId);
    checks.requireApproved(
      nft,
      approvedByReceipt,
      () =>
        new DomainError('NFT_ALLOWANCE_MISSING', 'The marketplace is not approved for this tiger yet; approve the NFT allowance in your wallet and try again'),
    );
    await reads.sellerPayable(pending.sellerId);
    const stamp = new Date(now()).toISOString();
    const listing: PawsListing = {
      ...pending,
      status: 'active',
      createdAt: stamp,
      updatedAt: stamp,
      approvalTransactionId: approvedBy,
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

  /**
   * Completes a pending listing after the seller's approval: `approvalSettled` waits until it reached
   * consensus (true when only its receipt shows it yet), then the one active listing is written.
   * Asking again for a completed listing (a retry, a late wallet answer) returns it.
   */
  async function complete(
    sessionAccountId: string,
    input: { pendingListingId: string; approvalTransactionId: string },
    approvalSettled: (pending: PendingListing) => Promise<boolean>,
    reads: ActivationReads = singleReads,
  ) {
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
    // Whether the mirror shows the approval is read first: the tiger read after it then shows what the approval made.
    const approvedByReceipt = await approvalSettled(pending);
    const listing = await activate(pending, input.approvalTransactionId, approvedByReceipt, reads);
    return { success: true, approvalTransactionId: input.approvalTransactionId, listing: publicListing(listing) };
  }

  return { newPending, activate, complete };
}

export type ListingActivation = ReturnType<typeof createListingActivation>;
