import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { errorText } from '@/lib/api/error-text';
import { formatPaws } from '@/lib/format';
import { $balances } from '@/features/balances/balance-store';
import { insufficientPawsMessage } from '@/features/paws-market/listing';
import { pawsViewFromQuery } from '@/features/paws-market/listings-view-rules';
import { NftMedia } from '@/features/tiger/NftMedia';
import { $wallet } from '@/features/wallet/wallet-store';
import { useWriteDialog } from '@/features/writes/use-writes';
import { WriteDialog } from '@/features/writes/WriteDialog';
import { isUnderWay } from '@/features/writes/write-progress';
import { CartFees } from './CartFees';
import { SweepForm } from './SweepForm';
import { cartLine, sweepListings, sweepText, type SweepAsk } from './cart-client';
import { $cart, cartTotal, checkoutWriteId, removeFromCart, replaceCart } from './cart-store';
import { startCheckout } from './checkout-write';
import { usePurchaseQuote } from '@/features/paws-market/use-purchase-quote';
import { fundingText } from '@/features/paws-market/allowance-ask';

/** Closing the cart while it checks out: the checkout goes on. */
const PENDING_NOTE = 'You can close this window: the checkout goes on, and the bar at the bottom of the page shows it until it is done.';

/**
 * The PAWS cart: each tiger with its price and the royalty its seller pays, the total, a sweep of
 * the floor that fills it with the cheapest listings, and the checkout (checkout-write.ts) shown
 * step by step. Closing it does not stop a checkout; opened again it shows the one under way.
 */
export function CartPanel({ open, onClose }: { open: true | null; onClose: () => void }) {
  const wallet = useStore($wallet);
  const balances = useStore($balances);
  const lines = useStore($cart);
  const buyer = wallet.accountId;
  const writeId = open && buyer ? checkoutWriteId(buyer) : null;
  const { write, close: endWrite } = useWriteDialog(writeId, () => undefined);
  const [sweeping, setSweeping] = useState<string | null>(null);
  // What checking out asks of the allowance as the cart stands, said before the wallet opens (read again as the cart changes).
  const quote = usePurchaseQuote(buyer, open ? lines.map((line) => line.listingId) : [], !isUnderWay(write));

  if (!open || !buyer) return null;
  const total = cartTotal(lines);
  const busy = isUnderWay(write);
  const insufficient = balances.isReady && Number(balances.pawsBalance) < Number(total);

  function close(): void {
    endWrite();
    onClose();
  }

  async function sweep(ask: SweepAsk): Promise<void> {
    if (!buyer) return;
    setSweeping('Finding the cheapest listings…');
    try {
      const found = await sweepListings(buyer, ask);
      // Nothing matching leaves the cart as it was: a sweep never empties it.
      if (found.listings.length) replaceCart(buyer, found.listings.map(cartLine));
      setSweeping(sweepText(ask.count, found.listings.length, found.short));
    } catch (failure) {
      setSweeping(errorText(failure, 'Failed to find the cheapest listings'));
    }
  }

  const traits = typeof window === 'undefined' ? {} : pawsViewFromQuery(window.location.search).traits;

  return (
    <WriteDialog
      write={write}
      onClose={close}
      closeLabel="Close cart"
      pendingNote={PENDING_NOTE}
      maxWidth="max-w-2xl"
      title="Your cart"
      description={
        lines.length
          ? `${lines.length} ${lines.length === 1 ? 'tiger' : 'tigers'} · ${formatPaws(total)} PAWS, settled together on the ledger: each transfer all or nothing.`
          : 'Add PAWS listings from their cards, or sweep the floor.'
      }
      progressLabel="Checkout progress"
      actions={
        !busy && (
          <Button size="fit" wrap onClick={() => void startCheckout(buyer, lines)} disabled={!lines.length || !balances.isReady || insufficient}>
            {lines.length ? `Checkout ${lines.length} for ${formatPaws(total)} PAWS` : 'Checkout'}
          </Button>
        )
      }
    >
      {!busy && <SweepForm traits={traits} onSweep={(ask) => void sweep(ask)} />}
      {sweeping && (
        <p className="text-sm text-muted-foreground" role="status" data-testid="sweep-status">
          {sweeping}
        </p>
      )}

      {lines.length > 0 && (
        <ul className="grid gap-2" aria-label="Tigers in your cart" data-testid="cart-lines">
          {lines.map((line) => (
            <li key={line.listingId} className="grid grid-cols-[56px_minmax(0,1fr)_auto] items-center gap-3 rounded-lg border border-border p-2">
              <NftMedia serial={line.serialNumber} image={line.nftImage} name={line.nftName} className="rounded-md" />
              <div className="min-w-0">
                <p className="font-semibold wrap-anywhere">{line.nftName}</p>
                <p className="text-sm tabular-nums">{formatPaws(line.pawsPrice)} PAWS</p>
                <CartFees price={line.pawsPrice} sellerId={line.sellerId} buyerId={buyer} />
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => removeFromCart(buyer, [line.listingId])}
                aria-label={`Remove ${line.nftName} from the cart`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}

      {lines.length > 0 && (
        <p className="flex justify-between border-t border-border pt-3 font-semibold">
          <span>Total</span>
          <span className="tabular-nums" data-testid="cart-total">
            {formatPaws(total)} PAWS
          </span>
        </p>
      )}
      {lines.length > 0 && !busy && insufficient && (
        <p className="text-sm text-red-400" role="alert">
          {insufficientPawsMessage(Number(total), Number(balances.pawsBalance))}
        </p>
      )}
      {lines.length > 0 && !busy && !insufficient && (
        <div className="grid gap-1 text-xs text-muted-foreground">
          {quote.state === 'read' && <p data-testid="allowance-ask">{fundingText(quote.quote.funding, 'this cart')}</p>}
          <p>
            Checkout reads every tiger again first: if one sold or changed price, you see what changed and the new total before your wallet is asked for
            anything.
          </p>
        </div>
      )}
    </WriteDialog>
  );
}
