import { useStore } from '@nanostores/react';
import { TierBadge } from '@/features/tiger/TierBadge';
import { Button } from '@/components/ui/Button';
import { $balances } from '@/features/balances/balance-store';
import { NftMedia } from '@/features/tiger/NftMedia';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { toast } from '@/features/toast/toast-store';
import { formatAccountId } from '@/lib/format';
import { $wallet, authenticate, connectWallet } from '@/features/wallet/wallet-store';
import { LedgerWaitNotice } from '@/features/ledger/LedgerWaitNotice';
import { formatHbar, formatHbarPrice } from '@/lib/format';
import { type NftCardModel, cardTier } from './market-model';
import {
  type HbarPurchaseStep,
  PURCHASE_MESSAGES,
  hbarPurchaseWriteId,
  isBusy,
  pendingPurchaseNote,
  purchaseBlocker,
  purchaseDialogState,
} from './purchase-machine';
import { HBAR_PURCHASE_STEPS, purchaseFailureOf, resumeHbarPurchases, startHbarPurchase } from './hbar-purchase-write';
import { useWriteDialog } from '@/features/writes/use-writes';
import { WriteDialog } from '@/features/writes/WriteDialog';
import { checkWriteAgain, dismissWrite } from '@/features/writes/write-progress';
import { signInState } from '@/features/wallet/sign-in-state';
import { SessionCheck } from '@/features/wallet/SessionCheck';
import { rankText } from '@/features/tiger/tiers';
import { TransactionId } from '@/features/ledger/TransactionId';
import { Spinner, WriteSteps } from '@/features/writes/WriteSteps';

const PROGRESS: { step: HbarPurchaseStep; label: string; busy: string }[] = [
  { step: 'preparing', label: HBAR_PURCHASE_STEPS[0], busy: 'Preparing the transaction…' },
  { step: 'signing', label: HBAR_PURCHASE_STEPS[1], busy: 'Waiting for your wallet…' },
  { step: 'completing', label: HBAR_PURCHASE_STEPS[2], busy: PURCHASE_MESSAGES.ledgerWait },
];
// While the dialog waits for a wallet that timed out, the wallet's step is still the current one.
const shownStep = (step: HbarPurchaseStep): HbarPurchaseStep => (step === 'waiting' ? 'signing' : step);

function ProgressList({ step }: { step: HbarPurchaseStep }) {
  const current = step === 'success' ? PROGRESS.length : PROGRESS.findIndex((item) => item.step === shownStep(step));
  return <WriteSteps label="Purchase progress" steps={PROGRESS.map((item) => item.label)} current={current} />;
}

interface PurchaseDialogProps {
  card: NftCardModel | null;
  onClose: () => void;
}

/**
 * Spec 000 §4: the HBAR purchase dialog (confirm -> preparing -> signing -> completing -> success |
 * error). A wallet that times out leaves it waiting for the wallet or the ledger; opened on a tiger
 * whose purchase is still in progress, it follows that purchase instead of offering a new one.
 */
export function PurchaseDialog({ card, onClose }: PurchaseDialogProps) {
  const wallet = useStore($wallet);
  const balances = useStore($balances);
  const accountId = wallet.accountId;
  const id = card && accountId ? hbarPurchaseWriteId(accountId, card.serialId) : null;
  // Opened on a tiger whose purchase is kept for the ledger (a reload, another page), it follows that purchase.
  const { write, close: closeWrite } = useWriteDialog(id, () => accountId && resumeHbarPurchases(accountId));
  const state = purchaseDialogState(write, id ? purchaseFailureOf(id) : undefined);
  if (!card) return null;
  const listing = card.currentListing;
  const busy = isBusy(state.step);
  // Closable at every step: a purchase under way goes on without the dialog (the tray shows it), and the dialog says so.
  const pendingNote = pendingPurchaseNote(state.step);
  const signIn = signInState(wallet);
  const signedIn = signIn === 'signed-in';
  const tier = cardTier(card);
  const hbar = Number(balances.hbarBalance);
  const short = Boolean(listing && balances.isReady && balances.accountId === wallet.accountId && Number.isFinite(hbar) && hbar < listing.price);

  function close(): void {
    closeWrite();
    onClose();
  }

  function purchase(): void {
    if (!card || busy) return;
    const { accountId: buyer, isConnected, isAuthenticated } = $wallet.get();
    const blocked = purchaseBlocker({ isConnected, accountId: buyer, listed: Boolean(card.currentListing), isAuthenticated });
    if (blocked) return void toast({ ...blocked, variant: 'destructive' });
    if (buyer) void startHbarPurchase(buyer, card);
  }

  async function reconnect(): Promise<void> {
    const type = $wallet.get().walletType ?? PUBLIC_CONFIG.wallet;
    await connectWallet(type);
    if (id) dismissWrite(id);
  }

  const title =
    state.step === 'success'
      ? 'Purchase Successful!'
      : state.step === 'error'
        ? (state.error?.title ?? 'Purchase Failed')
        : state.step === 'waiting'
          ? PURCHASE_MESSAGES.walletWaitTitle
          : busy
            ? `Buying ${card.name}`
            : `Buy ${card.name}`;
  const description =
    state.step === 'success'
      ? `${card.name} is now yours. It leaves the listings and tops Recent Sales.`
      : state.step === 'error'
        ? (state.error?.description ?? '')
        : state.step === 'waiting'
          ? PURCHASE_MESSAGES.walletWaitText
          : busy
            ? (PROGRESS.find((item) => item.step === state.step)?.busy ?? '')
            : 'Review the price, then approve the transaction in your wallet. The HBAR and the tiger change hands in one ledger transaction.';

  return (
    <WriteDialog
      write={write}
      onClose={close}
      closeLabel="Close purchase"
      pendingNote={pendingNote}
      ownPendingNote
      title={title}
      description={description}
      tone={state.step === 'error' ? 'error' : state.step === 'success' ? 'success' : undefined}
      progressLabel="Purchase progress"
      progress={
        <>
          {(busy || state.step === 'waiting' || state.step === 'success') && <ProgressList step={state.step} />}
          {(state.step === 'completing' || state.step === 'waiting') && write && <LedgerWaitNotice since={write.since} />}
          <p className="sr-only" role="status" aria-live="polite">
            {busy && state.step !== 'completing'
              ? PROGRESS.find((item) => item.step === state.step)?.busy
              : state.step === 'success'
                ? 'Purchase successful'
                : ''}
          </p>
          {state.step === 'success' && state.transactionId && (
            <p className="rounded-lg bg-muted p-3 text-xs text-muted-foreground">
              Transaction <TransactionId transactionId={state.transactionId} />
            </p>
          )}
        </>
      }
      footer={
        <>
          {state.step === 'confirm' && (
            <>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button onClick={purchase} disabled={!wallet.isConnected || !signedIn || !listing}>
                {listing ? `Confirm Purchase · ${formatHbarPrice(listing.price)} HBAR` : 'Not Available'}
              </Button>
            </>
          )}
          {(busy || state.step === 'waiting') && (
            <Button variant="outline" onClick={close}>
              Close
            </Button>
          )}
          {(busy || state.step === 'waiting') && (
            <Button disabled aria-busy="true">
              <Spinner />
              {state.step === 'signing' || state.step === 'waiting' ? 'Check your wallet…' : state.step === 'completing' ? 'Completing…' : 'Preparing…'}
            </Button>
          )}
          {state.step === 'error' && (
            <>
              <Button variant="outline" onClick={close}>
                Close
              </Button>
              {state.error?.checkAgain ? (
                <Button onClick={() => id && checkWriteAgain(id)}>Check Again</Button>
              ) : state.error?.reconnect ? (
                <Button onClick={() => void reconnect()} disabled={wallet.isConnecting}>
                  {wallet.isConnecting ? 'Reconnecting…' : 'Reconnect Wallet'}
                </Button>
              ) : (
                <Button onClick={() => id && dismissWrite(id)}>Try Again</Button>
              )}
            </>
          )}
          {state.step === 'success' && <Button onClick={close}>Done</Button>}
        </>
      }
    >
      <div className="grid grid-cols-[96px_minmax(0,1fr)] items-start gap-4 sm:grid-cols-[120px_minmax(0,1fr)]">
        <div className="relative overflow-hidden rounded-lg border border-border">
          <NftMedia serial={card.serialId} image={card.image} name={card.name} variant="plain" />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">Tiger</dt>
          <dd className="font-semibold break-words">{card.name}</dd>
          <dt className="text-muted-foreground">Price</dt>
          <dd className="font-bold text-highlight tabular-nums">{listing ? `${formatHbarPrice(listing.price)} HBAR` : 'Not listed'}</dd>
          <dt className="text-muted-foreground">Rarity</dt>
          <dd className="flex flex-wrap items-center gap-1.5">
            <TierBadge tier={tier} />
            {card.rarityRank !== null && <span className="text-xs text-muted-foreground">{rankText(card.rarityRank)}</span>}
          </dd>
          {listing?.sellerAddress && (
            <>
              <dt className="text-muted-foreground">Seller</dt>
              <dd className="font-mono text-xs leading-5 break-all" title={listing.sellerAddress}>
                {formatAccountId(listing.sellerAddress)}
              </dd>
            </>
          )}
          {wallet.isAuthenticated && balances.isReady && balances.accountId === wallet.accountId && (
            <>
              <dt className="text-muted-foreground">Your balance</dt>
              <dd className="tabular-nums">{formatHbar(hbar)} HBAR</dd>
            </>
          )}
        </dl>
      </div>

      {state.step === 'confirm' && signIn === 'checking' && <SessionCheck placeholders={false} />}
      {state.step === 'confirm' && signIn === 'signed-out' && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-500/40 bg-amber-950/40 p-3 text-sm text-amber-100">
          <span>{PURCHASE_MESSAGES.signInFirst}</span>
          <Button size="sm" variant="outline" onClick={() => void authenticate()} disabled={wallet.isAuthenticating}>
            {wallet.isAuthenticating ? 'Signing in…' : 'Sign In'}
          </Button>
        </div>
      )}
      {state.step === 'confirm' && short && (
        <p className="rounded-lg border border-red-500/40 bg-red-950/40 p-3 text-sm text-red-200">
          Your HBAR balance looks lower than the price; the ledger will refuse the purchase.
        </p>
      )}
    </WriteDialog>
  );
}
