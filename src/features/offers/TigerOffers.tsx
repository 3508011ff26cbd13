import { FIELD_CLASS } from '@/components/ui/field-class';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { formatPaws } from '@/lib/format';
import { $balances } from '@/features/balances/balance-store';
import { $wallet, authenticate } from '@/features/wallet/wallet-store';
import { $offerSerial, $tigerOffers, type OfferRequest, type PublicOffer, newOfferId } from './offer-client';
import { MAX_OFFER_QUANTITY, OFFER_TIERS, type OfferTier } from './offer-rules';
import type { AcceptTarget, CancelTarget } from './OfferDialogs';
import { AcceptOfferDialog, CancelOfferDialog } from './lazy-dialogs';
import {
  DEFAULT_EXPIRY,
  EXPIRY_CHOICES,
  type ExpiryChoice,
  bestOfferText,
  collectionQuantityProblem,
  expiryFor,
  expiryText,
  offerAmountProblem,
  makeOfferWriteId,
  offerTarget,
} from './offer-screen-rules';
import { startMakeOffer } from './make-offer-write';
import { $writes, type WriteStep } from '@/features/writes/write-store';
import { dismissWrite, isUnderWay } from '@/features/writes/write-progress';
import { WriteProgress } from '@/features/writes/WriteProgress';
import { signInState } from '@/features/wallet/sign-in-state';
import { SessionCheck } from '@/features/wallet/SessionCheck';
import { AccountName } from '@/features/accounts/AccountName';
import { BuyerCost } from '@/features/paws-market/SaleFees';
import { type AllowanceBudget, useAllowanceBudget } from '@/features/paws-market/allowance-budget-client';
import { allowanceAskText } from '@/features/paws-market/allowance-ask';

/** One offer in a list: amount, what it asks for, buyer, expiry, funded or not, and its action. */
export function OfferRow({ offer, viewerId, action }: { offer: PublicOffer; viewerId: string | null; action?: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-lg border border-border bg-card p-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-bold text-primary">{formatPaws(offer.pawsAmount)} PAWS</span>
          {offer.kind === 'collection' && <Badge variant="outline">Collection offer</Badge>}
          {offer.funded ? null : offer.status === 'open' ? <Badge variant="destructive">Unfunded</Badge> : null}
          {offer.status === 'filled' && <Badge variant="success">Filled</Badge>}
        </p>
        <p className="text-sm wrap-anywhere">
          {offerTarget(offer)}
          {offer.kind === 'collection' && offer.quantity > 1 && ` · ${offer.remaining} of ${offer.quantity} left`}
        </p>
        <p className="text-xs text-muted-foreground wrap-anywhere">
          From <AccountName accountId={offer.buyerId} />
          {offer.buyerId === viewerId && ' (you)'} · {offer.status === 'filled' ? 'Filled' : expiryText(offer.expiresAt)}
        </p>
      </div>
      {action}
    </li>
  );
}

type MakeStep = 'input' | 'approve' | 'confirm' | 'success' | 'error';

const MAKE_STEP_OF: Record<WriteStep, MakeStep> = {
  prepare: 'confirm',
  confirm: 'confirm',
  wallet: 'approve',
  ledger: 'confirm',
  stalled: 'confirm',
  done: 'success',
  failed: 'error',
};

/** What making an offer of `total` PAWS will ask of the wallet, as the budget stands: nothing, or an approval and why. */
function offerAskText(budget: AllowanceBudget | null, total: number): string {
  if (!budget) return 'If your PAWS allowance to the marketplace does not cover this offer beside your open offers, your wallet asks you to raise it first.';
  const needed = Number(budget.reserved) + total;
  if (Number(budget.allowance) >= needed) {
    return `Your PAWS allowance to the marketplace (${formatPaws(budget.allowance)}) covers this offer beside your open offers (${formatPaws(budget.reserved)}): no wallet prompt.`;
  }
  return allowanceAskText(String(needed), String(total), budget.reserved, 'this offer');
}

/**
 * The offer form of a signed-in buyer: an item offer on one tiger, or a collection offer (any
 * tiger, optionally of a minimum tier and with a trait, up to a quantity), in PAWS with at most 2
 * decimals and an expiry, through the PAWS allowance in the wallet and the wait for the ledger.
 */
export function MakeOfferForm({ serial, buyerId, ownerId = null }: { serial: number | null; buyerId: string; ownerId?: string | null }) {
  const balances = useStore($balances);
  const [amount, setAmount] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>(DEFAULT_EXPIRY);
  const [quantity, setQuantity] = useState('1');
  const [minTier, setMinTier] = useState<OfferTier | ''>('');
  const [traitType, setTraitType] = useState('');
  const [traitValue, setTraitValue] = useState('');
  /** This offer's id, kept for every attempt (a repeated request makes it once); a new one after it is made. */
  const [offerId, setOfferId] = useState(newOfferId);
  const [made, setMade] = useState(false);
  const write = useStore($writes)[makeOfferWriteId(buyerId, offerId)];
  const step: MakeStep = write ? MAKE_STEP_OF[write.step] : made ? 'success' : 'input';
  // The holder's allowance budget, read again after each offer: what the wallet will be asked for, said before it opens.
  const budget = useAllowanceBudget(buyerId, offerId);

  // Once made: the form is ready for the next offer, under a new id ('Offer Made' shows until that one is sent).
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once, when this offer is made
  useEffect(() => {
    if (write?.step !== 'done') return;
    dismissWrite(write.id);
    setAmount('');
    setMade(true);
    setOfferId(newOfferId());
  }, [write?.step]);
  const ids = useId();
  const units = serial === null ? Number(quantity) : 1;
  const quantityProblem = collectionQuantityProblem(quantity);
  const traitProblem = (traitType.trim() === '') !== (traitValue.trim() === '') ? 'Give both the trait and its value, or neither' : undefined;
  const problem =
    (amount === '' ? undefined : offerAmountProblem(amount, balances.isReady ? Number(balances.pawsBalance) : undefined, units)) ??
    (serial === null ? (quantityProblem ?? traitProblem) : undefined);
  const editable = !isUnderWay(write);
  const retryable = write?.step === 'failed' && write.retryable;

  function submit(): void {
    const terms = { pawsAmount: amount.trim(), expiresAt: expiryFor(expiry, Date.now()) };
    const request: OfferRequest =
      serial !== null
        ? { kind: 'item', serialNumber: serial, ...terms }
        : {
            kind: 'collection',
            quantity: Number(quantity),
            ...(minTier ? { minTier } : {}),
            ...(traitType.trim() ? { trait: { traitType: traitType.trim(), value: traitValue.trim() } } : {}),
            ...terms,
          };
    setMade(false);
    void startMakeOffer(buyerId, offerId, request);
  }

  return (
    <form
      className="grid gap-3 rounded-lg border border-border p-3"
      aria-label="Make an offer"
      onSubmit={(event) => {
        event.preventDefault();
        if (editable && amount !== '' && !problem) submit();
      }}
    >
      <h4 className="font-semibold">{serial === null ? 'Make a collection offer' : 'Make an offer'}</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={`${ids}-amount`} className="text-sm font-medium">
            {serial === null ? 'Offer per tiger (PAWS)' : 'Offer (PAWS)'}
          </label>
          <input
            id={`${ids}-amount`}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={amount}
            disabled={!editable}
            onChange={(event) => setAmount(event.target.value)}
            className={FIELD_CLASS}
            aria-invalid={problem !== undefined}
            aria-describedby={`${ids}-hint`}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${ids}-expiry`} className="text-sm font-medium">
            Expires in
          </label>
          <select
            id={`${ids}-expiry`}
            value={expiry}
            disabled={!editable}
            onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
            className={FIELD_CLASS}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        {serial === null && (
          <>
            <div className="grid gap-1">
              <label htmlFor={`${ids}-quantity`} className="text-sm font-medium">
                Tigers wanted
              </label>
              <input
                id={`${ids}-quantity`}
                type="number"
                inputMode="numeric"
                step="1"
                min="1"
                max={MAX_OFFER_QUANTITY}
                value={quantity}
                disabled={!editable}
                onChange={(event) => setQuantity(event.target.value)}
                className={FIELD_CLASS}
                aria-invalid={quantityProblem !== undefined}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${ids}-tier`} className="text-sm font-medium">
                Lowest tier
              </label>
              <select
                id={`${ids}-tier`}
                value={minTier}
                disabled={!editable}
                onChange={(event) => setMinTier(event.target.value as OfferTier | '')}
                className={FIELD_CLASS}
              >
                <option value="">Any tier</option>
                {OFFER_TIERS.slice(1).map((tier) => (
                  <option key={tier} value={tier}>
                    {tier} or rarer
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${ids}-trait-type`} className="text-sm font-medium">
                Trait (optional)
              </label>
              <input
                id={`${ids}-trait-type`}
                value={traitType}
                maxLength={64}
                placeholder="Background"
                disabled={!editable}
                onChange={(event) => setTraitType(event.target.value)}
                className={FIELD_CLASS}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${ids}-trait-value`} className="text-sm font-medium">
                Trait value
              </label>
              <input
                id={`${ids}-trait-value`}
                value={traitValue}
                maxLength={128}
                placeholder="Dusk Purple"
                disabled={!editable}
                onChange={(event) => setTraitValue(event.target.value)}
                className={FIELD_CLASS}
                aria-invalid={traitProblem !== undefined}
              />
            </div>
          </>
        )}
      </div>
      <p id={`${ids}-hint`} className={problem ? 'text-sm text-red-400' : 'text-xs text-muted-foreground'}>
        {problem ??
          (step === 'approve'
            ? 'Approve the marketplace to spend your offers’ PAWS in your wallet.'
            : step === 'confirm'
              ? 'Checking your PAWS on the ledger…'
              : 'Your PAWS stay in your wallet until the owner accepts.')}
      </p>
      {!problem && amount !== '' && step !== 'approve' && step !== 'confirm' && <BuyerCost price={amount} sellerId={ownerId ?? ''} buyerId={buyerId} />}
      {!problem && amount !== '' && (step === 'input' || step === 'success') && (
        <p className="text-xs text-muted-foreground" data-testid="offer-allowance-ask">
          {offerAskText(budget, Number(amount) * units)}
        </p>
      )}
      <WriteProgress write={write} label="Offer progress" steps={!!write && write.steps.length > 1} />
      {step === 'success' && (
        <p role="status" className="text-sm text-emerald-300">
          Offer Made
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {editable && (
          <Button type="submit" disabled={amount === '' || problem !== undefined}>
            {retryable ? 'Try Again' : 'Make Offer'}
          </Button>
        )}
        {isUnderWay(write) && write.step !== 'stalled' && <Button disabled>{step === 'approve' ? 'Waiting for approval…' : 'Processing…'}</Button>}
      </div>
    </form>
  );
}

/**
 * The offers on one tiger (funded or not) and its best offer. A signed-in non-owner makes an item
 * offer and cancels their own; the owner accepts a funded offer. Rendered by the tiger view and
 * the PAWS market's cards. `reopenOfferId` (the tray's link to an accept under way) opens that
 * offer's accept dialog once the offer is listed.
 */
export function TigerOffers({ serial, ownerId, reopenOfferId = null }: { serial: number; ownerId: string | null; reopenOfferId?: string | null }) {
  const wallet = useStore($wallet);
  const offers = useStore($tigerOffers);
  const [accepting, setAccepting] = useState<AcceptTarget | null>(null);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const viewer = wallet.accountId ?? null;
  const signedIn = wallet.isConnected && wallet.isAuthenticated && viewer !== null;
  const isOwner = viewer !== null && viewer === ownerId;

  useEffect(() => {
    $offerSerial.set(serial);
  }, [serial]);

  const data = $offerSerial.get() === serial ? offers.data : undefined;
  const list = data?.offers ?? [];

  // Once per link: a later read of the offers does not open it again.
  const reopened = useRef<string | null>(null);
  const offerToReopen = isOwner && viewer && reopened.current !== reopenOfferId ? list.find((offer) => offer.id === reopenOfferId) : undefined;
  useEffect(() => {
    if (!offerToReopen || !viewer) return;
    reopened.current = offerToReopen.id;
    setAccepting({ offer: offerToReopen, serials: [serial], sellerId: viewer });
  }, [offerToReopen, serial, viewer]);

  return (
    <section className="grid gap-3" aria-labelledby={`offers-${serial}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`offers-${serial}`} className="text-lg font-bold">
          Offers
        </h3>
        {data && <p className="text-sm font-semibold">{bestOfferText(data.best?.pawsAmount)}</p>}
      </div>
      {!data && offers.loading ? (
        <p className="text-sm text-muted-foreground">Loading offers…</p>
      ) : offers.error && !data ? (
        <p className="text-sm text-red-400">Failed to fetch offers</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No offers on this tiger yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label={`Offers on Wild Tiger #${serial}`}>
          {list.map((offer) => (
            <OfferRow
              key={offer.id}
              offer={offer}
              viewerId={viewer}
              action={
                signedIn && offer.buyerId === viewer ? (
                  <Button size="sm" variant="outline" onClick={() => setCancelling({ offer, buyerId: viewer })}>
                    Cancel Offer
                  </Button>
                ) : signedIn && isOwner ? (
                  <Button size="sm" disabled={!offer.funded} onClick={() => setAccepting({ offer, serials: [serial], sellerId: viewer })}>
                    {offer.funded ? 'Accept' : 'Unfunded'}
                  </Button>
                ) : null
              }
            />
          ))}
        </ul>
      )}
      {!viewer ? (
        <p className="text-sm text-muted-foreground">Connect your wallet to make an offer.</p>
      ) : signInState(wallet) === 'checking' ? (
        <SessionCheck placeholders={false} />
      ) : !signedIn ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>Sign in to make an offer.</span>
          <Button size="sm" variant="outline" onClick={() => void authenticate()} disabled={wallet.isAuthenticating}>
            {wallet.isAuthenticating ? 'Authenticating…' : 'Authenticate'}
          </Button>
        </div>
      ) : isOwner ? null : (
        <MakeOfferForm key={`${serial}-${viewer}`} serial={serial} buyerId={viewer} ownerId={ownerId} />
      )}
      <AcceptOfferDialog target={accepting} onClose={() => setAccepting(null)} />
      <CancelOfferDialog target={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}
