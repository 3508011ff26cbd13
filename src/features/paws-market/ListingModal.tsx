import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { apiJson } from '@/lib/api';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { NftMedia } from '../tiger/NftMedia';
import { PUBLIC_CONFIG } from '../../lib/public-config';
import type { OwnedNft } from '../profile/owned-nfts';
import { toast } from '../toast/toast-store';
import { $wallet, signAndExecute } from '../wallet/wallet-store';
import { errorCode, errorText } from '@/lib/api/error-text';
import { LedgerWaitNotice } from '../ledger/LedgerWaitNotice';
import {
  LEDGER_STILL_PENDING,
  LedgerStillPending,
  type PendingAction,
  callWhenSettled,
  clearPendingAction,
  mayStillExecute,
  pendingListing,
  savePendingAction,
  waitForLedger,
} from '../ledger/ledger-wait-client';
import { visibleUntil } from '../ledger/transaction-visibility';
import { INVALID_PRICE_MESSAGE, PAWS_PRICE_DECIMALS, parsePawsPrice } from './listing';
import { formatPaws } from '../../lib/format';
import { prepareNftAllowance, refreshAfterTrade } from './paws-client';
import { offersTryAgain } from './retry-rules';
import { TransactionId } from '../ledger/TransactionId';

/** Spec 001 §4: input, approve, complete, success, error. */
export type ListingStep = 'input' | 'approve' | 'complete' | 'success' | 'error';

type ListingAction = Extract<PendingAction, { kind: 'listing' }>;

/** What closing the modal while the wallet is asked means: an approval given later is picked up when the modal reopens. */
const PENDING_APPROVAL_NOTE =
  'You can close this window. Your wallet may still ask you to approve; if you approve, choose List on this tiger again to finish the listing.';

/** Spec 001 §5: present and greater than 0, with at most the 2 decimals of the input's step 0.01. */
export function isValidPawsPrice(value: string): boolean {
  return 'units' in parsePawsPrice(value, PAWS_PRICE_DECIMALS);
}

/**
 * The create-listing modal: price, NFT allowance in the wallet, then completion once the ledger
 * shows the approval. If the wallet answers late (after its 45 s time-out) the approval is still
 * followed on the ledger, and the listing completed from it; while it is pending, opening the
 * modal again resumes it instead of asking the wallet for a second approval.
 */
export function ListingModal({ nft, onClose }: { nft: OwnedNft | null; onClose: () => void }) {
  const wallet = useStore($wallet);
  const [step, setStep] = useState<ListingStep>('input');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** Whether the failure shown offers 'Try Again' (a refusal in the wallet, spec 001 §4). */
  const [retryable, setRetryable] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const [stalled, setStalled] = useState<ListingAction | null>(null);
  const [result, setResult] = useState<{ pawsPrice: string; approvalTransactionId: string } | null>(null);
  const priceId = useId();
  /** The flow this modal shows; an older one (closed, or replaced) no longer updates it. */
  const flow = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: finish() reads only its arguments and refs; the flow restarts when another tiger is opened
  useEffect(() => {
    flow.current += 1;
    setStep('input');
    setPrice('');
    setError(null);
    setRetryable(false);
    setNote(null);
    setWaitingSince(null);
    setStalled(null);
    setResult(null);
    const accountId = $wallet.get().accountId;
    const pending = nft && accountId ? pendingListing(accountId, nft.serialNumber) : undefined;
    if (pending) {
      setPrice(pending.price);
      void finish(pending);
    }
  }, [nft]);

  if (!nft) return null;
  const valid = isValidPawsPrice(price);
  const busy = step === 'approve' || (step === 'complete' && waitingSince === null && !stalled);

  function close(): void {
    flow.current += 1;
    onClose();
  }

  /** Shows a failure, offering 'Try Again' when the wallet reported a refusal. */
  function fail(failure: unknown): void {
    const text = errorText(failure, 'Unknown error');
    setError(text);
    setRetryable(offersTryAgain(failure, text));
    setStep('error');
  }

  /** Waits for the approval on the ledger, then completes the listing on the server (which checks it again). */
  async function finish(action: ListingAction, untilMs?: number): Promise<void> {
    const mine = flow.current;
    const current = () => flow.current === mine;
    setStep('complete');
    setStalled(null);
    setWaitingSince(Date.now());
    /** A server outage leaves the approval to check again; any other answer ends it. */
    let keepPending = false;
    try {
      const outcome = await waitForLedger(action.transactionId, untilMs);
      if (!current()) return;
      if (outcome.state === 'pending') throw new LedgerStillPending();
      if (outcome.state === 'expired') throw new Error('NFT allowance approval failed - it never reached the ledger; create the listing again');
      const completed = await callWhenSettled(() =>
        apiJson<{ listing: { id: string; pawsPrice: string }; approvalTransactionId: string }>('/api/paws/listings/complete', {
          method: 'POST',
          body: { pendingListing: { id: action.pendingListingId }, approvalTransactionId: action.transactionId },
        }),
      ).catch((failure: unknown) => {
        if (failure instanceof LedgerStillPending) throw failure;
        keepPending = errorCode(failure) === 'LEDGER_UNAVAILABLE';
        throw new Error(errorText(failure, 'Failed to complete listing'));
      });
      clearPendingAction(action.transactionId);
      if (!current()) return;
      setResult({ pawsPrice: completed.listing.pawsPrice, approvalTransactionId: completed.approvalTransactionId });
      setStep('success');
      refreshAfterTrade();
      toast({ title: 'Tiger Listed!', description: `${nft?.nftName ?? 'Your tiger'} is listed for ${formatPaws(action.price)} PAWS.` });
    } catch (failure) {
      if (failure instanceof LedgerStillPending) {
        if (current()) setStalled(action);
        return;
      }
      if (!keepPending) clearPendingAction(action.transactionId);
      if (!current()) return;
      fail(failure);
    } finally {
      if (current()) setWaitingSince(null);
    }
  }

  async function createListing(): Promise<void> {
    if (!nft || !wallet.accountId) return;
    if (!valid) return setError(INVALID_PRICE_MESSAGE);
    const seller = wallet.accountId;
    const waiting = pendingListing(seller, nft.serialNumber);
    if (waiting) return finish(waiting);
    const mine = flow.current;
    setError(null);
    setRetryable(false);
    setNote(null);
    try {
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
      setStep('approve');
      const approval = await prepareNftAllowance(seller, nft.serialNumber);
      const action: ListingAction = {
        kind: 'listing',
        accountId: seller,
        serialNumber: nft.serialNumber,
        pendingListingId: prepared.pendingListing.id,
        transactionId: approval.transactionId,
        price,
      };
      savePendingAction(action);
      let approvalTransactionId: string;
      try {
        approvalTransactionId = await signAndExecute(approval.transactionBytes, 'nft-allowance', approval.transactionId);
      } catch (failure) {
        if (!mayStillExecute(failure)) {
          clearPendingAction(approval.transactionId);
          throw failure;
        }
        if (flow.current !== mine) return;
        setNote(`${errorText(failure, 'The wallet did not answer')}. If you approve it in your wallet, the listing completes once the ledger confirms it.`);
        return await finish(action, visibleUntil(approval.transactionId));
      }
      if (!approvalTransactionId) throw new Error('NFT allowance approval failed - no transaction ID received');
      if (flow.current !== mine) return;
      await finish({ ...action, transactionId: approvalTransactionId });
    } catch (failure) {
      if (flow.current !== mine) return;
      fail(failure);
    }
  }

  return (
    // While the wallet is asked for the approval the modal can be closed: reopening it on this tiger finishes the listing.
    <Dialog open onOpenChange={(open) => !open && (!busy || step === 'approve') && close()}>
      <DialogContent closeLabel="Close listing" pendingNote={step === 'approve' ? PENDING_APPROVAL_NOTE : null}>
        <DialogHeader>
          <DialogTitle>{step === 'success' ? 'Listing Created' : `List ${nft.nftName}`}</DialogTitle>
          <DialogDescription>
            {step === 'approve'
              ? 'Approve the marketplace for this tiger in your wallet.'
              : step === 'complete'
                ? 'Checking the approval on the ledger…'
                : step === 'success'
                  ? `${nft.nftName} is listed on the PAWS marketplace. It stays in your wallet until it sells.`
                  : 'Set a price in PAWS. The tiger stays in your wallet until it sells.'}
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-[96px_1fr] items-start gap-4">
          <NftMedia serial={nft.serialNumber} image={nft.nftImage} name={nft.nftName} className="rounded-lg" />
          {step === 'input' || step === 'error' ? (
            <div className="grid gap-2">
              <label htmlFor={priceId} className="text-sm font-medium">
                Price (PAWS)
              </label>
              <input
                id={priceId}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                value={price}
                onChange={(event) => setPrice(event.target.value)}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-invalid={price !== '' && !valid}
                aria-describedby={`${priceId}-hint`}
              />
              <p id={`${priceId}-hint`} className={price !== '' && !valid ? 'text-sm text-red-400' : 'text-xs text-muted-foreground'}>
                {price !== '' && !valid ? INVALID_PRICE_MESSAGE : 'Buyers pay this amount of PAWS.'}
              </p>
            </div>
          ) : step === 'success' && result ? (
            <dl className="grid gap-1 text-sm">
              <dt className="text-muted-foreground">Price</dt>
              <dd>{formatPaws(result.pawsPrice)} PAWS</dd>
              <dt className="text-muted-foreground">Approval transaction</dt>
              <dd className="text-xs">
                <TransactionId transactionId={result.approvalTransactionId} />
              </dd>
            </dl>
          ) : null}
        </div>
        {note && step === 'complete' && <p className="text-sm text-muted-foreground">{note}</p>}
        {waitingSince !== null && <LedgerWaitNotice since={waitingSince} />}
        {stalled && (
          <p role="status" className="text-sm text-muted-foreground">
            {LEDGER_STILL_PENDING}
          </p>
        )}
        {step === 'error' && error && (
          <p className="text-sm text-red-400" role="alert">
            {error}
          </p>
        )}
        <DialogFooter>
          {step === 'input' && (
            <Button onClick={() => void createListing()} disabled={!valid}>
              Create Listing
            </Button>
          )}
          {busy && <Button disabled>{step === 'approve' ? 'Waiting for approval…' : 'Completing…'}</Button>}
          {step === 'complete' && waitingSince !== null && <Button disabled>Completing…</Button>}
          {stalled && <Button onClick={() => void finish(stalled)}>Check again</Button>}
          {step === 'error' && retryable && <Button onClick={() => void createListing()}>Try Again</Button>}
          {(step === 'success' || step === 'error' || stalled) && (
            <Button variant="outline" onClick={close}>
              Close
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
