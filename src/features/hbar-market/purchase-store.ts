/**
 * HBAR purchases in progress in this browser: from the moment the wallet is asked to pay until the
 * server completed the sale (or the ledger says it never happened). Kept in localStorage, so a
 * purchase survives the dialog closing, a wallet that answers after the 45 s time-out, and a reload:
 * the page keeps completing it instead of ever preparing a second one.
 */
import { map } from 'nanostores';

/**
 * Where a purchase stands: 'wallet' (the wallet has not answered; its prompt may still be open),
 * 'ledger' (the wallet executed it; the ledger is settling it), 'stalled' (the ledger took longer
 * than the page waits; checking again is up to the user).
 */
export type PurchasePhase = 'wallet' | 'ledger' | 'stalled';

export interface PurchaseInProgress {
  accountId: string;
  serialId: number;
  name: string;
  saleVerificationCode: string;
  /** The listing's price in HBAR (absent from purchases stored before it was kept). */
  priceHbar?: number;
  /** The id frozen into the purchase transaction, when the bytes carried one. */
  transactionId: string | null;
  phase: PurchasePhase;
  /** When the current phase began (ms since the epoch), for the elapsed time shown. */
  since: number;
}

const STORAGE_KEY = 'wildTigers.hbarPurchases';

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

function isPurchase(value: unknown): value is PurchaseInProgress {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.accountId === 'string' &&
    typeof item.serialId === 'number' &&
    typeof item.name === 'string' &&
    typeof item.saleVerificationCode === 'string' &&
    (item.phase === 'wallet' || item.phase === 'ledger' || item.phase === 'stalled') &&
    typeof item.since === 'number'
  );
}

function load(): Record<string, PurchaseInProgress> {
  try {
    const stored = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]') as unknown;
    const list = Array.isArray(stored) ? stored.filter(isPurchase) : [];
    return Object.fromEntries(list.map((purchase) => [purchase.saleVerificationCode, purchase]));
  } catch {
    return {};
  }
}

/** The purchases in progress, by verification code. */
export const $purchasesInProgress = map<Record<string, PurchaseInProgress>>(load());

function save(next: Record<string, PurchaseInProgress>): void {
  $purchasesInProgress.set(next);
  try {
    const list = Object.values(next);
    if (list.length) storage()?.setItem(STORAGE_KEY, JSON.stringify(list));
    else storage()?.removeItem(STORAGE_KEY);
  } catch {
    // No storage (private mode): the purchase is still followed while the page stays open.
  }
}

/** Starts following a purchase (or replaces what is known of it). */
export function rememberPurchase(purchase: PurchaseInProgress): void {
  save({ ...$purchasesInProgress.get(), [purchase.saleVerificationCode]: purchase });
}

/** Moves a followed purchase to `phase` (its elapsed time starts again). */
export function setPurchasePhase(saleVerificationCode: string, phase: PurchasePhase, now = Date.now()): void {
  const current = $purchasesInProgress.get()[saleVerificationCode];
  if (!current || current.phase === phase) return;
  save({ ...$purchasesInProgress.get(), [saleVerificationCode]: { ...current, phase, since: now } });
}

/** Stops following a purchase: it completed, or the ledger says it never happened. */
export function forgetPurchase(saleVerificationCode: string): void {
  const { [saleVerificationCode]: _gone, ...rest } = $purchasesInProgress.get();
  if (_gone) save(rest);
}

/** The purchases in progress of `accountId`, oldest first. */
export function purchasesOf(accountId: string | null | undefined, all = $purchasesInProgress.get()): PurchaseInProgress[] {
  if (!accountId) return [];
  return Object.values(all)
    .filter((purchase) => purchase.accountId === accountId)
    .sort((a, b) => a.since - b.since);
}

/** Test seam: reads the stored purchases again (as a reload does). */
export function reloadPurchases(): void {
  $purchasesInProgress.set(load());
}
