/**
 * Listing a tiger on the PAWS marketplace, as a write of its own (spec 001 §4): the server
 * prepares the listing, the wallet approves the marketplace for the tiger, the ledger confirms the
 * approval and the server completes the listing. It runs to its end whether or not its dialog stays
 * open, shown in the tray of writes in progress; an approval the wallet answered late, or that was
 * given while the page changed, is picked up from its pending action (resumeListings).
 */
import { apiJson } from '@/lib/api';
import { errorText } from '@/lib/api/error-text';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { formatPaws } from '@/lib/format';
import { LedgerStillPending, callWhenSettled, waitForLedger } from '@/features/ledger/ledger-wait-client';
import { type PendingAction, clearPendingAction, pendingListing, pendingListings } from '@/features/ledger/kept-transactions';
import type { OwnedNft } from '@/features/accounts/account-types';
import { toast } from '@/features/toast/toast-store';
import { afterKept, signKept } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { runWrite } from '@/features/writes/run-write';
import { isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { listingWriteId } from './listing';
import { prepareNftAllowance, refreshAfterTrade } from './paws-client';

export type ListingAction = Extract<PendingAction, { kind: 'listing' }>;

const listingTitle = (name: string, price: string) => `Listing ${name} for ${formatPaws(price)} PAWS`;

/** What a listing goes through, as its dialog lists it. */
export const LISTING_STEPS = ['Prepare the listing', 'Approve the marketplace in your wallet', 'Confirm on the ledger'] as const;
const nameOf = (serialNumber: number) => `Wild Tiger #${serialNumber}`;

/** Lists `nft` at `price` for `seller`; a listing of it already waiting for the ledger is followed instead. */
export async function startListing(seller: string, nft: OwnedNft, price: string): Promise<void> {
  const id = listingWriteId(seller, nft.serialNumber);
  if (isUnderWay($writes.get()[id])) return;
  const waiting = pendingListing(seller, nft.serialNumber);
  if (waiting) return finishListing(waiting);
  await runWrite(
    { id, accountId: seller, title: listingTitle(nft.nftName, price), serial: nft.serialNumber, steps: LISTING_STEPS, amount: price },
    { run: () => list(id, seller, nft, price), fallback: 'Unknown error' },
  );
}

/** Prepares the listing, has the wallet approve the marketplace for the tiger (kept for the ledger first), and follows it. */
async function list(id: string, seller: string, nft: OwnedNft, price: string): Promise<void> {
  const prepared = await apiJson<{ pendingListing: { id: string } }>('/api/paws/listings/prepare', {
    method: 'POST',
    body: {
      sellerId: seller,
      tokenId: PUBLIC_CONFIG.nftTokenId,
      serialNumber: nft.serialNumber,
      pawsPrice: price,
      nftName: nft.nftName,
      nftImage: nft.nftImage,
      metadata: nft.metadata,
      rarityRank: nft.rarityRank,
      rarityPct: nft.rarityPct,
    },
  }).catch((failure: unknown) => {
    throw new Error(errorText(failure, 'Failed to prepare listing'));
  });
  updateWrite(id, 'wallet');
  const approval = await prepareNftAllowance(seller, nft.serialNumber);
  const action: ListingAction = {
    kind: 'listing',
    accountId: seller,
    serialNumber: nft.serialNumber,
    pendingListingId: prepared.pendingListing.id,
    transactionId: approval.transactionId,
    price,
    name: nft.nftName,
  };
  const signed = await signKept(action, approval.transactionBytes, 'nft-allowance', { what: 'NFT allowance approval', goesOn: 'the listing completes' });
  await finishListing({ ...action, transactionId: signed.transactionId }, signed.late ?? {});
}

/** Waits for the listing's approval on the ledger, then completes the listing on the server (which checks it again). */
export function finishListing(action: ListingAction, late: { note?: string | null; untilMs?: number } = {}): Promise<void> {
  const name = action.name ?? nameOf(action.serialNumber);
  const start = {
    id: listingWriteId(action.accountId, action.serialNumber),
    accountId: action.accountId,
    title: listingTitle(name, action.price),
    serial: action.serialNumber,
    steps: LISTING_STEPS,
    amount: action.price,
  };
  return runWrite(
    start,
    { run: () => complete(start.id, action, name, late), again: () => complete(start.id, action, name), fallback: 'Unknown error' },
    { follow: true },
  );
}

/** The listing's approval followed on the ledger, then the listing completed on the server; LedgerStillPending while the ledger has not shown it. */
async function complete(
  id: string,
  action: ListingAction,
  name: string,
  { note = null, untilMs }: { note?: string | null; untilMs?: number } = {},
): Promise<void> {
  updateWrite(id, 'ledger', { note });
  const outcome = await waitForLedger(action.transactionId, untilMs);
  if (outcome.state === 'pending') throw new LedgerStillPending();
  if (outcome.state === 'expired') {
    clearPendingAction(action.transactionId);
    throw new Error('NFT allowance approval failed - it never reached the ledger; create the listing again');
  }
  // Kept while no answer came (a server outage, or this page left mid-request): another page or 'Check again' completes it.
  const completed = await afterKept(action.transactionId, () =>
    callWhenSettled(() =>
      apiJson<{ listing: { id: string; pawsPrice: string }; approvalTransactionId: string }>('/api/paws/listings/complete', {
        method: 'POST',
        body: { pendingListing: { id: action.pendingListingId }, approvalTransactionId: action.transactionId },
      }),
    ),
  ).catch((failure: unknown) => {
    if (failure instanceof LedgerStillPending) throw failure;
    throw new Error(errorText(failure, 'Failed to complete listing'));
  });
  updateWrite(id, 'done', { transactionId: completed.approvalTransactionId });
  // Live on the approval's receipt: the tiger's permission (read from the mirror) is reloaded once the mirror shows it.
  refreshAfterTrade(action.transactionId);
  toast({ title: 'Tiger Listed!', description: `${name} is listed for ${formatPaws(completed.listing.pawsPrice)} PAWS.` });
}

/** Follows every listing of `accountId` whose approval was left waiting for the ledger (a reload, another page). */
export function resumeListings(accountId: string): void {
  for (const action of pendingListings(accountId)) {
    if (!isUnderWay($writes.get()[listingWriteId(accountId, action.serialNumber)])) void finishListing(action);
  }
}
