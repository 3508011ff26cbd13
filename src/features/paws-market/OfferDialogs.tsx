import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { formatPaws } from '../../lib/format';
import { LedgerStalledNotice, LedgerWaitNotice } from '../ledger/LedgerWaitNotice';
import { requireLedgerSuccess, waitForLedger } from '../ledger/ledger-wait-client';
import { forgetTransaction, rememberTransaction } from '../ledger/kept-transactions';
import { toast } from '../toast/toast-store';
import { type CancelledOffer, type PublicOffer, acceptOffer, cancelOffer } from './offer-client';
import { figuresStore } from '../market-stats/market-stats-client';
import { rankText } from '../tiger/tiers';
import { type SaleCandidate, againstFloor, offerTarget, saleWarnings } from './offer-screen-rules';
import { $myListings, $ownedNfts, prepareNftAllowance, prepareTokenAllowance, refreshAfterTrade } from './paws-client';
import { SaleChoice } from './SaleChoice';
import { approveInWallet, useOfferFlow } from './use-offer-flow';
import { TransactionId } from '../ledger/TransactionId';

/** What closing a dialog while the wallet is asked means. */
const PENDING_APPROVAL_NOTE = 'You can close this window. Your wallet may still ask you to approve; if you approve, choose the action again to finish it.';

const NO_SERIALS: readonly number[] = [];

/** An offer the signed-in owner can fill, with the tigers of theirs it matches. */
export interface AcceptTarget {
  offer: PublicOffer;
  serials: readonly number[];
  sellerId: string;
}

type AcceptStep = 'confirm' | 'approve' | 'settle' | 'success' | 'error';

/** The seller's tigers an offer can take, with what the choice shows of each (their art, rank and PAWS listing). */
function useSaleCandidates(serials: readonly number[]): { candidates: SaleCandidate[]; owned: readonly { rarityRank: number | null }[] } {
  const owned = useStore($ownedNfts).data?.nfts;
  const listings = useStore($myListings).data?.listings;
  return useMemo(() => {
    const candidates = serials.map((serial) => {
      const nft = owned?.find((entry) => entry.serialNumber === serial);
      const listing = listings?.find((entry) => entry.serialNumber === serial && entry.status === 'active');
      return {
        serial,
        name: nft?.nftName || `Wild Tiger #${serial}`,
        image: nft?.nftImage ?? null,
        rank: nft?.rarityRank ?? null,
        listedAt: listing ? Number(listing.pawsPrice) : null,
      };
    });
    return { candidates, owned: owned ?? [] };
  }, [serials, owned, listings]);
}

/**
 * Accepting an offer: for a collection offer the owner chooses the tiger from their matching ones
 * (nothing is chosen for them) and sees what they sell against the floor, with warnings; then they
 * approve the marketplace for it in the wallet if needed, and the server settles the sale (followed
 * on the ledger while it settles).
 */
export function AcceptOfferDialog({ target, onClose }: { target: AcceptTarget | null; onClose: () => void }) {
  const flow = useOfferFlow<AcceptStep>('confirm', 'Failed to accept the offer');
  const [serial, setSerial] = useState<number | null>(null);
  const [sold, setSold] = useState<{ transactionId: string; serialNumber: number } | null>(null);
  const { candidates, owned } = useSaleCandidates(target?.serials ?? NO_SERIALS);
  const floor = useStore(figuresStore('paws')).data?.figures.floor;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the flow restarts when another offer is opened
  useEffect(() => {
    flow.reset();
    setSold(null);
    // An item offer names its tiger; a collection offer's tiger is the seller's choice, never made for them.
    setSerial(target?.offer.kind === 'item' ? (target.serials[0] ?? null) : null);
  }, [target]);

  if (!target) return null;
  const { offer, sellerId } = target;
  const chosen = candidates.find((candidate) => candidate.serial === serial) ?? null;
  const amount = Number(offer.pawsAmount);
  const warnings = chosen ? saleWarnings(chosen, amount, owned) : [];
  const floorText = againstFloor(amount, floor);
  const busy = flow.step === 'approve' || (flow.step === 'settle' && !flow.stalled);

  function close(): void {
    flow.reset();
    onClose();
  }

  function accept(chosen: number): Promise<void> {
    return flow.run(async (screen) => {
      screen.setStep('settle', true);
      let answer = await acceptOffer(sellerId, offer.id, chosen);
      if (answer.status === 'approval') {
        screen.setStep('approve');
        const prepared = await prepareNftAllowance(sellerId, chosen);
        const approvalId = await approveInWallet(prepared, 'nft-allowance', null, (why) =>
          screen.setNote(`${why}. If you approve it in your wallet, the sale goes on once the ledger confirms it.`),
        );
        screen.setStep('settle', true);
        answer = await acceptOffer(sellerId, offer.id, chosen, approvalId);
        if (answer.status === 'approval') throw new Error('Approve the marketplace for this tiger in your wallet to accept the offer');
      }
      rememberTransaction(sellerId, answer.transactionId);
      // The sale succeeded on the ledger; the refreshed lists need the mirror node to show it.
      if ((await waitForLedger(answer.transactionId)).state !== 'pending') forgetTransaction(answer.transactionId);
      refreshAfterTrade();
      toast({ title: 'Offer Accepted', description: `Wild Tiger #${chosen} sold for ${formatPaws(offer.pawsAmount)} PAWS.` });
      setSold({ transactionId: answer.transactionId, serialNumber: chosen });
      screen.setStep('success');
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && (!busy || flow.step === 'approve') && close()}>
      <DialogContent closeLabel="Close offer" pendingNote={flow.step === 'approve' ? PENDING_APPROVAL_NOTE : null}>
        <DialogHeader>
          <DialogTitle>{flow.step === 'success' ? 'Offer Accepted' : 'Accept Offer'}</DialogTitle>
          <DialogDescription>
            {flow.step === 'approve'
              ? 'Approve the marketplace for this tiger in your wallet.'
              : flow.step === 'settle'
                ? 'Settling on the Hedera ledger…'
                : flow.step === 'success' && sold
                  ? `Wild Tiger #${sold.serialNumber} went to ${offer.buyerId} for ${formatPaws(offer.pawsAmount)} PAWS.`
                  : `${offerTarget(offer)}: ${formatPaws(offer.pawsAmount)} PAWS from ${offer.buyerId}. The tiger and the PAWS change hands in one transaction.`}
          </DialogDescription>
        </DialogHeader>
        {(flow.step === 'confirm' || flow.step === 'error') && offer.kind !== 'item' && (
          <SaleChoice candidates={candidates} chosen={serial} onChoose={setSerial} />
        )}
        {(flow.step === 'confirm' || flow.step === 'error') && chosen && (
          <div className="grid gap-1 rounded-lg border border-border bg-muted/40 p-3 text-sm" data-testid="sale-summary">
            <p>
              You sell <strong>{chosen.name}</strong> ({rankText(chosen.rank)}) for <strong>{formatPaws(amount)} PAWS</strong>
              {floorText ? `, ${floorText}` : ''}.
            </p>
            {warnings.map((warning) => (
              <p key={warning} className="text-amber-200">
                {warning}
              </p>
            ))}
          </div>
        )}
        {flow.note && flow.step === 'settle' && <p className="text-sm text-muted-foreground">{flow.note}</p>}
        {flow.waitingSince !== null && <LedgerWaitNotice since={flow.waitingSince} />}
        {flow.stalled && <LedgerStalledNotice />}
        {flow.step === 'success' && sold && (
          <p className="text-xs text-muted-foreground">
            Transaction <TransactionId transactionId={sold.transactionId} />
          </p>
        )}
        {flow.step === 'error' && flow.error && (
          <p className="text-sm text-red-400" role="alert">
            {flow.error}
          </p>
        )}
        <DialogFooter>
          {flow.step === 'confirm' && (
            <Button onClick={() => serial !== null && void accept(serial)} disabled={!offer.funded || serial === null}>
              {offer.funded ? 'Accept Offer' : 'Unfunded'}
            </Button>
          )}
          {busy && <Button disabled>{flow.step === 'approve' ? 'Waiting for approval…' : 'Processing…'}</Button>}
          {flow.stalled && <Button onClick={() => void flow.stalled?.()}>Check again</Button>}
          {flow.step === 'error' && flow.retryable && serial !== null && <Button onClick={() => void accept(serial)}>Try Again</Button>}
          {(flow.step === 'success' || flow.step === 'error' || flow.stalled) && (
            <Button variant="outline" onClick={close}>
              Close
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** An offer of the signed-in buyer to cancel. */
export interface CancelTarget {
  offer: PublicOffer;
  buyerId: string;
}

type CancelStep = 'confirm' | 'cancelling' | 'cancelled' | 'approve' | 'lowering' | 'lowered' | 'error';

/** Cancelling an offer, then offering to lower the PAWS allowance to what the buyer's other offers still reserve. */
export function CancelOfferDialog({ target, onClose }: { target: CancelTarget | null; onClose: () => void }) {
  const flow = useOfferFlow<CancelStep>('confirm', 'Failed to cancel the offer');
  const [cancelled, setCancelled] = useState<CancelledOffer | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the flow restarts when another offer is opened
  useEffect(() => {
    flow.reset();
    setCancelled(null);
  }, [target]);

  if (!target) return null;
  const { offer, buyerId } = target;
  const busy = flow.step === 'cancelling' || flow.step === 'approve' || (flow.step === 'lowering' && !flow.stalled);
  const lowerTo = cancelled?.allowance.lowerTo ?? null;

  function close(): void {
    flow.reset();
    onClose();
  }

  function cancel(): Promise<void> {
    return flow.run(async (screen) => {
      screen.setStep('cancelling');
      const answer = await cancelOffer(offer.id);
      setCancelled(answer);
      toast({ title: 'Offer Cancelled', description: `Your offer of ${formatPaws(offer.pawsAmount)} PAWS is cancelled.` });
      screen.setStep('cancelled');
    });
  }

  function lower(amount: string): Promise<void> {
    return flow.run(async (screen) => {
      screen.setStep('approve');
      const prepared = await prepareTokenAllowance(buyerId, amount);
      const id = await approveInWallet(prepared, 'paws-allowance', 'Token allowance approval failed', (why) =>
        screen.setNote(`${why}. If you approve it in your wallet, the allowance is lowered once the ledger confirms it.`),
      );
      screen.setStep('lowering', true);
      requireLedgerSuccess(await waitForLedger(id), 'Token allowance approval failed');
      toast({ title: 'Allowance Lowered', description: `The marketplace may now spend ${formatPaws(amount)} PAWS of yours.` });
      screen.setStep('lowered');
    });
  }

  const allowanceText =
    cancelled && lowerTo !== null
      ? `The marketplace may still spend ${formatPaws(cancelled.allowance.current)} PAWS of yours; your other offers need ${formatPaws(lowerTo)}. Lower the allowance to ${formatPaws(lowerTo)} PAWS?`
      : null;

  return (
    <Dialog open onOpenChange={(open) => !open && (!busy || flow.step === 'approve') && close()}>
      <DialogContent closeLabel="Close offer" pendingNote={flow.step === 'approve' ? PENDING_APPROVAL_NOTE : null}>
        <DialogHeader>
          <DialogTitle>
            {flow.step === 'confirm' || flow.step === 'cancelling' ? 'Cancel Offer?' : flow.step === 'lowered' ? 'Allowance Lowered' : 'Offer Cancelled'}
          </DialogTitle>
          <DialogDescription>
            {flow.step === 'confirm' || flow.step === 'cancelling'
              ? `${offerTarget(offer)}: your offer of ${formatPaws(offer.pawsAmount)} PAWS${offer.quantity > 1 ? ` each for ${offer.remaining} more tigers` : ''}.`
              : flow.step === 'approve'
                ? 'Approve the lower allowance in your wallet.'
                : flow.step === 'lowering'
                  ? 'Checking the approval on the ledger…'
                  : flow.step === 'lowered'
                    ? `The marketplace may now spend ${formatPaws(lowerTo ?? '0')} PAWS of yours.`
                    : cancelled
                      ? (allowanceText ?? 'Your offer is cancelled.')
                      : 'The offer could not be cancelled.'}
          </DialogDescription>
        </DialogHeader>
        {flow.note && flow.step === 'lowering' && <p className="text-sm text-muted-foreground">{flow.note}</p>}
        {flow.waitingSince !== null && <LedgerWaitNotice since={flow.waitingSince} />}
        {flow.stalled && <LedgerStalledNotice />}
        {flow.step === 'error' && flow.error && (
          <p className="text-sm text-red-400" role="alert">
            {flow.error}
          </p>
        )}
        <DialogFooter>
          {flow.step === 'confirm' && (
            <>
              <Button variant="outline" onClick={close}>
                Keep Offer
              </Button>
              <Button variant="destructive" onClick={() => void cancel()}>
                Cancel Offer
              </Button>
            </>
          )}
          {busy && <Button disabled>{flow.step === 'approve' ? 'Waiting for approval…' : 'Processing…'}</Button>}
          {flow.stalled && <Button onClick={() => void flow.stalled?.()}>Check again</Button>}
          {flow.step === 'cancelled' && lowerTo !== null && <Button onClick={() => void lower(lowerTo)}>Lower Allowance</Button>}
          {flow.step === 'error' && flow.retryable && (
            <Button onClick={() => void (cancelled && lowerTo !== null ? lower(lowerTo) : cancel())}>Try Again</Button>
          )}
          {(flow.step === 'cancelled' || flow.step === 'lowered' || flow.step === 'error' || flow.stalled) && (
            <Button variant="outline" onClick={close}>
              {flow.step === 'cancelled' && lowerTo !== null ? 'Keep Allowance' : 'Close'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
