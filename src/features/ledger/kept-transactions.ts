/**
 * What the browser keeps of its transactions, per account: what a flow needs to finish after a
 * late wallet answer, a closed dialog or a reload (the pending action: the transaction frozen for
 * the wallet and what it was for, in localStorage), and the account's recent transactions that the
 * mirror node may not show yet (a sync or an avatar change waits for them; in sessionStorage).
 * Each is forgotten once its transaction can no longer reach the ledger. Small on purpose: the tray
 * of writes in progress reads it on every page.
 */
import { visibleUntil } from './transaction-visibility';

/**
 * Pending actions whose shape a feature above declares (module augmentation), so this module knows
 * no market's types: the PAWS offers add `offer` (offer-client.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the features' `declare module` blocks.
export interface DeclaredPendingActions {}

/** What a flow needs to finish once its wallet transaction reaches the ledger, even if the wallet answered late. */
export type PendingAction =
  | DeclaredPendingActions[keyof DeclaredPendingActions]
  | { kind: 'listing'; accountId: string; serialNumber: number; pendingListingId: string; transactionId: string; price: string; name?: string }
  | {
      kind: 'purchase';
      accountId: string;
      listingId: string;
      transactionId: string;
      name?: string;
      serialNumber?: number;
      price?: string;
      /** The buyer's offers they let lapse for this purchase. */
      lapseOffers?: string[];
    }
  | { kind: 'unlist'; accountId: string; serialNumber: number; transactionId: string; name: string }
  | { kind: 'accept'; accountId: string; offerId: string; serialNumber: number; transactionId: string; price: string }
  | { kind: 'allowance'; accountId: string; transactionId: string; amount: string }
  /** An HBAR purchase: the market's sale (its verification code) and the payment frozen for the wallet. */
  | { kind: 'hbar-purchase'; accountId: string; serialNumber: number; saleVerificationCode: string; transactionId: string; name: string; priceHbar: number };

const PENDING_KEY = 'wildTigers.pendingLedgerActions';
const RECENT_KEY = 'wildTigers.recentTransactions';

function readList<T extends { transactionId: string }>(storage: Storage | undefined, key: string): T[] {
  try {
    const list = JSON.parse(storage?.getItem(key) ?? '[]') as T[];
    return Array.isArray(list) ? list.filter((entry) => visibleUntil(entry.transactionId) > Date.now()) : [];
  } catch {
    return [];
  }
}

function writeList(storage: Storage | undefined, key: string, list: readonly unknown[]): void {
  if (list.length) storage?.setItem(key, JSON.stringify(list));
  else storage?.removeItem(key);
}

const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/** Keeps a pending action until its transaction settles or can no longer reach the ledger (survives a reload). */
export function savePendingAction(action: PendingAction): void {
  writeList(local(), PENDING_KEY, [...readList<PendingAction>(local(), PENDING_KEY).filter((entry) => entry.transactionId !== action.transactionId), action]);
}

/** The pending actions of one kind of this account (wallet transactions the page has not yet seen on the ledger). */
export function pendingActions<Kind extends PendingAction['kind']>(kind: Kind, accountId: string): Extract<PendingAction, { kind: Kind }>[] {
  return readList<PendingAction>(local(), PENDING_KEY).filter(
    (entry): entry is Extract<PendingAction, { kind: Kind }> => entry.kind === kind && entry.accountId === accountId,
  );
}

/** The pending listings of this account (approvals the page has not yet seen on the ledger). */
export const pendingListings = (accountId: string) => pendingActions('listing', accountId);

/** The pending listing of this account's serial, if one waits for the ledger. */
export function pendingListing(accountId: string, serialNumber: number): Extract<PendingAction, { kind: 'listing' }> | undefined {
  return pendingListings(accountId).find((entry) => entry.serialNumber === serialNumber);
}

/** The pending purchases of this account (allowance approvals the page has not yet seen on the ledger). */
export const pendingPurchases = (accountId: string) => pendingActions('purchase', accountId);

/** The pending purchase (an allowance approval waiting for the ledger) of this account and listing, if any. */
export function pendingPurchase(accountId: string, listingId: string): Extract<PendingAction, { kind: 'purchase' }> | undefined {
  return pendingPurchases(accountId).find((entry) => entry.listingId === listingId);
}

/** Forgets a pending action once it finished (or can never finish). */
export function clearPendingAction(transactionId: string): void {
  writeList(
    local(),
    PENDING_KEY,
    readList<PendingAction>(local(), PENDING_KEY).filter((entry) => entry.transactionId !== transactionId),
  );
}

/** Notes a transaction of the account that the mirror node may not show yet. */
export function rememberTransaction(accountId: string, transactionId: string): void {
  const list = readList<{ accountId: string; transactionId: string }>(session(), RECENT_KEY).filter((entry) => entry.transactionId !== transactionId);
  writeList(session(), RECENT_KEY, [...list, { accountId, transactionId }].slice(-5));
}

/** Forgets a transaction once the mirror node showed it. */
export function forgetTransaction(transactionId: string): void {
  writeList(
    session(),
    RECENT_KEY,
    readList<{ accountId: string; transactionId: string }>(session(), RECENT_KEY).filter((entry) => entry.transactionId !== transactionId),
  );
}

/** The account's transactions the mirror node may not show yet, for the server to wait for before it reads the account's tigers. */
export function recentTransactionIds(accountId: string): string[] {
  return readList<{ accountId: string; transactionId: string }>(session(), RECENT_KEY)
    .filter((entry) => entry.accountId === accountId)
    .map((entry) => entry.transactionId);
}
