import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useIslandStore } from '@/lib/use-island-store';
import { $cart, checkoutWriteId } from './cart-store';
import { CartPanel } from './lazy-dialogs';
import { $writes, NO_WRITES } from '@/features/writes/write-store';
import { isUnderWay } from '@/features/writes/write-progress';
import { $wallet } from '@/features/wallet/wallet-store';
import { $reopenWrite, hostWriteDialogs, writeKind } from '@/features/writes/reopen-write';

/** The cart's button (how many tigers it holds, 'Checking out…' while one goes on), which opens the cart. */
export function CartButton() {
  const lines = useIslandStore($cart, []);
  const wallet = useStore($wallet);
  const writes = useIslandStore($writes, NO_WRITES);
  const [open, setOpen] = useState(false);
  const reopen = useStore($reopenWrite);
  // Sent here to see the cart (from the tiger view on another page): it opens, and the hash goes.
  useEffect(() => {
    if (window.location.hash !== '#cart') return;
    setOpen(true);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  // The tray's link to a checkout (under way, or its outcome): the cart opens on it.
  useEffect(() => hostWriteDialogs(['paws-checkout']), []);
  useEffect(() => {
    if (!reopen || writeKind(reopen) !== 'paws-checkout') return;
    $reopenWrite.set(null);
    setOpen(true);
  }, [reopen]);
  const checkingOut = !!wallet.accountId && isUnderWay(writes[checkoutWriteId(wallet.accountId)]);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="cart-button">
        {checkingOut ? 'Checking out…' : `Cart (${lines.length})`}
      </Button>
      <CartPanel open={open ? true : null} onClose={() => setOpen(false)} />
    </>
  );
}
