/**
 * The HBAR purchases in progress (purchase-store.ts, kept in localStorage and completed by
 * market-client.ts) shown as writes: the tray of writes in progress keeps them in view on every
 * page, with 'Check again' when the ledger is slow, while this page completes them. Loaded by the
 * HBAR marketplace, and by resume-writes.ts on any page where the signed-in buyer has one stored.
 */
import { formatHbarPrice } from '@/lib/format';
import { $writes } from '../writes/write-store';
import { beginWrite, claimForDialog, dismissWrite, stallWrite, updateWrite } from '../writes/write-progress';
import { completePurchase, resumePurchases } from './market-client';
import { $purchasesInProgress, type PurchaseInProgress, purchasesOf } from './purchase-store';

/** The write of one HBAR purchase (by its sale verification code). */
export const hbarPurchaseWriteId = (saleVerificationCode: string) => `hbar-purchase:${saleVerificationCode}`;

/** The steps of the HBAR purchase dialog (spec 000 §4), as the tray and the dialog list them. */
export const HBAR_PURCHASE_STEPS = ['Prepare the purchase', 'Approve in your wallet', 'Confirm on the ledger'] as const;

let stopFollowing: (() => void) | null = null;
let followedAccount: string | null = null;

function show(purchase: PurchaseInProgress): void {
  const id = hbarPurchaseWriteId(purchase.saleVerificationCode);
  if (!$writes.get()[id]) {
    const price = purchase.priceHbar === undefined ? '' : ` for ${formatHbarPrice(purchase.priceHbar)} HBAR`;
    beginWrite({ id, accountId: purchase.accountId, title: `Buying ${purchase.name}${price}`, serial: purchase.serialId, steps: HBAR_PURCHASE_STEPS });
  }
  const step = $writes.get()[id]?.step;
  if (purchase.phase === 'stalled') {
    if (step !== 'stalled') stallWrite(id, () => void completePurchase(purchase.saleVerificationCode, purchase.name).catch(() => undefined));
  } else if (step !== purchase.phase) updateWrite(id, purchase.phase);
}

/**
 * Shows `accountId`'s HBAR purchases in progress as writes until each ends (completed, or the
 * ledger's word that it never happened: its toast says which), and completes them in this page.
 */
export function followHbarPurchases(accountId: string): void {
  if (followedAccount === accountId) return;
  stopFollowing?.();
  followedAccount = accountId;
  let shown = new Set<string>();
  const unsubscribe = $purchasesInProgress.subscribe((all) => {
    const current = purchasesOf(accountId, all);
    for (const purchase of current) show(purchase);
    const now = new Set(current.map((purchase) => hbarPurchaseWriteId(purchase.saleVerificationCode)));
    for (const id of shown) if (!now.has(id)) dismissWrite(id);
    shown = now;
  });
  // Another account followed next: this one's are no longer shown (they are shown again when it comes back).
  stopFollowing = () => {
    unsubscribe();
    for (const id of shown) dismissWrite(id);
  };
  resumePurchases(accountId);
}

/** While the purchase dialog shows purchase `saleVerificationCode`, the tray leaves it to the dialog. */
export function showInDialog(saleVerificationCode: string | null): () => void {
  return saleVerificationCode ? claimForDialog(hbarPurchaseWriteId(saleVerificationCode)) : () => undefined;
}
