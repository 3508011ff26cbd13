import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { $balances } from '../balances/balance-store';
import { LedgerWaitNotice } from '../ledger/LedgerWaitNotice';
import { LEDGER_STILL_PENDING, LedgerStillPending, callWhenSettled, mayStillExecute, requireLedgerSuccess, waitForLedger } from '../ledger/ledger-wait-client';
import { clearPendingAction, forgetTransaction, pendingPurchase, rememberTransaction, savePendingAction } from '../ledger/kept-transactions';
import { visibleUntil } from '../ledger/transaction-visibility';
import { NftMedia } from '../tiger/NftMedia';
import { toast } from '../toast/toast-store';
import { formatPaws } from '../../lib/format';
import { $wallet, signAndExecute } from '../wallet/wallet-store';
import { insufficientPawsMessage } from './listing';
import { errorText } from '@/lib/api/error-text';
import { type PublicListing, prepareBuy, prepareTokenAllowance, refreshAfterTrade } from './paws-client';
import { offersTryAgain } from './retry-rules';
import { TransactionId } from '../ledger/TransactionId';

/** Spec 001 §4: prepare, approve, execute, success, error ('complete' exists but is never entered). */
export type PawsPurchaseStep = 'prepare' | 'approve' | 'execute' | 'complete' | 'success' | 'error';

/** What closing the modal while the wallet is asked means (the flow goes on without it). */
const PENDING_APPROVAL_NOTE = 'You can close this window. Your wallet may still ask you to approve; if you approve, the purchase completes by itself.';

/** Answers of the buy call that name a transaction still settling: wait for it, then ask again (never buy twice). */
const SETTLING_CODES = ['LEDGER_PENDING', 'SETTLEMENT_UNCONFIRMED', 'PURCHASE_IN_PROGRESS'] as const;

/**
 * The purchase modal of the PAWS marketplace. When the allowance is short the wallet approves the
 * price; the purchase goes on once the ledger shows that approval (followed by its id, also when
 * the wallet answers after its time-out), and succeeds once the ledger shows the settlement.
 * While an approval is pending, opening the modal again resumes it instead of asking for another.
 */
export function PurchaseModal({ listing, onClose }: { listing: PublicListing | null; onClose: () => void }) {
  const wallet = useStore($wallet);
  const balances = useStore($balances);
  const [step, setStep] = useState<PawsPurchaseStep>('prepare');
  const [error, setError] = useState<string | null>(null);
  /** Whether the failure shown offers 'Try Again' (a refusal in the wallet, spec 001 §4). */
  const [retryable, setRetryable] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const [stalled, setStalled] = useState<(() => Promise<void>) | null>(null);
  const [transactionId, setTransactionId] = useState<string | null>(null);
  /** The flow this modal shows; an older one (closed, or replaced) no longer updates it. */
  const flow = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: run() reads only its arguments and refs; the flow restarts when another listing is opened
  useEffect(() => {
    flow.current += 1;
    setStep('prepare');
    setError(null);
    setNote(null);
    setWaitingSince(null);
    setStalled(null);
    setTransactionId(null);
    const buyer = $wallet.get().accountId;
    const pending = listing && buyer ? pendingPurchase(buyer, listing.id) : undefined;
    if (pending && buyer) void run(() => buyAfterApproval(buyer, pending.transactionId));
  }, [listing]);

  if (!listing) return null;
  const price = Number(listing.pawsPrice);
  const available = Number(balances.pawsBalance);
  const insufficient = balances.isReady && available < price;
  const busy = step === 'approve' || (step === 'execute' && waitingSince === null && !stalled);

  function close(): void {
    flow.current += 1;
    onClose();
  }

  /** Runs one part of the flow: a long wait for the ledger offers 'Check again' (rerunning this part), any failure the error step. */
  async function run(part: () => Promise<void>): Promise<void> {
    const mine = flow.current;
    setError(null);
    setStalled(null);
    try {
      await part();
    } catch (failure) {
      if (flow.current !== mine) return;
      if (failure instanceof LedgerStillPending) setStalled(() => () => run(part));
      else {
        const text = errorText(failure, 'Failed to execute purchase');
        setError(text);
        setRetryable(offersTryAgain(failure, text));
        setStep('error');
      }
    } finally {
      if (flow.current === mine) setWaitingSince(null);
    }
  }

  /** The buy call, asked again while the ledger settles what it depends on. */
  function buyWhenSettled(buyer: string, allowanceTransactionId?: string) {
    return callWhenSettled(() => prepareBuy((listing as PublicListing).id, buyer, allowanceTransactionId), { codes: SETTLING_CODES });
  }

  /** Runs `change` only while the flow started as `mine` is still the one shown. */
  function inFlow(mine: number, change: () => void): void {
    if (flow.current === mine) change();
  }

  /** After an allowance approval: waits for it on the ledger, then buys (the server checks it again). */
  async function buyAfterApproval(buyer: string, approvalId: string, untilMs?: number): Promise<void> {
    const mine = flow.current;
    inFlow(mine, () => {
      setStep('execute');
      setWaitingSince(Date.now());
    });
    const outcome = await waitForLedger(approvalId, untilMs);
    if (outcome.state === 'failed' || outcome.state === 'expired') clearPendingAction(approvalId);
    requireLedgerSuccess(outcome, 'Token allowance approval failed');
    const answer = await buyWhenSettled(buyer, approvalId);
    clearPendingAction(approvalId);
    if (!answer.ok) throw new Error(String(answer.body.error ?? 'Failed to prepare purchase transaction after allowance'));
    await purchased(buyer, String(answer.body.transactionId ?? ''));
  }

  /** The settlement succeeded on the ledger: waits until the mirror node shows it, so the refreshed data has the tiger. */
  async function purchased(buyer: string, settlementId: string): Promise<void> {
    const mine = flow.current;
    if (settlementId) {
      rememberTransaction(buyer, settlementId);
      inFlow(mine, () => {
        setStep('execute');
        setWaitingSince(Date.now());
      });
      if ((await waitForLedger(settlementId)).state !== 'pending') forgetTransaction(settlementId);
    }
    refreshAfterTrade();
    toast({ title: 'Purchase Successful!', description: `${listing?.nftName ?? 'The tiger'} is now in your den.` });
    inFlow(mine, () => {
      setTransactionId(settlementId);
      setStep('success');
    });
  }

  async function purchase(buyer: string): Promise<void> {
    const waiting = pendingPurchase(buyer, (listing as PublicListing).id);
    if (waiting) return buyAfterApproval(buyer, waiting.transactionId);
    const mine = flow.current;
    setStep('execute');
    const answer = await buyWhenSettled(buyer);
    if (!answer.ok && answer.body.code === 'PAWS_ALLOWANCE_LOW') {
      inFlow(mine, () => setStep('approve'));
      const approval = await prepareTokenAllowance(buyer, String(answer.body.amount ?? (listing as PublicListing).pawsPrice)).catch((failure: unknown) => {
        throw new Error(`Token allowance approval failed: ${errorText(failure, 'unknown error')}`);
      });
      savePendingAction({ kind: 'purchase', accountId: buyer, listingId: (listing as PublicListing).id, transactionId: approval.transactionId });
      let approvalId: string;
      try {
        approvalId = await signAndExecute(approval.transactionBytes, 'paws-allowance', approval.transactionId);
      } catch (failure) {
        if (!mayStillExecute(failure)) {
          clearPendingAction(approval.transactionId);
          throw new Error(`Token allowance approval failed: ${errorText(failure, 'unknown error')}`, { cause: failure });
        }
        inFlow(mine, () =>
          setNote(`${errorText(failure, 'The wallet did not answer')}. If you approve it in your wallet, the purchase goes on once the ledger confirms it.`),
        );
        return buyAfterApproval(buyer, approval.transactionId, visibleUntil(approval.transactionId));
      }
      return buyAfterApproval(buyer, approvalId);
    }
    if (!answer.ok) throw new Error(String(answer.body.error ?? 'Failed to prepare purchase'));
    await purchased(buyer, String(answer.body.transactionId ?? ''));
  }

  return (
    // While the wallet is asked for the approval the modal can be closed: the purchase goes on by itself.
    <Dialog open onOpenChange={(open) => !open && (!busy || step === 'approve') && close()}>
      <DialogContent closeLabel="Close purchase" pendingNote={step === 'approve' ? PENDING_APPROVAL_NOTE : null}>
        <DialogHeader>
          <DialogTitle>{step === 'success' ? 'Purchase Successful!' : `Buy ${listing.nftName}`}</DialogTitle>
          <DialogDescription>
            {step === 'approve'
              ? 'Approve the marketplace to spend the price in your wallet.'
              : step === 'execute'
                ? 'Settling on the Hedera ledger…'
                : `Price: ${formatPaws(listing.pawsPrice)} PAWS`}
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-[96px_1fr] items-center gap-4">
          <NftMedia serial={listing.serialNumber} image={listing.nftImage} name={listing.nftName} className="rounded-lg" />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Price</dt>
            <dd className="font-semibold">{formatPaws(listing.pawsPrice)} PAWS</dd>
            <dt className="text-muted-foreground">Your balance</dt>
            <dd>{balances.isReady ? `${formatPaws(balances.pawsBalance)} PAWS` : 'Loading…'}</dd>
            <dt className="text-muted-foreground">Seller</dt>
            <dd className="font-mono text-xs">{listing.sellerId}</dd>
          </dl>
        </div>
        {step === 'prepare' && insufficient && (
          <p className="text-sm text-red-400" role="alert">
            {insufficientPawsMessage(price, available)}
            <span className="block font-semibold">Insufficient PAWS balance</span>
          </p>
        )}
        {note && step === 'execute' && <p className="text-sm text-muted-foreground">{note}</p>}
        {waitingSince !== null && <LedgerWaitNotice since={waitingSince} />}
        {stalled && (
          <p role="status" className="text-sm text-muted-foreground">
            {LEDGER_STILL_PENDING}
          </p>
        )}
        {step === 'success' && transactionId && (
          <p className="text-xs text-muted-foreground">
            Transaction <TransactionId transactionId={transactionId} />
          </p>
        )}
        {step === 'error' && error && (
          <p className="text-sm text-red-400" role="alert">
            {error}
          </p>
        )}
        <DialogFooter>
          {step === 'prepare' && (
            <Button
              onClick={() => wallet.accountId && void run(() => purchase(wallet.accountId as string))}
              disabled={!balances.isReady || balances.isLoading || insufficient}
            >
              Purchase
            </Button>
          )}
          {busy && <Button disabled>{step === 'approve' ? 'Waiting for approval…' : 'Processing…'}</Button>}
          {step === 'execute' && waitingSince !== null && <Button disabled>Processing…</Button>}
          {stalled && <Button onClick={() => void stalled()}>Check again</Button>}
          {step === 'error' && retryable && wallet.accountId && <Button onClick={() => void run(() => purchase(wallet.accountId as string))}>Try Again</Button>}
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
