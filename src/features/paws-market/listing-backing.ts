/**
 * Whether the ledger backs a listing (the seller owns the tiger and the marketplace is approved for
 * it), as the mirror node shows it — or, for a listing that went live on its approval's receipt,
 * as the receipt showed it until the mirror catches up with that approval.
 */
import type { LedgerNft, LedgerReader } from '../ledger/ledger-reader';
import { mirrorBehind } from '../ledger/transaction-confirmation';
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
 * True when a listing the mirror does not show as approved went live in the last
 * APPROVAL_CATCH_UP_MS on its approval's receipt and the mirror has not shown that approval yet:
 * the seller still owns the tiger, and the receipt is the newer word. (A different approval under
 * the same id could only be the seller's own; the settlement's atomic transfer would refuse it.)
 */
export async function approvalNotYetShown(ledger: TransactionReader, nft: LedgerNft | null | undefined, listing: Backed, now: number): Promise<boolean> {
  if (!nft || nft.deleted || nft.owner !== listing.sellerId || !listing.approvalTransactionId) return false;
  if (Date.parse(listing.createdAt) + APPROVAL_CATCH_UP_MS <= now) return false;
  return mirrorBehind(ledger, listing.approvalTransactionId);
}

/** backsOnMirror, or approvalNotYetShown while the mirror catches up. */
export async function backsListing(
  ledger: TransactionReader,
  nft: LedgerNft | null | undefined,
  listing: Backed,
  marketplace: string,
  now: number,
): Promise<boolean> {
  return backsOnMirror(nft, listing, marketplace) || approvalNotYetShown(ledger, nft, listing, now);
}
