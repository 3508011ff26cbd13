/**
 * The PAWS cart of the signed-in account: the listings it chose to buy at once, kept in this
 * browser per account (across pages, reloads and tabs) until they are bought, dropped or removed.
 * What it holds is what the listing said when it was added; the checkout reads each afresh.
 */
import { atom, computed } from 'nanostores';
import { formatUnits, parseUnits } from '@/features/balances/units';
import { MAX_CART_ITEMS } from '@/features/paws-market/cart-rules';
import { $wallet } from '@/features/wallet/wallet-store';

/** One listing in the cart, as its card showed it. */
export interface CartLine {
  listingId: string;
  serialNumber: number;
  nftName: string;
  nftImage: string;
  pawsPrice: string;
  sellerId: string;
  rarityRank: number | null;
}

/** The write of one account's checkout (one at a time). */
export const checkoutWriteId = (buyer: string) => `paws-checkout:${buyer}`;

const STORAGE_PREFIX = 'wild-tigers:paws-cart:';
const storageKey = (accountId: string) => `${STORAGE_PREFIX}${accountId}`;

/** Decimals enough for any listed price (prices have at most 2; PAWS itself fewer than 18). */
const SUM_DECIMALS = 18;

/** The sum of the lines' prices, as a decimal string of whole PAWS ('1250.5'). */
export function cartTotal(lines: readonly Pick<CartLine, 'pawsPrice'>[]): string {
  return formatUnits(
    lines.reduce((sum, line) => sum + (parseUnits(line.pawsPrice, SUM_DECIMALS) ?? 0n), 0n),
    SUM_DECIMALS,
  );
}

/** Bumped on every change here or in another tab, so the cart is read again. */
const $changes = atom(0);

function isLine(value: unknown): value is CartLine {
  const line = value as Partial<CartLine> | null;
  return (
    !!line &&
    typeof line.listingId === 'string' &&
    typeof line.serialNumber === 'number' &&
    typeof line.nftName === 'string' &&
    typeof line.pawsPrice === 'string' &&
    typeof line.sellerId === 'string'
  );
}

/** The account's cart as this browser keeps it (empty when nothing is kept, or it cannot be read). */
export function readCart(accountId: string | null | undefined): CartLine[] {
  if (!accountId || typeof localStorage === 'undefined') return [];
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(storageKey(accountId)) ?? '[]');
    return Array.isArray(kept) ? kept.filter(isLine).slice(0, MAX_CART_ITEMS) : [];
  } catch {
    return [];
  }
}

function writeCart(accountId: string, lines: readonly CartLine[]): void {
  try {
    if (lines.length) localStorage.setItem(storageKey(accountId), JSON.stringify(lines));
    else localStorage.removeItem(storageKey(accountId));
  } finally {
    $changes.set($changes.get() + 1);
  }
}

/** The signed-in account's cart. */
export const $cart = computed([$wallet, $changes], (wallet) => readCart(wallet.accountId));

/** Adds a listing to the account's cart: 'full' at MAX_CART_ITEMS, 'present' when it is in already. */
export function addToCart(accountId: string, line: CartLine): 'added' | 'present' | 'full' {
  const lines = readCart(accountId);
  if (lines.some((entry) => entry.listingId === line.listingId)) return 'present';
  if (lines.length >= MAX_CART_ITEMS) return 'full';
  writeCart(accountId, [...lines, line]);
  return 'added';
}

/** Fills the account's cart with `lines` in place of what it held (a sweep of the floor). */
export function replaceCart(accountId: string, lines: readonly CartLine[]): void {
  writeCart(accountId, lines.slice(0, MAX_CART_ITEMS));
}

/** Takes listings out of the account's cart. */
export function removeFromCart(accountId: string, listingIds: readonly string[]): void {
  const gone = new Set(listingIds);
  writeCart(
    accountId,
    readCart(accountId).filter((line) => !gone.has(line.listingId)),
  );
}

// Another tab changed a cart: read it again.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith(STORAGE_PREFIX)) $changes.set($changes.get() + 1);
  });
}
