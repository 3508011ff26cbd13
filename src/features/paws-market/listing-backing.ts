/**
 * Whether the ledger backs a listing (the seller owns the tiger and the marketplace is approved for
 * it), as the mirror node shows it — or, for a listing that went live on its approval's receipt,
 * as the receipt showed it until the mirror catches up with that approval.
 */
import { mapConcurrently } from '@/lib/concurrency';
import type { LedgerNft, LedgerReader } from '@/features/ledger/ledger-reader-port';
import { mirrorBehind } from '@/features/ledger/transaction-confirmation';
import type { PawsListing } from './listing';

/**
 * How long after going live a listing's approval may still be missing from the mirror node (it
 * shows a transaction 5-15 s after consensus on mainnet); past this the mirror's word stands alone.
 */
export const APPROVAL_CATCH_UP_MS = 120_000;

/** The mirror node's transaction read, which tells whether it caught up with an approval. */
type TransactionReader = Pick<LedgerReader, 'getTransaction'>;
type Backed = Pick<PawsListing, 'sellerId' | 'approvalTransactionId' | 'createdAt'>;

/** The seller owns the tiger and `marketplace` is its spender, as `nft` (the mirror's) shows. */
export function backsOnMirror(nft: LedgerNft | null | undefined, listing: Pick<PawsListing, 'sellerId'>, marketplace: string): boolean {
  return !!nft && !nft.deleted && nft.owner === listing.sellerId && nft.spender === marketplace;
}

/**
 * backsOnMirror; or, for a listing that went live in the last APPROVAL_CATCH_UP_MS on its approval's
 * receipt while the seller still owns the tiger, true as long as the mirror does not show that
 * approval yet (the receipt is the newer word; a different approval under the same id could only be
 * the seller's own, and the settlement's atomic transfer would refuse it). When the mirror caught up
 * with the approval between the read of `nft` and that of the approval, the tiger is read again: the
 * earlier read predates the approval, and only a read after it tells.
 */
export async function backsListing(
  ledger: TransactionReader & Pick<LedgerReader, 'getNft'>,
  nft: LedgerNft | null | undefined,
  listing: Backed & Pick<PawsListing, 'tokenId' | 'serialNumber'>,
  marketplace: string,
  now: number,
): Promise<boolean> {
  if (backsOnMirror(nft, listing, marketplace)) return true;
  const recent =
    !!nft && !nft.deleted && nft.owner === listing.sellerId && !!listing.approvalTransactionId && Date.parse(listing.createdAt) + APPROVAL_CATCH_UP_MS > now;
  if (!recent || !listing.approvalTransactionId) return false;
  if (await mirrorBehind(ledger, listing.approvalTransactionId)) return true;
  return backsOnMirror(await ledger.getNft(listing.tokenId, listing.serialNumber), listing, marketplace);
}

/** Sellers whose PAWS association is read at once. */
const SELLER_CHECKS = 4;

/** Why a listing can no longer be bought: its tiger moved or lost the marketplace's approval, or its seller cannot be paid PAWS; null while it can. */
export type ListingTrouble = 'moved' | 'seller' | null;

type BulkReader = TransactionReader & Pick<LedgerReader, 'getNft' | 'getNftsBySerial'>;
type Listed = Backed & Pick<PawsListing, 'tokenId' | 'serialNumber'>;

/** Whether the ledger still backs each listing (backsListing), the NFTs read by serial range (a page per 100 serials at most), never a read per listing. */
export async function listingsBacked(
  ledger: BulkReader,
  listings: readonly Listed[],
  { nftTokenId, marketplace, now }: { nftTokenId: string; marketplace: string; now: number },
): Promise<boolean[]> {
  if (!listings.length) return [];
  const nfts = await ledger.getNftsBySerial(
    nftTokenId,
    listings.map((listing) => listing.serialNumber),
  );
  // Only a listing that went live on its receipt in the last two minutes costs a read or two more.
  return Promise.all(listings.map((listing) => backsListing(ledger, nfts.get(listing.serialNumber), listing, marketplace, now)));
}

/** The listings' sellers who cannot be paid PAWS, each asked once through `canBePaid` (the health job's is cached, a checkout's reads afresh). */
export async function unpayableSellers(
  listings: readonly Pick<PawsListing, 'sellerId'>[],
  canBePaid: (sellerId: string) => Promise<boolean>,
): Promise<Set<string>> {
  const sellers = [...new Set(listings.map((listing) => listing.sellerId))];
  const payable = await mapConcurrently(sellers.length, SELLER_CHECKS, (index) => canBePaid(sellers[index] as string));
  return new Set(sellers.filter((_, index) => !payable[index]));
}

/** What stands in the way of buying each listing, read in bulk: listingsBacked, then unpayableSellers. */
export async function listingTroubles(
  ledger: BulkReader,
  listings: readonly Listed[],
  { canBePaid, ...where }: { nftTokenId: string; marketplace: string; now: number; canBePaid: (sellerId: string) => Promise<boolean> },
): Promise<ListingTrouble[]> {
  if (!listings.length) return [];
  const backed = await listingsBacked(ledger, listings, where);
  const unpayable = await unpayableSellers(listings, canBePaid);
  return listings.map((listing, index) => (!backed[index] ? 'moved' : unpayable.has(listing.sellerId) ? 'seller' : null));
}
