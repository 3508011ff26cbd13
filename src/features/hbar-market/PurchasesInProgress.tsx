import { useEffect } from 'react';
import { Button } from '@/components/ui/Button';
import { LedgerWaitNotice } from '../ledger/LedgerWaitNotice';
import { $wallet } from '../wallet/wallet-store';
import { completePurchase, resumePurchases } from './market-client';
import { PURCHASE_MESSAGES } from './purchase-machine';
import { useIslandStore } from '../../lib/use-island-store';
import { $purchasesInProgress, type PurchaseInProgress, purchasesOf } from './purchase-store';

/** The server renders the page without the browser's stored purchases. */
const NONE_ON_SERVER: Record<string, PurchaseInProgress> = {};

/**
 * The signed-in buyer's HBAR purchases still in progress (the dialog was closed, the wallet
 * answered late, or the page reloaded): each is completed in the background, with its wait shown,
 * and one the ledger is slow to confirm can be checked again. `hiddenSerial`'s is in the open dialog.
 */
export function PurchasesInProgress({ hiddenSerial }: { hiddenSerial: number | null }) {
  const wallet = useIslandStore($wallet);
  const all = useIslandStore($purchasesInProgress, NONE_ON_SERVER);
  const signedIn = wallet.isAuthenticated ? wallet.accountId : null;

  useEffect(() => {
    if (signedIn) resumePurchases(signedIn);
  }, [signedIn]);

  const shown = purchasesOf(signedIn, all).filter((purchase) => purchase.serialId !== hiddenSerial);
  if (!shown.length) return null;
  return (
    <ul className="grid gap-2" aria-label="Purchases in progress">
      {shown.map((purchase) => (
        <li
          key={purchase.saleVerificationCode}
          className="flex flex-col gap-2 rounded-xl border border-primary/30 bg-amber-950/30 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="grid gap-1">
            <p className="text-sm font-semibold text-amber-100">
              {purchase.phase === 'wallet' ? `Your purchase of ${purchase.name} waits for your wallet` : `Completing your purchase of ${purchase.name}`}
            </p>
            {purchase.phase === 'stalled' ? (
              <p className="text-sm text-muted-foreground">{PURCHASE_MESSAGES.stalledText}</p>
            ) : (
              <LedgerWaitNotice since={purchase.since} />
            )}
          </div>
          {purchase.phase === 'stalled' && (
            <Button
              size="sm"
              className="self-start sm:self-auto"
              onClick={() => void completePurchase(purchase.saleVerificationCode, purchase.name).catch(() => undefined)}
            >
              Check Again
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
