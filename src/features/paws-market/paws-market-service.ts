import { randomUUID } from 'node:crypto';
import { createTtlCache } from '../../server/ttl-cache';
import { DomainError } from '../../lib/domain-error';
import { formatUnits, parseUnits } from '../balances/units';
import { LedgerUnavailableError } from '../ledger/errors';
import type { LedgerReader } from '../ledger/ledger-reader';
import { type PawsListing, insufficientPawsMessage, isOwnListing, publicListing } from './listing';
import type { ListingRepo, PendingListing } from './listing-repo';
import type { Settlement } from './settlement';

/** How long a prepared listing waits for the seller's allowance approval. */
export const PENDING_LISTING_TTL_MS = 15 * 60 * 1000;
/** A claim whose settlement never reported back is reconciled with the ledger after this long. */
export const STALE_CLAIM_MS = 3 * 60 * 1000;
/** How long the listings page trusts a listing's ledger check (spec 001 §9 keeps listings 30 s). */
const BACKED_CHECK_TTL_MS = 15_000;

export interface PawsMarketSettings {
  nftTokenId: string;
  pawsTokenId: string;
  marketplaceAccountId: string;
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
  now?: () => number;
}

/** The PAWS marketplace: listing, unlisting and race-safe, idempotent buying settled on the ledger. */
export function createPawsMarketService({ store, ledger, settlement, settings, display, now = Date.now }: PawsMarketDeps) {
  let pawsDecimals: Promise<number> | undefined;
  const decimals = () => (pawsDecimals ??= ledger.getTokenInfo(settings.pawsTokenId).then((info) => info.decimals));

  /** True when the listing can still be settled: the seller owns the NFT and our marketplace is its spender. */
  async function stillBacked(listing: PawsListing): Promise<boolean> {
    const nft = await ledger.getNft(listing.tokenId, listing.serialNumber);
    return !!nft && !nft.deleted && nft.owner === listing.sellerId && nft.spender === settings.marketplaceAccountId;
  }

  /** The listing page's view of stillBacked, kept 15 s per listing (a buy always checks afresh). */
  const backedForDisplay = createTtlCache<boolean>(BACKED_CHECK_TTL_MS, { now });

  async function retire(listing: PawsListing): Promise<void> {
    if (await store.transition(listing.id, 'active', 'invalid')) await store.releaseLock(listing.tokenId, listing.serialNumber, listing.id);
  }

  async function finishSale(listing: PawsListing, claim: NonNullable<PawsListing['claim']>): Promise<void> {
    const soldAt = new Date(now()).toISOString();
    const sale = { buyerId: claim.buyerId, transactionId: claim.transactionId, soldAt };
    if (await store.transition(listing.id, 'claimed', 'sold', { sale }, claim.claimId)) {
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
      await store.releaseLock(listing.tokenId, listing.serialNumber, listing.id);
    }
  }

  /** Settles a claim whose outcome was never recorded, from what the ledger says of its transaction. */
  async function reconcile(listing: PawsListing): Promise<PawsListing> {
    const claim = listing.claim;
    if (listing.status !== 'claimed' || !claim) return listing;
    const settled = await ledger.getTransaction(claim.transactionId).catch(() => null);
    if (settled?.result === 'SUCCESS') await finishSale(listing, claim);
    else if (settled || now() - Date.parse(claim.claimedAt) > STALE_CLAIM_MS) {
      await store.transition(listing.id, 'claimed', 'active', { claim: null }, claim.claimId);
    }
    return (await store.getListing(listing.id)) ?? listing;
  }

  function purchaseResult(listing: PawsListing) {
    return { success: true, transactionId: listing.sale?.transactionId, listing: publicListing(listing) };
  }

  return {
    /** Active listings that are still backed on the ledger, newest first, one page. */
    async listActive(page: number, limit: number) {
      const active = await store.activeListings();
      const backed = await Promise.all(
        active.map(async (listing) => {
          if (await backedForDisplay.get(listing.id, () => stillBacked(listing))) return listing;
          await retire(listing);
          return null;
        }),
      );
      const listings = backed.filter((listing): listing is PawsListing => listing !== null);
      const start = (page - 1) * limit;
      return { listings: listings.slice(start, start + limit).map(publicListing), total: listings.length, page, limit };
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
      const price = parseUnits(input.pawsPrice, tokenDecimals);
      if (price === undefined || price <= 0n) throw new DomainError('INVALID_PRICE', 'Please enter a valid PAWS price');
      const nft = await ledger.getNft(input.tokenId, input.serialNumber);
      if (!nft || nft.deleted) throw new DomainError('TIGER_NOT_FOUND', `Wild Tiger #${input.serialNumber} does not exist`);
      if (nft.owner !== input.sellerId) throw new DomainError('NOT_TIGER_OWNER', `Wild Tiger #${input.serialNumber} is not owned by ${input.sellerId}`);
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

    /** After the seller's approval: verifies the allowance on the ledger and writes the one active listing. */
    async completeListing(sessionAccountId: string, input: { pendingListingId: string; approvalTransactionId: string }) {
      const pending = await store.getPending(input.pendingListingId, now());
      if (!pending) throw new DomainError('PENDING_LISTING_EXPIRED', 'This listing request expired; start the listing again');
      if (pending.sellerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'This listing belongs to another account');
      const nft = await ledger.getNft(pending.tokenId, pending.serialNumber);
      if (!nft || nft.owner !== pending.sellerId)
        throw new DomainError('NOT_TIGER_OWNER', `Wild Tiger #${pending.serialNumber} is not owned by ${pending.sellerId}`);
      if (nft.spender !== settings.marketplaceAccountId) {
        throw new DomainError(
          'NFT_ALLOWANCE_MISSING',
          'The marketplace is not approved for this tiger yet; approve the NFT allowance in your wallet and try again',
        );
      }
      const stamp = new Date(now()).toISOString();
      const listing: PawsListing = {
        ...pending,
        status: 'active',
        createdAt: stamp,
        updatedAt: stamp,
        approvalTransactionId: input.approvalTransactionId,
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
      await store.deletePending(pending.id);
      return { success: true, approvalTransactionId: input.approvalTransactionId, listing: publicListing(listing) };
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
    async buy(sessionAccountId: string, input: { listingId: string; buyerId: string }) {
      if (input.buyerId !== sessionAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only buy for your own account');
      let listing = await store.getListing(input.listingId);
      if (!listing) throw new DomainError('LISTING_NOT_FOUND', 'Listing not found');
      if (isOwnListing(listing, input.buyerId)) throw new DomainError('OWN_LISTING', 'You cannot buy your own NFT');
      if (listing.status === 'claimed') listing = await reconcile(listing);
      if (listing.status === 'sold' && listing.sale?.buyerId === input.buyerId) return purchaseResult(listing);
      if (listing.status === 'claimed') {
        throw new DomainError(
          'PURCHASE_IN_PROGRESS',
          listing.claim?.buyerId === input.buyerId ? 'Your purchase of this tiger is being settled' : 'Another buyer is purchasing this tiger',
        );
      }
      if (listing.status !== 'active') throw new DomainError('LISTING_UNAVAILABLE', 'This NFT is not currently listed for sale');
      if (!(await stillBacked(listing))) {
        await retire(listing);
        throw new DomainError('LISTING_UNAVAILABLE', 'This listing is no longer available: the tiger moved or its marketplace approval was revoked');
      }
      const price = BigInt(listing.priceBaseUnits);
      const tokenDecimals = await decimals();
      const [allowance, balance] = await Promise.all([
        ledger.getTokenAllowance(input.buyerId, settings.pawsTokenId, settings.marketplaceAccountId),
        ledger.getTokenBalance(input.buyerId, settings.pawsTokenId),
      ]);
      const available = balance.associated ? balance.balance : 0n;
      if (available < price) {
        throw new DomainError('PAWS_BALANCE_LOW', insufficientPawsMessage(Number(listing.pawsPrice), Number(formatUnits(available, tokenDecimals))));
      }
      if (allowance < price) {
        throw new DomainError('PAWS_ALLOWANCE_LOW', 'Insufficient PAWS token allowance', {
          tokenId: settings.pawsTokenId,
          spenderAccountId: settings.marketplaceAccountId,
          amount: listing.pawsPrice,
          currentAllowance: formatUnits(allowance, tokenDecimals),
        });
      }
      const prepared = await settlement.prepare({
        nftTokenId: listing.tokenId,
        serial: listing.serialNumber,
        sellerId: listing.sellerId,
        buyerId: input.buyerId,
        pawsTokenId: settings.pawsTokenId,
        amount: price,
      });
      const claim = { claimId: randomUUID(), buyerId: input.buyerId, transactionId: prepared.transactionId, claimedAt: new Date(now()).toISOString() };
      if (!(await store.transition(listing.id, 'active', 'claimed', { claim })))
        throw new DomainError('PURCHASE_IN_PROGRESS', 'Another buyer is purchasing this tiger');
      let status: string;
      try {
        ({ status } = await prepared.execute());
      } catch (error) {
        if (error instanceof LedgerUnavailableError)
          throw new DomainError('SETTLEMENT_UNCONFIRMED', 'The ledger did not confirm the purchase yet; check again in a moment');
        await store.transition(listing.id, 'claimed', 'active', { claim: null }, claim.claimId);
        throw error;
      }
      if (status !== 'SUCCESS') {
        await store.transition(listing.id, 'claimed', 'active', { claim: null }, claim.claimId);
        throw new DomainError('SETTLEMENT_REFUSED', `The ledger refused the settlement (${status}); nothing was transferred`, { status });
      }
      await finishSale(listing, claim);
      return purchaseResult((await store.getListing(listing.id)) ?? listing);
    },
  };
}

export type PawsMarketService = ReturnType<typeof createPawsMarketService>;
