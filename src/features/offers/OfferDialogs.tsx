import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { formatPaws } from '@/lib/format';
import { errorText } from '@/lib/api/error-text';
import { pendingActions } from '@/features/ledger/kept-transactions';
import { toast } from '@/features/toast/toast-store';
import { useWriteDialog } from '@/features/writes/use-writes';
import type { WriteStep } from '@/features/writes/write-store';
import { isUnderWay } from '@/features/writes/write-progress';
import { WriteDialog } from '@/features/writes/WriteDialog';
import { startAcceptOffer } from './accept-offer-write';
import { startLowerAllowance } from './lower-allowance-write';
import { type CancelledOffer, type PublicOffer, cancelOffer } from './offer-client';
import { offersTryAgain } from '@/features/writes/run-write';
import { figuresStore } from '@/features/market-stats/market-stats-client';
import { rankText } from '@/features/tiger/tiers';
import { type SaleCandidate, acceptWriteId, againstFloor, lowerAllowanceWriteId, offerTarget, saleWarnings } from './offer-screen-rules';
import { $myListings, $ownedNfts } from '@/features/paws-market/paws-client';
import { SaleChoice } from './SaleChoice';
import { AccountName } from '@/features/accounts/AccountName';
import { SellerProceeds } from '@/features/paws-market/SaleFees';

const NO_SERIALS: readonly number[] = [];

/** An offer the signed-in owner can fill, with the tigers of theirs it matches. */
export interface AcceptTarget {
  offer: PublicOffer;
  serials: readonly number[];
  sellerId: string;
}

type AcceptStep = 'confirm' | 'approve' | 'settle' | 'success' | 'error';

const ACCEPT_STEP_OF: Record<WriteStep, AcceptStep> = {
  prepare: 'settle',
  confirm: 'settle',
  wallet: 'approve',
  ledger: 'settle',
  stalled: 'settle',
  done: 'success',
  failed: 'error',
};

/** Closing the dialog while the sale goes on. */
const SALE_PENDING_NOTE = 'You can close this window: the sale goes on, and the bar at the bottom of the page shows it until it is done.';

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
  const [serial, setSerial] = useState<number | null>(null);
  const { candidates, owned } = useSaleCandidates(target?.serials ?? NO_SERIALS);
  const floor = useStore(figuresStore('paws')).data?.figures.floor;
  const { write, close: endWrite } = useWriteDialog(target && acceptWriteId(target.sellerId, target.offer.id), () => {
    // An item offer names its tiger; a collection offer's tiger is the seller's choice, never made for them.
    setSerial(target?.offer.kind === 'item' ? (target.serials[0] ?? null) : null);
    // A sale whose approval waits for the ledger goes on from there.
    if (target && pendingActions('accept', target.sellerId).some((action) => action.offerId === target.offer.id))
      void startAcceptOffer(target.sellerId, target.offer, target.serials[0] ?? 0);
  });

  if (!target) return null;
  const { offer, sellerId } = target;
  const step: AcceptStep = write ? ACCEPT_STEP_OF[write.step] : 'confirm';
  const chosen = candidates.find((candidate) => candidate.serial === serial) ?? null;
  const amount = Number(offer.pawsAmount);
  const warnings = chosen ? saleWarnings(chosen, amount, owned) : [];
  const floorText = againstFloor(amount, floor);
  const accept = (chosen: number) => void startAcceptOffer(sellerId, offer, chosen);

  function close(): void {
    endWrite();
    onClose();
  }

  return (
    <WriteDialog
      write={write}
      onClose={close}
      closeLabel="Close offer"
      pendingNote={SALE_PENDING_NOTE}
      title={step === 'success' ? 'Offer Accepted' : 'Accept Offer'}
      description={
        step === 'approve' ? (
          'Approve the marketplace for this tiger in your wallet.'
        ) : step === 'settle' ? (
          'Settling on the Hedera ledger…'
        ) : step === 'success' && write?.serial ? (
          <>
            Wild Tiger #{write.serial} went to <AccountName accountId={offer.buyerId} /> for {formatPaws(offer.pawsAmount)} PAWS.
          </>
        ) : (
          <>
            {offerTarget(offer)}: {formatPaws(offer.pawsAmount)} PAWS from <AccountName accountId={offer.buyerId} />. The tiger and the PAWS change hands in one
            transaction.
          </>
        )
      }
      progressLabel="Sale progress"
      onRetry={serial !== null ? () => accept(serial) : undefined}
      actions={
        step === 'confirm' && (
          <Button onClick={() => serial !== null && accept(serial)} disabled={!offer.funded || serial === null}>
            {offer.funded ? 'Accept Offer' : 'Unfunded'}
          </Button>
        )
      }
    >
      {(step === 'confirm' || step === 'error') && offer.kind !== 'item' && <SaleChoice candidates={candidates} chosen={serial} onChoose={setSerial} />}
      {(step === 'confirm' || step === 'error') && chosen && (
        <div className="grid gap-1 rounded-lg border border-border bg-muted/40 p-3 text-sm" data-testid="sale-summary">
          <p>
            You sell <strong>{chosen.name}</strong> ({rankText(chosen.rank)}) for <strong>{formatPaws(amount)} PAWS</strong>
            {floorText ? `, ${floorText}` : ''}.
          </p>
          <SellerProceeds price={offer.pawsAmount} sellerId={sellerId} buyerId={offer.buyerId} />
          {warnings.map((warning) => (
            <p key={warning} className="text-amber-200">
              {warning}
            </p>
          ))}
        </div>
      )}
      {step === 'confirm' && chosen && (
        <p className="text-xs text-muted-foreground">
          If the marketplace may not move this tiger yet, your wallet first asks you to approve it: it moves the tiger only to this buyer, in the same
          transaction that pays you. The offer is checked before your wallet is asked for anything.
        </p>
      )}
    </WriteDialog>
  );
}

/** An offer of the signed-in buyer to cancel. */
export interface CancelTarget {
  offer: PublicOffer;
  buyerId: string;
}

/** The cancel's own step (a server call), before the optional lowering of the allowance (a write). */
type CancelState = { step: 'confirm' | 'cancelling' } | { step: 'cancelled'; result: CancelledOffer } | { step: 'error'; error: string; retryable: boolean };

/** Closing the dialog while the allowance is lowered. */
const LOWER_PENDING_NOTE = 'You can close this window: the allowance goes on being lowered, and the bar at the bottom of the page shows it until it is done.';

/**
 * Cancelling an offer, then offering to lower the PAWS allowance to what the buyer's other offers
 * still reserve: a write of its own (lower-allowance-write.ts), shown here step by step, that goes
 * on when the dialog closes.
 */
export function CancelOfferDialog({ target, onClose }: { target: CancelTarget | null; onClose: () => void }) {
  const [cancel, setCancel] = useState<CancelState>({ step: 'confirm' });
  const cancelled = cancel.step === 'cancelled' ? cancel.result : null;
  const { write: lowering, close: endWrite } = useWriteDialog(target && cancelled ? lowerAllowanceWriteId(target.buyerId) : null, () => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts again when another offer is opened
  useEffect(() => setCancel({ step: 'confirm' }), [target]);

  if (!target) return null;
  const { offer, buyerId } = target;
  const lowerTo = cancelled?.allowance.lowerTo ?? null;
  // The buyer's lowering to this amount; one to another amount (after another cancel) is not this dialog's.
  const write = lowering?.amount === lowerTo ? lowering : undefined;
  const otherLowering = isUnderWay(lowering) && !write;
  const lowered = write?.step === 'done';

  function close(): void {
    endWrite();
    onClose();
  }

  async function cancelIt(): Promise<void> {
    setCancel({ step: 'cancelling' });
    try {
      const result = await cancelOffer(offer.id);
      toast({ title: 'Offer Cancelled', description: `Your offer of ${formatPaws(offer.pawsAmount)} PAWS is cancelled.` });
      setCancel({ step: 'cancelled', result });
    } catch (failure) {
      const error = errorText(failure, 'Failed to cancel the offer');
      setCancel({ step: 'error', error, retryable: offersTryAgain(failure, error) });
    }
  }

  const lower = () => lowerTo !== null && void startLowerAllowance(buyerId, lowerTo);
  const allowanceText =
    cancelled && lowerTo !== null
      ? `The marketplace may still spend ${formatPaws(cancelled.allowance.current)} PAWS of yours; your other offers need ${formatPaws(lowerTo)}. Lower the allowance to ${formatPaws(lowerTo)} PAWS?`
      : null;

  const asking = cancel.step === 'confirm' || cancel.step === 'cancelling';
  return (
    <WriteDialog
      write={write}
      onClose={close}
      closeLabel="Close offer"
      pendingNote={LOWER_PENDING_NOTE}
      title={asking ? 'Cancel Offer?' : lowered ? 'Allowance Lowered' : 'Offer Cancelled'}
      description={
        asking
          ? `${offerTarget(offer)}: your offer of ${formatPaws(offer.pawsAmount)} PAWS${offer.quantity > 1 ? ` each for ${offer.remaining} more tigers` : ''}.`
          : cancel.step === 'error'
            ? 'The offer could not be cancelled.'
            : write?.step === 'wallet'
              ? 'Approve the lower allowance in your wallet.'
              : write?.step === 'ledger' || write?.step === 'stalled'
                ? 'Checking the approval on the ledger…'
                : lowered
                  ? `The marketplace may now spend ${formatPaws(lowerTo ?? '0')} PAWS of yours.`
                  : (allowanceText ?? 'Your offer is cancelled.')
      }
      progressLabel="Allowance progress"
      onRetry={lower}
      dismissLabel={asking ? null : cancelled && !write && lowerTo !== null ? 'Keep Allowance' : 'Close'}
      actions={
        <>
          {cancel.step === 'confirm' && (
            <>
              <Button variant="outline" onClick={close}>
                Keep Offer
              </Button>
              <Button variant="destructive" onClick={() => void cancelIt()}>
                Cancel Offer
              </Button>
            </>
          )}
          {cancel.step === 'cancelling' && <Button disabled>Processing…</Button>}
          {cancelled && !write && lowerTo !== null && (
            <Button onClick={lower} disabled={otherLowering}>
              Lower Allowance
            </Button>
          )}
          {cancel.step === 'error' && cancel.retryable && <Button onClick={() => void cancelIt()}>Try Again</Button>}
        </>
      }
    >
      {cancel.step === 'error' && (
        <p className="text-sm text-red-400" role="alert">
          {cancel.error}
        </p>
      )}
    </WriteDialog>
  );
}
